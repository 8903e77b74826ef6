import { describe, expect, it } from 'vitest';
import type { SchemaObject } from '../../../../../src/core/types.js';
import { generate } from '../../../../../src/core/engine/generate/index.js';
import { gen, makeDoc, ref } from './helpers.js';

const doc = makeDoc({
  Account: {
    type: 'object',
    required: ['id', 'email', 'password'],
    properties: {
      id: { type: 'integer', readOnly: true },
      email: { type: 'string', format: 'email' },
      password: { type: 'string', writeOnly: true },
      nickname: { type: 'string' },
      token: { type: 'string', readOnly: true },
      secret: { $ref: '#/components/schemas/Secret' },
    },
  },
  Secret: { type: 'string', writeOnly: true },
});
const SEEDS = ['a', 'b', 'c', 'd', 'e', 'f'];

type Options = { mode?: 'request' | 'response'; empty?: boolean };
type Case = [string, { given: SchemaObject; options?: Options; want: (value: never) => boolean }];

function run(cases: Case[]) {
  it.each(cases)('%s', (_name, { given, options, want }) => {
    for (const seed of SEEDS) {
      const value = gen(doc, given, { seed, ...options });
      expect(want(value as never), JSON.stringify(value)).toBe(true);
    }
  });
}

const ints: SchemaObject = { type: 'integer' };

describe('arrays', () => {
  run([
    [
      'two items by default',
      { given: { type: 'array', items: ints }, want: (v: unknown[]) => v.length === 2 },
    ],
    [
      'minItems above 2',
      {
        given: { type: 'array', items: ints, minItems: 5 },
        want: (v: unknown[]) => v.length === 5,
      },
    ],
    [
      'maxItems below 2',
      {
        given: { type: 'array', items: ints, maxItems: 1 },
        want: (v: unknown[]) => v.length === 1,
      },
    ],
    [
      'empty scenario',
      {
        given: { type: 'array', items: ints, minItems: 0 },
        options: { empty: true },
        want: (v: unknown[]) => v.length === 0,
      },
    ],
    [
      'empty scenario keeps minItems',
      {
        given: { type: 'array', items: ints, minItems: 3 },
        options: { empty: true },
        want: (v: unknown[]) => v.length === 3,
      },
    ],
    [
      'uniqueItems over a small enum',
      {
        given: { type: 'array', items: { enum: ['x', 'y', 'z'] }, minItems: 3, uniqueItems: true },
        want: (v: unknown[]) => new Set(v).size === 3,
      },
    ],
    [
      'uniqueItems over booleans',
      {
        given: { type: 'array', items: { type: 'boolean' }, minItems: 2, uniqueItems: true },
        want: (v: unknown[]) => new Set(v).size === 2,
      },
    ],
    [
      'uniqueItems over objects',
      {
        given: {
          type: 'array',
          items: {
            type: 'object',
            properties: { n: { type: 'integer', minimum: 1, maximum: 4 } },
            required: ['n'],
          },
          minItems: 4,
          uniqueItems: true,
        },
        want: (v: unknown[]) => new Set(v.map((x) => JSON.stringify(x))).size === 4,
      },
    ],
    ['items missing → any', { given: { type: 'array' }, want: (v: unknown[]) => v.length === 2 }],
    [
      '3.1 prefixItems',
      {
        given: {
          type: 'array',
          prefixItems: [{ type: 'string' }, ints],
          items: false,
        } as unknown as SchemaObject,
        want: (v: unknown[]) =>
          typeof v[0] === 'string' && Number.isInteger(v[1]) && v.length === 2,
      },
    ],
    [
      '3.1 contains',
      {
        given: { type: 'array', items: ints, contains: { minimum: 5000 } } as SchemaObject,
        want: (v: number[]) => v[0]! >= 5000,
      },
    ],
  ]);
});

describe('objects', () => {
  run([
    [
      'optional properties included',
      {
        given: { type: 'object', properties: { a: ints, b: ints } },
        want: (v: object) => Object.keys(v).join() === 'a,b',
      },
    ],
    [
      'empty scenario drops optional ones',
      {
        given: { type: 'object', required: ['b'], properties: { a: ints, b: ints } },
        options: { empty: true },
        want: (v: object) => Object.keys(v).join() === 'b',
      },
    ],
    [
      'required but undeclared still filled',
      {
        given: { type: 'object', required: ['email'], properties: { a: ints } },
        want: (v: { email: string }) => v.email.includes('@'),
      },
    ],
    [
      'additionalProperties schema → 1–2 entries',
      {
        given: { type: 'object', additionalProperties: ints },
        want: (v: object) =>
          [1, 2].includes(Object.keys(v).length) && Object.values(v).every(Number.isInteger),
      },
    ],
    [
      'additionalProperties in the empty scenario',
      {
        given: { type: 'object', additionalProperties: ints },
        options: { empty: true },
        want: (v: object) => Object.keys(v).length === 0,
      },
    ],
    [
      'minProperties from additionalProperties',
      {
        given: { type: 'object', additionalProperties: ints, minProperties: 4 },
        want: (v: object) => Object.keys(v).length >= 4,
      },
    ],
    [
      'minProperties fills optional ones first (empty)',
      {
        given: {
          type: 'object',
          properties: { a: ints, b: ints },
          additionalProperties: false,
          minProperties: 1,
        },
        options: { empty: true },
        want: (v: object) => Object.keys(v).join() === 'a',
      },
    ],
    [
      'maxProperties drops optional ones',
      {
        given: {
          type: 'object',
          required: ['c'],
          properties: { a: ints, b: ints, c: ints },
          maxProperties: 1,
        },
        want: (v: object) => Object.keys(v).join() === 'c',
      },
    ],
    [
      'additionalProperties false is respected',
      {
        given: { type: 'object', properties: { a: ints }, additionalProperties: false },
        want: (v: object) => Object.keys(v).join() === 'a',
      },
    ],
    [
      'patternProperties keys',
      {
        given: {
          type: 'object',
          patternProperties: { '^X-[A-Z]{2}$': ints },
          additionalProperties: false,
        },
        want: (v: object) => Object.keys(v).every((k) => /^X-[A-Z]{2}$/.test(k)),
      },
    ],
    [
      'propertyNames',
      {
        given: {
          type: 'object',
          propertyNames: { pattern: '^[a-z]{3}$' },
          additionalProperties: ints,
        },
        want: (v: object) => Object.keys(v).every((k) => /^[a-z]{3}$/.test(k)),
      },
    ],
  ]);
});

it('writes a property named __proto__ as data, never as the prototype', () => {
  // Not checked with toJsonSchema: its converter turns that key into a prototype itself.
  const properties = JSON.parse('{"__proto__":{"type":"integer"}}') as Record<string, SchemaObject>;
  const value = generate(
    doc,
    { type: 'object', required: ['__proto__'], properties },
    { seed: 'a' },
  );
  expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  expect(Number.isInteger(Object.getOwnPropertyDescriptor(value, '__proto__')?.value)).toBe(true);
});

describe('readOnly / writeOnly by mode', () => {
  run([
    [
      'response: readOnly in, writeOnly out',
      {
        given: ref('Account'),
        want: (v: object) => Object.keys(v).join() === 'id,email,nickname,token',
      },
    ],
    [
      'request: writeOnly in, readOnly out',
      {
        given: ref('Account'),
        options: { mode: 'request' },
        want: (v: object) => Object.keys(v).join() === 'email,password,nickname,secret',
      },
    ],
    [
      'request, empty: only what a request requires',
      {
        given: ref('Account'),
        options: { mode: 'request', empty: true },
        want: (v: object) => Object.keys(v).join() === 'email,password',
      },
    ],
  ]);
});
