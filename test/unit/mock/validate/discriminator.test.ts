import { describe, expect, it } from 'vitest';
import {
  branchesFor,
  findDiscriminator,
} from '../../../../src/core/engine/validate/discriminator.js';
import type { JsonSchema } from '../../../../src/core/engine/validate/types.js';

const typed = (property: string, values: unknown): JsonSchema => ({
  type: 'object',
  required: [property],
  properties: { [property]: Array.isArray(values) ? { enum: values } : { const: values } },
});

const root = {
  $defs: {
    Creation: typed('type', 'creation'),
    Update: typed('type', 'update'),
    Alias: { $ref: '#/$defs/Update' },
  },
} as JsonSchema;

describe('findDiscriminator', () => {
  it.each([
    [
      'a const per branch',
      [typed('type', 'a'), typed('type', 'b')],
      {
        property: 'type',
        branches: [
          ['a', [0]],
          ['b', [1]],
        ],
      },
    ],
    [
      'enums, a value allowed in two branches',
      [typed('kind', ['x', 'y']), typed('kind', ['y', 'z'])],
      {
        property: 'kind',
        branches: [
          ['x', [0]],
          ['y', [0, 1]],
          ['z', [1]],
        ],
      },
    ],
    [
      'branches by $ref, through an alias',
      [{ $ref: '#/$defs/Creation' }, { $ref: '#/$defs/Alias' }],
      {
        property: 'type',
        branches: [
          ['creation', [0]],
          ['update', [1]],
        ],
      },
    ],
    ['no property in common', [typed('a', 1), typed('b', 2)], undefined],
    ['a branch without it (nullable)', [typed('type', 'a'), { type: 'null' }], undefined],
    [
      'a property not required',
      [typed('type', 'a'), { type: 'object', properties: { type: { const: 'b' } } }],
      undefined,
    ],
    ['a single branch', [typed('type', 'a')], undefined],
  ])('%s', (_name, branches, want) => {
    const found = findDiscriminator(branches as JsonSchema[], root);
    expect(found && { property: found.property, branches: [...found.branches] }).toEqual(want);
  });
});

describe('branchesFor', () => {
  const discriminator = findDiscriminator([typed('type', 'a'), typed('type', 'b')], root);
  it.each([
    ['its value', { type: 'b' }, [1]],
    ['a value no branch allows', { type: 'c' }, undefined],
    ['no value', {}, undefined],
    ['an object value', { type: { a: 1 } }, undefined],
    ['not an object', 'a', undefined],
    ['a list', [{ type: 'a' }], undefined],
  ])('%s', (_name, data, want) => {
    expect(branchesFor(discriminator, data)).toEqual(want);
  });
});
