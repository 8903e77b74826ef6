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

const contact = {
  type: 'object',
  required: ['ContactID'],
  properties: { ContactID: { type: 'string' } },
} satisfies SchemaObject;
const withContact = (openapi: string): OpenApiDocument => ({
  openapi,
  info: { title: 't', version: '1' },
  components: { schemas: { Contact: contact, A: { allOf: [contact] }, B: { allOf: [contact] } } },
});
const checkIn = (d: OpenApiDocument, schema: SchemaObject, value: unknown) =>
  ajv.compile(toJsonSchema(d, schema, 'response') as object)(value);

describe('toJsonSchema on what real documents write (corpus regressions)', () => {
  const ref = '#/components/schemas/Contact';
  it.each([
    [
      "3.0 ignores a $ref's siblings (Xero)",
      '3.0.3',
      { $ref: ref, type: 'string' },
      { ContactID: 'c' },
      true,
    ],
    ['3.0 keeps nullable beside a $ref', '3.0.3', { $ref: ref, nullable: true }, null, true],
    [
      "3.1 applies a $ref's siblings",
      '3.1.0',
      { $ref: ref, type: 'string' },
      { ContactID: 'c' },
      false,
    ],
    [
      'a discriminator picks among overlapping oneOf branches',
      '3.0.3',
      {
        oneOf: [{ $ref: '#/components/schemas/A' }, { $ref: '#/components/schemas/B' }],
        discriminator: { propertyName: 'ContactID' },
      },
      { ContactID: 'A' },
      true,
    ],
    [
      'a string maxLength is dropped, not fatal',
      '3.0.3',
      { type: 'string', maxLength: '2' },
      'long',
      true,
    ],
    ['draft 3 required: true is dropped', '3.0.3', { type: 'string', required: true }, 'x', true],
    ['type: file constrains nothing', '3.0.3', { type: 'file' }, 'bytes', true],
    [
      'an object examples annotation is dropped',
      '3.0.3',
      { type: 'integer', examples: { a: 1 } },
      1,
      true,
    ],
    [
      'a Java POSIX class is read as meant',
      '3.0.3',
      { type: 'string', pattern: '^\\p{XDigit}+$' },
      'beef',
      true,
    ],
    [
      '... and still constrains',
      '3.0.3',
      { type: 'string', pattern: '^\\p{XDigit}+$' },
      'xyz',
      false,
    ],
    ['lone braces are literal', '3.0.3', { type: 'string', pattern: '^{a}$' }, '{a}', true],
  ] as const)('%s', (_name, openapi, schema, value, want) => {
    expect(checkIn(withContact(openapi), schema as unknown as SchemaObject, value)).toBe(want);
  });
});
