import { describe, expect, it } from 'vitest';
import { createAjv } from '../../../../../src/core/ajv.js';
import { toJsonSchema } from '../../../../../src/core/schema.js';
import type { OpenApiDocument, SchemaObject } from '../../../../../src/core/types.js';
import {
  instantCheck,
  isUnsupported,
} from '../../../../../src/core/engine/generate/instant-check.js';

const doc: OpenApiDocument = {
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  paths: {},
  components: {
    schemas: {
      Pet: {
        type: 'object',
        required: ['id', 'name'],
        properties: {
          id: { type: 'integer', format: 'int64', minimum: 1 },
          name: { type: 'string', minLength: 1, maxLength: 3 },
          tag: { type: 'string', nullable: true },
          owner: { $ref: '#/components/schemas/Pet' },
        },
        additionalProperties: false,
      },
      Node: {
        type: 'object',
        properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } },
      },
    },
  },
};
const ajv = createAjv();

const schemas: [string, SchemaObject][] = [
  ['a ref with a cycle', { $ref: '#/components/schemas/Pet' }],
  ['a recursive tree', { $ref: '#/components/schemas/Node' }],
  ['an array of refs', { type: 'array', items: { $ref: '#/components/schemas/Pet' }, maxItems: 2 }],
  ['unique items', { type: 'array', uniqueItems: true }],
  ['oneOf', { oneOf: [{ type: 'integer' }, { type: 'number', minimum: 2 }] }],
  ['anyOf', { anyOf: [{ type: 'string', pattern: '^a' }, { type: 'boolean' }] }],
  ['allOf', { allOf: [{ type: 'object', required: ['a'] }, { minProperties: 2 }] }],
  ['not', { not: { type: 'string' } }],
  ['enum of objects', { enum: [{ a: 1 }, [1, 2], 'x'] }],
  ['patternProperties', { type: 'object', additionalProperties: { type: 'integer' } }],
  [
    '3.1 prefixItems',
    {
      type: 'array',
      prefixItems: [{ type: 'string' }],
      items: { type: 'integer' },
    } as SchemaObject,
  ],
  [
    'readOnly required',
    { type: 'object', required: ['id'], properties: { id: { readOnly: true } } },
  ],
  ['formats', { type: 'object', properties: { d: { format: 'date' }, n: { format: 'int32' } } }],
  [
    'discriminator',
    { oneOf: [{ type: 'object' }, { type: 'string' }], discriminator: { propertyName: 'k' } },
  ],
  ['no type', { minLength: 2, minimum: 3, minItems: 1, minProperties: 1 }],
];
const values: unknown[] = [
  null,
  true,
  0,
  1,
  2.5,
  2147483648,
  '',
  'a',
  'ab',
  '😀😀',
  '2026-01-02',
  [],
  [1, 1],
  [1, '1'],
  [{ a: 1 }, { a: 1 }],
  ['x', 1],
  {},
  { a: 1 },
  { a: 1, b: 'x' },
  { a: 1 },
  { id: 1, name: 'Rex' },
  { id: 1, name: 'Rex', tag: null, owner: { id: 2, name: 'Al' } },
  { id: 1, name: 'Rex', owner: { id: 0, name: 'Al' } },
  { id: 1, name: 'Rexy' },
  { id: 1, name: 'Rex', extra: true },
  { children: [{ children: [] }, { children: [{ children: 'no' }] }] },
  { d: '2026-02-30', n: 1 },
  { d: '2026-02-03', n: 2147483648 },
];

describe('instantCheck agrees with ajv', () => {
  it.each(schemas)('%s', (_name, schema) => {
    for (const mode of ['response', 'request'] as const) {
      const jsonSchema = toJsonSchema(doc, schema, mode);
      const check = instantCheck(jsonSchema, ajv);
      expect(check).toBeTypeOf('function');
      const validate = ajv.compile(jsonSchema);
      for (const value of values) expect([value, check!(value)]).toEqual([value, validate(value)]);
    }
  });
});

describe('instantCheck leaves to ajv', () => {
  it.each([
    ['if/then', { if: { type: 'string' }, then: { minLength: 1 } }],
    ['unevaluatedProperties', { type: 'object', unevaluatedProperties: false }],
    ['a tuple in 2019 form', { items: [{ type: 'string' }] }],
    ['an empty enum', { enum: [] }],
    ['an unknown type', { type: 'file' }],
    ['a ref it cannot resolve', { $ref: 'other.json#/x' }],
    ['a base URI', { $id: 'https://example.com/x', type: 'string' }],
    ['a bad pattern', { pattern: '(' }],
  ] as [string, Record<string, unknown>][])('%s', (_name, schema) => {
    expect(instantCheck(schema, ajv)).toBeUndefined();
  });

  it('gives up, rather than overflow, on a schema that recurses without the data', () => {
    const check = instantCheck(
      { $ref: '#/$defs/a', $defs: { a: { allOf: [{ $ref: '#/$defs/a' }] } } },
      ajv,
    );
    expect(() => check!(1)).toThrow();
    try {
      check!(1);
    } catch (error) {
      expect(isUnsupported(error)).toBe(true);
    }
  });

  it('ignores keywords ajv does not know', () => {
    expect(instantCheck({ type: 'string', 'x-thing': 1, foo: {} }, ajv)?.('a')).toBe(true);
  });
});
