import { describe, expect, it } from 'vitest';
import type { SchemaObject } from '../../../../../src/core/types.js';
import { conforms, generate } from '../../../../../src/core/engine/generate/index.js';
import { gen, makeDoc, ref } from './helpers.js';

const doc = makeDoc({
  Money: {
    type: 'object',
    required: ['amount'],
    properties: { amount: { type: 'number' }, currency: { type: 'string' } },
    example: { amount: 9.99, currency: 'EUR' },
  },
  Stale: {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'integer' } },
    example: { id: 'renamed-to-uuid' },
  },
});

describe('values written in the spec', () => {
  it.each([
    ['const', { given: { type: 'string', const: 'fixed' }, want: 'fixed' }],
    ['3.0 example', { given: { type: 'integer', example: 42 }, want: 42 }],
    ['3.1 examples: the first', { given: { type: 'integer', examples: [7, 8] }, want: 7 }],
    ['example beats default', { given: { type: 'integer', example: 1, default: 2 }, want: 1 }],
    [
      'stale example ignored, default used',
      { given: { type: 'integer', example: 'x', default: 2 }, want: 2 },
    ],
    [
      'stale default ignored',
      { given: { type: 'integer', minimum: 10, maximum: 10, default: 2 }, want: 10 },
    ],
    [
      'null default on a nullable field is not used',
      {
        given: { type: 'integer', nullable: true, minimum: 5, maximum: 5, default: null },
        want: 5,
      },
    ],
    ['const beats example', { given: { const: 3, example: 4 }, want: 3 }],
    [
      'enum: the only non-null member',
      { given: { type: 'string', enum: [null, 'only'], nullable: true }, want: 'only' },
    ],
    ['enum: null when it is the only member', { given: { enum: [null] }, want: null }],
    [
      'enum: members of the wrong type skipped',
      { given: { type: 'string', enum: [1, 'ok'] }, want: 'ok' },
    ],
    [
      'object example through a ref',
      { given: ref('Money'), want: { amount: 9.99, currency: 'EUR' } },
    ],
    [
      '3.1 example next to a ref wins',
      { given: { ...ref('Money'), example: { amount: 1 } }, want: { amount: 1 } },
    ],
  ] as [string, { given: SchemaObject; want: unknown }][])('%s', (_name, { given, want }) => {
    expect(gen(doc, given)).toEqual(want);
  });

  it('generates instead of using a stale object example', () => {
    const value = gen(doc, ref('Stale')) as { id: unknown };
    expect(Number.isInteger(value.id)).toBe(true);
  });

  it('picks enum members deterministically but spread over seeds', () => {
    const schema: SchemaObject = { type: 'string', enum: ['a', 'b', 'c', 'd'] };
    const picks = ['1', '2', '3', '4', '5', '6', '7', '8'].map((seed) =>
      generate(doc, schema, { seed }),
    );
    expect(new Set(picks).size).toBeGreaterThan(1);
    expect(generate(doc, schema, { seed: '1' })).toBe(picks[0]);
  });

  it('returns copies: mutating a response does not change the example', () => {
    const first = generate(doc, ref('Money'), { seed: 'a' }) as { amount: number };
    first.amount = -1;
    expect(generate(doc, ref('Money'), { seed: 'a' })).toEqual({ amount: 9.99, currency: 'EUR' });
  });

  it('skips populated examples in the empty scenario', () => {
    const schema: SchemaObject = { type: 'array', items: { type: 'integer' }, example: [1, 2] };
    expect(gen(doc, schema, { empty: true })).toEqual([]);
    expect(gen(doc, schema)).toEqual([1, 2]);
  });
});

describe('conforms', () => {
  const money = doc.components!.schemas!.Money!;
  it.each([
    ['good example', { given: [money, { amount: 1 }], want: true }],
    ['missing required', { given: [money, { currency: 'EUR' }], want: false }],
    [
      'stale type',
      { given: [doc.components!.schemas!.Stale!, { id: 'renamed-to-uuid' }], want: false },
    ],
    ['through a ref', { given: [ref('Money'), { amount: 2 }], want: true }],
    ['format checked', { given: [{ type: 'string', format: 'date' }, '2024-02-30'], want: false }],
    ['nullable', { given: [{ type: 'string', nullable: true }, null], want: true }],
  ] as [string, { given: [SchemaObject, unknown]; want: boolean }][])(
    '%s',
    (_name, { given, want }) => {
      expect(conforms(doc, given[0], given[1])).toBe(want);
    },
  );

  it('honours the mode', () => {
    const schema: SchemaObject = {
      type: 'object',
      required: ['id', 'password'],
      properties: {
        id: { type: 'integer', readOnly: true },
        password: { type: 'string', writeOnly: true },
      },
    };
    expect(conforms(doc, schema, { id: 1 }, 'response')).toBe(true);
    expect(conforms(doc, schema, { id: 1 }, 'request')).toBe(false);
    expect(conforms(doc, schema, { password: 'x' }, 'request')).toBe(true);
  });
});
