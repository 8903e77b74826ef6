import { describe, expect, it } from 'vitest';
import type { SchemaObject } from '../../../../../src/core/types.js';
import { gen, makeDoc, ref } from './helpers.js';

const doc = makeDoc({
  Pet: {
    type: 'object',
    required: ['petType', 'name'],
    properties: { petType: { type: 'string' }, name: { type: 'string' } },
    discriminator: { propertyName: 'petType', mapping: { kitty: '#/components/schemas/Cat' } },
  },
  Cat: {
    allOf: [
      ref('Pet'),
      { type: 'object', properties: { indoor: { type: 'boolean' } }, required: ['indoor'] },
    ],
  },
  Dog: {
    allOf: [
      ref('Pet'),
      {
        type: 'object',
        properties: { bark: { type: 'string', enum: ['woof'] } },
        required: ['bark'],
      },
    ],
  },
  Base: {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'integer', minimum: 1 }, kind: { type: 'string' } },
  },
  Card: {
    type: 'object',
    required: ['type', 'last4'],
    properties: {
      type: { type: 'string', enum: ['card'] },
      last4: { type: 'string', pattern: '^\\d{4}$' },
    },
  },
  Bank: {
    type: 'object',
    required: ['type', 'iban'],
    properties: { type: { type: 'string', enum: ['bank'] }, iban: { type: 'string' } },
  },
});
const SEEDS = ['a', 'b', 'c', 'd'];

type Case = [string, { given: SchemaObject; want: (value: never) => boolean }];

function run(cases: Case[]) {
  it.each(cases)('%s', (_name, { given, want }) => {
    for (const seed of SEEDS) {
      const value = gen(doc, given, { seed });
      expect(want(value as never), JSON.stringify(value)).toBe(true);
    }
  });
}

type Obj = Record<string, unknown>;

describe('allOf', () => {
  run([
    [
      'merges properties and required',
      {
        given: {
          allOf: [ref('Base'), { properties: { extra: { type: 'string' } }, required: ['extra'] }],
        },
        want: (v: Obj) => Number.isInteger(v.id) && typeof v.extra === 'string',
      },
    ],
    [
      'inherited properties come first',
      {
        given: { allOf: [ref('Base'), { properties: { extra: { type: 'string' } } }] },
        want: (v: Obj) => Object.keys(v).join() === 'id,kind,extra',
      },
    ],
    [
      'tightens numeric constraints',
      {
        given: { allOf: [{ type: 'integer', minimum: 3 }, { maximum: 4 }, { minimum: 4 }] },
        want: (v: number) => v === 4,
      },
    ],
    [
      'intersects enums',
      {
        given: { allOf: [{ enum: ['a', 'b', 'c'] }, { enum: ['c', 'd'] }] },
        want: (v: string) => v === 'c',
      },
    ],
    [
      'nested allOf through refs',
      {
        given: { allOf: [{ allOf: [ref('Cat')] }, { properties: { name: { maxLength: 3 } } }] },
        want: (v: Obj) => (v.name as string).length <= 3 && v.indoor !== undefined,
      },
    ],
    [
      'same property on both sides',
      {
        given: {
          allOf: [
            { properties: { p: { type: 'integer', minimum: 10 } } },
            { properties: { p: { maximum: 10 } }, required: ['p'] },
          ],
        },
        want: (v: Obj) => v.p === 10,
      },
    ],
    [
      'additionalProperties: false on one side',
      {
        given: {
          allOf: [
            { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
            { properties: { b: { type: 'string' } } },
          ],
        },
        want: (v: Obj) => Object.keys(v).join() === 'a',
      },
    ],
  ]);
});

describe('oneOf / anyOf', () => {
  run([
    [
      'oneOf: first branch',
      {
        given: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
        want: (v: unknown) => typeof v === 'string',
      },
    ],
    [
      'oneOf: exclusivity (number vs integer)',
      {
        given: { oneOf: [{ type: 'number' }, { type: 'integer' }] },
        want: (v: number) => !Number.isInteger(v),
      },
    ],
    [
      'oneOf: first branch impossible with siblings',
      {
        given: {
          type: 'object',
          required: ['a'],
          properties: { a: { type: 'integer' } },
          oneOf: [{ properties: { a: { type: 'string' } } }, { properties: { a: { minimum: 0 } } }],
        },
        want: (v: Obj) => Number.isInteger(v.a),
      },
    ],
    [
      'oneOf: null branch is not preferred',
      {
        given: { oneOf: [{ type: 'null' } as SchemaObject, ref('Base')] },
        want: (v: Obj) => v !== null && Number.isInteger(v.id),
      },
    ],
    [
      'oneOf: object branches distinguished by enum',
      {
        given: { oneOf: [ref('Card'), ref('Bank')] },
        want: (v: Obj) => v.type === 'card' && /^\d{4}$/.test(v.last4 as string),
      },
    ],
    [
      'anyOf: first branch merged with siblings',
      {
        given: {
          type: 'object',
          properties: { id: { type: 'integer' } },
          anyOf: [{ required: ['x'] }, { required: ['y'] }],
        },
        want: (v: Obj) => 'x' in v,
      },
    ],
    [
      'anyOf of scalars',
      {
        given: { anyOf: [{ type: 'integer', minimum: 5, maximum: 5 }, { type: 'string' }] },
        want: (v: unknown) => v === 5,
      },
    ],
    [
      'nested oneOf in a branch',
      {
        given: {
          oneOf: [{ oneOf: [{ type: 'boolean' }, { type: 'string' }] }, { type: 'integer' }],
        },
        want: (v: unknown) => typeof v === 'boolean',
      },
    ],
  ]);
});

describe('discriminator', () => {
  run([
    [
      'set from the mapping key',
      {
        given: {
          oneOf: [ref('Cat'), ref('Dog')],
          discriminator: {
            propertyName: 'petType',
            mapping: { kitty: '#/components/schemas/Cat', doggo: '#/components/schemas/Dog' },
          },
        },
        want: (v: Obj) => v.petType === 'kitty' && typeof v.indoor === 'boolean',
      },
    ],
    [
      'set from the schema name without a mapping',
      {
        given: { oneOf: [ref('Dog'), ref('Cat')], discriminator: { propertyName: 'petType' } },
        want: (v: Obj) => v.petType === 'Dog' && v.bark === 'woof',
      },
    ],
    [
      'mapping by bare name',
      {
        given: {
          oneOf: [ref('Dog')],
          discriminator: { propertyName: 'petType', mapping: { hound: 'Dog' } },
        },
        want: (v: Obj) => v.petType === 'hound',
      },
    ],
    [
      'subtype through allOf names itself (parent mapping)',
      { given: ref('Cat'), want: (v: Obj) => v.petType === 'kitty' },
    ],
    [
      'subtype through allOf, no mapping entry',
      { given: ref('Dog'), want: (v: Obj) => v.petType === 'Dog' },
    ],
    [
      'anyOf with discriminator',
      {
        given: { anyOf: [ref('Dog'), ref('Cat')], discriminator: { propertyName: 'petType' } },
        want: (v: Obj) => v.petType === 'Dog',
      },
    ],
  ]);
});

describe('not', () => {
  run([
    [
      'not enum',
      {
        given: { type: 'string', enum: ['a', 'b', 'c'], not: { enum: ['a', 'b'] } },
        want: (v: string) => v === 'c',
      },
    ],
    [
      'not type without a type',
      { given: { not: { type: 'string' } }, want: (v: unknown) => typeof v !== 'string' },
    ],
    [
      'not const on integers',
      {
        given: { type: 'integer', minimum: 1, maximum: 2, not: { const: 1 } },
        want: (v: number) => v === 2,
      },
    ],
    [
      'not required on objects',
      {
        given: { type: 'object', properties: { a: { type: 'string' } }, not: { required: ['b'] } },
        want: (v: Obj) => !('b' in v),
      },
    ],
  ]);
});
