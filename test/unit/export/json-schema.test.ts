import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument, SchemaObject } from '../../../src/core/types.js';
import { toDraft07 } from '../../../src/export/json-schema.js';

const doc = (schemas: Record<string, SchemaObject>): OpenApiDocument => ({
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  components: { schemas },
});

/** ajv 8 in draft-07 mode with strict checks: a 2019+ keyword or unknown format would throw. */
const draft07 = new Ajv({
  strictSchema: true,
  strictTypes: false,
  strictRequired: false,
  validateFormats: false,
});

describe('toDraft07', () => {
  it.each<[string, Record<string, SchemaObject>, SchemaObject, unknown]>([
    [
      'nullable becomes a type array',
      {},
      { type: 'string', nullable: true },
      { type: ['string', 'null'] },
    ],
    [
      'nullable enum keeps null as a member',
      {},
      { type: 'string', enum: ['a'], nullable: true },
      { type: ['string', 'null'], enum: ['a', null] },
    ],
    [
      'refs are inlined',
      { A: { type: 'integer' } },
      { type: 'object', properties: { a: { $ref: '#/components/schemas/A' } } },
      { type: 'object', properties: { a: { type: 'integer' } } },
    ],
    [
      "a 3.0 ref's siblings are ignored, as 3.0 says",
      { A: { type: 'integer' } },
      { $ref: '#/components/schemas/A', minimum: 1 } as SchemaObject,
      { type: 'integer' },
    ],
    [
      'OpenAPI-only and unknown formats are dropped',
      {},
      { type: 'integer', format: 'int64', example: 3, description: 'x' },
      { type: 'integer' },
    ],
    [
      'ajv 6 formats are kept',
      {},
      { type: 'string', format: 'date-time' },
      { type: 'string', format: 'date-time' },
    ],
    [
      '3.0 boolean exclusiveMinimum becomes numeric',
      {},
      { type: 'number', minimum: 0, exclusiveMinimum: true },
      { type: 'number', exclusiveMinimum: 0 },
    ],
    [
      'readOnly stays required in a response',
      {},
      { type: 'object', required: ['id'], properties: { id: { type: 'integer', readOnly: true } } },
      { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
    ],
    [
      'writeOnly is not required in a response',
      {},
      { type: 'object', required: ['pw'], properties: { pw: { type: 'string', writeOnly: true } } },
      { type: 'object', required: [], properties: { pw: { type: 'string' } } },
    ],
  ])('%s', (_name, schemas, schema, want) => {
    const out = toDraft07(doc(schemas), schema);
    expect(out).toEqual(want);
    expect(() => draft07.compile(out as object)).not.toThrow();
  });

  it('a ref with siblings (3.1) becomes allOf', () => {
    const d = { ...doc({ A: { type: 'integer' } }), openapi: '3.1.0' };
    const out = toDraft07(d, { $ref: '#/components/schemas/A', minimum: 1 } as SchemaObject);
    expect(out).toEqual({ allOf: [{ type: 'integer' }, { minimum: 1 }] });
  });

  it('cuts a circular ref to {} once it is open twice on the way down', () => {
    const d = doc({
      Node: {
        type: 'object',
        required: ['id'],
        properties: {
          id: { type: 'integer' },
          children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
        },
      },
    });
    const out = toDraft07(d, { $ref: '#/components/schemas/Node' }) as {
      properties: { children: { items: { properties: { children: { items: unknown } } } } };
    };
    expect(out.properties.children.items.properties.children.items).toEqual({});
    const validate = draft07.compile(out);
    expect(validate({ id: 1, children: [{ id: 2, children: [{ anything: true }] }] })).toBe(true);
    expect(validate({ id: 1, children: [{ id: 'two' }] })).toBe(false);
    expect(JSON.stringify(out)).not.toContain('$ref');
  });

  it('mutually recursive schemas stay finite', () => {
    const d = doc({
      User: {
        type: 'object',
        properties: { posts: { type: 'array', items: { $ref: '#/components/schemas/Post' } } },
      },
      Post: { type: 'object', properties: { author: { $ref: '#/components/schemas/User' } } },
    });
    const out = toDraft07(d, { $ref: '#/components/schemas/User' });
    expect(JSON.stringify(out).length).toBeLessThan(2_000);
    expect(() => draft07.compile(out as object)).not.toThrow();
  });
});
