import { describe, expect, it } from 'vitest';
import { createAjv } from '../../../src/core/ajv.js';
import { toJsonSchema } from '../../../src/core/schema.js';
import type { OpenApiDocument, SchemaObject } from '../../../src/core/types.js';

const doc: OpenApiDocument = {
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  components: {
    schemas: {
      Node: {
        type: 'object',
        required: ['id', 'children', 'secret'],
        properties: {
          id: { type: 'integer', readOnly: true },
          secret: { type: 'string', writeOnly: true },
          email: { type: 'string', format: 'email', nullable: true },
          children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
        },
      },
    },
  },
};

const ajv = createAjv();
const check = (schema: SchemaObject, mode: 'request' | 'response', value: unknown) =>
  ajv.compile(toJsonSchema(doc, schema, mode) as object)(value);

describe('toJsonSchema', () => {
  it.each([
    [
      'circular refs in requests, readOnly id not required',
      'request',
      { secret: 's', children: [{ secret: 's', children: [] }] },
      true,
    ],
    ['writeOnly is required in a request', 'request', { children: [] }, false],
    ['responses need the readOnly id but not writeOnly', 'response', { id: 1, children: [] }, true],
    ['nullable accepts null', 'response', { id: 1, children: [], email: null }, true],
    ['formats are checked', 'response', { id: 1, children: [], email: 'nope' }, false],
  ] as const)('%s', (_name, mode, value, want) => {
    expect(check({ $ref: '#/components/schemas/Node' }, mode, value)).toBe(want);
  });

  it.each([
    ['3.0 exclusive bounds', { type: 'number', minimum: 1, exclusiveMinimum: true }, 1, false],
    [
      '3.0 exclusive bounds, above',
      { type: 'number', minimum: 1, exclusiveMinimum: true },
      1.5,
      true,
    ],
    ['3.1 type arrays', { type: ['string', 'null'] }, null, true],
    ['nullable enum', { type: 'string', enum: ['a'], nullable: true }, null, true],
    ['nullable ref', { $ref: '#/components/schemas/Node', nullable: true }, null, true],
    ['unknown formats are ignored', { type: 'string', format: 'phone-number' }, 'x', true],
    ['invalid patterns are ignored', { type: 'string', pattern: '(?<' }, 'x', true],
    ['dangling refs accept anything', { $ref: '#/components/schemas/Missing' }, 1, true],
    [
      'x- keywords and examples are dropped',
      { type: 'integer', 'x-foo': 1, example: 'a' },
      2,
      true,
    ],
  ] as const)('%s', (_name, schema, value, want) => {
    expect(check(schema as SchemaObject, 'response', value)).toBe(want);
  });
});
