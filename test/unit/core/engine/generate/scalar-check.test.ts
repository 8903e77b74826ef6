import { describe, expect, it } from 'vitest';
import { createAjv } from '../../../../../src/core/ajv.js';
import { toJsonSchema } from '../../../../../src/core/schema.js';
import type { OpenApiDocument, SchemaObject } from '../../../../../src/core/types.js';
import { scalarCheck } from '../../../../../src/core/engine/generate/scalar-check.js';

const doc: OpenApiDocument = { openapi: '3.0.3', info: { title: 't', version: '1' } };
const ajv = createAjv();

const schemas: [string, SchemaObject][] = [
  ['string', { type: 'string' }],
  ['integer', { type: 'integer' }],
  ['number with bounds', { type: 'number', minimum: 0, maximum: 10 }],
  [
    '3.0 exclusive bounds',
    { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 5, exclusiveMaximum: true },
  ],
  ['3.1 exclusive bounds', { type: 'integer', exclusiveMinimum: 1, exclusiveMaximum: 4 }],
  ['multipleOf', { type: 'number', multipleOf: 0.01 }],
  ['int32', { type: 'integer', format: 'int32' }],
  ['email', { type: 'string', format: 'email' }],
  ['date-time', { type: 'string', format: 'date-time' }],
  ['date', { type: 'string', format: 'date' }],
  ['uuid', { type: 'string', format: 'uuid' }],
  ['uri', { type: 'string', format: 'uri' }],
  ['unknown format', { type: 'string', format: 'phone' }],
  ['lengths in code points', { type: 'string', minLength: 2, maxLength: 3 }],
  ['pattern', { type: 'string', pattern: '^[a-z]+-\\d+$' }],
  ['enum', { type: 'string', enum: ['a', 'b'] }],
  ['nullable enum', { type: 'string', enum: ['a'], nullable: true }],
  ['nullable', { type: 'integer', nullable: true }],
  ['type array', { type: ['string', 'null'] }],
  ['no type, string keywords', { maxLength: 2 }],
  ['const', { const: 3 }],
  ['boolean', { type: 'boolean', example: true, 'x-extra': 1 }],
];
const values: unknown[] = [
  null,
  true,
  false,
  0,
  1,
  2,
  3,
  4.5,
  -1,
  10,
  11,
  0.1 + 0.2,
  12.34,
  2147483648,
  '',
  'a',
  'ab',
  '😀😀',
  'abcd',
  'ann@example.com',
  'not an email',
  '2026-01-02',
  '2026-01-02T03:04:05Z',
  '2026-01-02T03:04:05',
  '123e4567-e89b-12d3-a456-426614174000',
  'https://example.com/x',
  'abc-12',
  [],
  {},
];

describe('scalarCheck agrees with ajv', () => {
  it.each(schemas)('%s', (_name, schema) => {
    const check = scalarCheck(schema);
    expect(check).toBeTypeOf('function');
    const validate = ajv.compile(toJsonSchema(doc, schema, 'response') as object);
    for (const value of values) expect([value, check!(value)]).toEqual([value, validate(value)]);
  });

  it.each([
    ['an object schema', { type: 'object', properties: {} }],
    ['a ref', { $ref: '#/components/schemas/X' }],
    ['composition', { oneOf: [{ type: 'string' }] }],
    ['an array', { type: 'array', items: { type: 'string' } }],
    ['an enum of objects', { enum: [{ a: 1 }] }],
  ] as [string, SchemaObject][])('leaves %s to ajv', (_name, schema) => {
    expect(scalarCheck(schema)).toBeUndefined();
  });
});
