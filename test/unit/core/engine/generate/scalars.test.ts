import { describe, expect, it } from 'vitest';
import type { SchemaObject } from '../../../../../src/core/types.js';
import { generate } from '../../../../../src/core/engine/generate/index.js';
import { gen, makeDoc } from './helpers.js';

const doc = makeDoc();
const SEEDS = Array.from({ length: 10 }, (_, i) => `s${i}`);

type Check = (value: unknown) => boolean;
type Case = [string, { given: SchemaObject; want: Check }];

/** Each case must validate (gen asserts it) and pass its own check for every seed. */
function run(cases: Case[]) {
  it.each(cases)('%s', (_name, { given, want }) => {
    for (const seed of SEEDS) {
      const value = gen(doc, given, { seed });
      expect(want(value), JSON.stringify(value)).toBe(true);
    }
  });
}

const isInt = (v: unknown) => Number.isInteger(v);
const between = (lo: number, hi: number) => (v: unknown) =>
  typeof v === 'number' && v >= lo && v <= hi;

describe('numbers', () => {
  run([
    [
      'integer defaults to 1..1000',
      { given: { type: 'integer' }, want: (v) => isInt(v) && between(1, 1000)(v) },
    ],
    [
      'minimum/maximum',
      { given: { type: 'integer', minimum: 5, maximum: 7 }, want: between(5, 7) },
    ],
    [
      'negative range',
      { given: { type: 'integer', maximum: -10 }, want: (v) => isInt(v) && (v as number) <= -10 },
    ],
    [
      '3.0 exclusive bounds',
      {
        given: {
          type: 'integer',
          minimum: 1,
          exclusiveMinimum: true,
          maximum: 3,
          exclusiveMaximum: true,
        },
        want: (v) => v === 2,
      },
    ],
    [
      '3.1 exclusive bounds',
      {
        given: { type: 'integer', exclusiveMinimum: 1, exclusiveMaximum: 3 },
        want: (v) => v === 2,
      },
    ],
    [
      'number in 0..1 is not always 1',
      { given: { type: 'number', minimum: 0, maximum: 1 }, want: between(0, 1) },
    ],
    [
      'tiny open interval',
      {
        given: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 0.0001 },
        want: (v) => (v as number) > 0,
      },
    ],
    [
      'multipleOf on integers',
      { given: { type: 'integer', multipleOf: 25 }, want: (v) => (v as number) % 25 === 0 },
    ],
    [
      'multipleOf 0.01 survives float division',
      {
        given: { type: 'number', multipleOf: 0.01, minimum: 10, maximum: 20 },
        want: between(10, 20),
      },
    ],
    [
      'multipleOf 0.1',
      { given: { type: 'number', multipleOf: 0.1 }, want: (v) => typeof v === 'number' },
    ],
    [
      'integer with decimal multipleOf',
      { given: { type: 'integer', multipleOf: 0.5 }, want: isInt },
    ],
    [
      'int32 bounds',
      {
        given: { type: 'integer', format: 'int32', minimum: 2 ** 31 - 3 },
        want: (v) => (v as number) <= 2 ** 31 - 1,
      },
    ],
    ['high minimum', { given: { type: 'number', minimum: 1e6 }, want: between(1e6, 1e6 + 1000) }],
    ['boolean', { given: { type: 'boolean' }, want: (v) => typeof v === 'boolean' }],
  ]);

  it('booleans vary with the seed', () => {
    const values = new Set(SEEDS.map((seed) => generate(doc, { type: 'boolean' }, { seed })));
    expect(values.size).toBe(2);
  });
});

describe('strings', () => {
  run([
    ['plain', { given: { type: 'string' }, want: (v) => typeof v === 'string' && v.length > 0 }],
    [
      'minLength',
      { given: { type: 'string', minLength: 50 }, want: (v) => (v as string).length >= 50 },
    ],
    [
      'maxLength',
      { given: { type: 'string', maxLength: 3 }, want: (v) => (v as string).length <= 3 },
    ],
    [
      'exact length',
      {
        given: { type: 'string', minLength: 7, maxLength: 7 },
        want: (v) => (v as string).length === 7,
      },
    ],
    [
      'no trailing space after a cut',
      { given: { type: 'string', maxLength: 6 }, want: (v) => !(v as string).endsWith(' ') },
    ],
  ]);
});

describe('patterns', () => {
  run([
    [
      'anchored',
      {
        given: { type: 'string', pattern: '^[A-Z]{3}-\\d{4}$' },
        want: (v) => /^[A-Z]{3}-\d{4}$/.test(v as string),
      },
    ],
    [
      'unanchored',
      { given: { type: 'string', pattern: 'abc' }, want: (v) => (v as string).includes('abc') },
    ],
    [
      'unbounded repetition stays short',
      { given: { type: 'string', pattern: '^a+b*$' }, want: (v) => (v as string).length <= 10 },
    ],
    [
      'pattern and lengths',
      {
        given: { type: 'string', pattern: '^[a-z]+$', minLength: 30, maxLength: 32 },
        want: (v) => (v as string).length >= 30,
      },
    ],
    [
      'lookahead (ignored by randexp) retried',
      {
        given: { type: 'string', pattern: '^(?=.*\\d)(?=.*[A-Z])[A-Za-z\\d]{8,}$' },
        want: (v) => /\d/.test(v as string),
      },
    ],
    [
      'two patterns through allOf',
      {
        given: { allOf: [{ type: 'string', pattern: '^[a-z0-9]+$' }, { pattern: '\\d' }] },
        want: (v) => /\d/.test(v as string),
      },
    ],
    [
      'pattern that randexp cannot parse',
      {
        given: { type: 'string', pattern: '(?<=a)b|^x' },
        want: (v) => /(?<=a)b|^x/u.test(v as string),
      },
    ],
    [
      'pattern and format',
      {
        given: { type: 'string', format: 'email', pattern: '@example\\.com$' },
        want: (v) => (v as string).endsWith('@example.com'),
      },
    ],
  ]);

  it('falls back quickly on a pathological pattern', () => {
    // Catastrophic backtracking on any non-match, and unsatisfiable: must not hang.
    const schema: SchemaObject = { type: 'string', pattern: '^(a+)+(?!a)(?=a)$' };
    const start = performance.now();
    for (const seed of SEEDS) expect(typeof generate(doc, schema, { seed })).toBe('string');
    expect(performance.now() - start).toBeLessThan(500);
  });

  it('does not build huge strings for huge counted repetitions', () => {
    const start = performance.now();
    const value = generate(doc, { type: 'string', pattern: '^a{100000000}$' }, { seed: 'x' });
    expect(typeof value).toBe('string');
    expect(performance.now() - start).toBeLessThan(200);
  });
});

describe('types', () => {
  run([
    [
      '3.0 nullable never null',
      { given: { type: 'string', nullable: true }, want: (v) => typeof v === 'string' },
    ],
    [
      '3.1 type array picks the first non-null',
      { given: { type: ['null', 'integer', 'string'] }, want: isInt },
    ],
    ['null only', { given: { type: 'null' } as SchemaObject, want: (v) => v === null }],
    ['3.1 type array of null only', { given: { type: ['null'] }, want: (v) => v === null }],
    [
      'no type, properties → object',
      {
        given: { properties: { a: { type: 'integer' } } },
        want: (v) => typeof v === 'object' && v !== null && isInt((v as { a: number }).a),
      },
    ],
    [
      'no type, items → array',
      { given: { items: { type: 'integer' } }, want: (v) => Array.isArray(v) },
    ],
    ['no type, nothing → string', { given: {}, want: (v) => typeof v === 'string' }],
    ['no type, int32 → integer', { given: { format: 'int32' }, want: isInt }],
    [
      'integer ∩ number via allOf',
      { given: { allOf: [{ type: 'number' }, { type: 'integer' }] }, want: isInt },
    ],
  ]);

  it.each([
    ['true', true],
    ['undefined', undefined],
  ] as const)('schema %s generates something JSON', (_name, schema) => {
    expect(gen(doc, schema)).toBeDefined();
  });
});
