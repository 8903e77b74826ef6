import { describe, expect, it } from 'vitest';
import type { OpenApiDocument, SchemaObject } from '../../../../src/core/types.js';
import { schema31, toOpenApi31 } from '../../../../src/laravel/emit/openapi31.js';

const REF = { $ref: '#/components/schemas/User' };

describe('OpenAPI 3.1: schemas in JSON Schema 2020-12', () => {
  it.each<[string, SchemaObject, unknown]>([
    ['a nullable type', { type: 'string', nullable: true }, { type: ['string', 'null'] }],
    [
      'a nullable enum keeps null among its values',
      { type: 'string', enum: ['a', 'b'], nullable: true },
      { type: ['string', 'null'], enum: ['a', 'b', null] },
    ],
    ['a nullable $ref', { allOf: [REF], nullable: true }, { anyOf: [REF, { type: 'null' }] }],
    [
      'a nullable anyOf gets a null branch',
      { anyOf: [{ type: 'string' }, { type: 'integer' }], nullable: true },
      { anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] },
    ],
    ['null alone', { nullable: true }, { type: 'null' }],
    [
      'exclusive bounds become numbers',
      { type: 'integer', minimum: 1, exclusiveMinimum: true, maximum: 9, exclusiveMaximum: false },
      { type: 'integer', exclusiveMinimum: 1, maximum: 9 },
    ],
    [
      'an example becomes examples',
      { type: 'string', example: 'x' },
      { type: 'string', examples: ['x'] },
    ],
    [
      'nested schemas',
      {
        type: 'object',
        properties: { a: { type: 'integer', nullable: true } },
        additionalProperties: { type: 'array', items: { type: 'string', nullable: true } },
      },
      {
        type: 'object',
        properties: { a: { type: ['integer', 'null'] } },
        additionalProperties: { type: 'array', items: { type: ['string', 'null'] } },
      },
    ],
  ])('%s', (_name, given, want) => {
    expect(schema31(given)).toEqual(want);
  });

  it('converts every schema of a document, and only schemas', () => {
    const shared: SchemaObject = { type: 'string', nullable: true };
    const doc = {
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/a': {
          get: {
            parameters: [{ name: 'q', in: 'query', schema: shared, example: 'x' }],
            responses: {
              '200': {
                description: 'ok',
                content: {
                  'application/json': { schema: { items: shared, type: 'array' }, example: [] },
                },
              },
            },
          },
        },
      },
      components: { schemas: { S: shared } },
    } as unknown as OpenApiDocument;
    const out = toOpenApi31(doc) as unknown as Record<string, never>;
    expect(out).toEqual({
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        '/a': {
          get: {
            parameters: [
              { name: 'q', in: 'query', schema: { type: ['string', 'null'] }, example: 'x' },
            ],
            responses: {
              '200': {
                description: 'ok',
                content: {
                  'application/json': {
                    schema: { items: { type: ['string', 'null'] }, type: 'array' },
                    example: [],
                  },
                },
              },
            },
          },
        },
      },
      components: { schemas: { S: { type: ['string', 'null'] } } },
    });
    // The 3.0 document is left as it was.
    expect(shared).toEqual({ type: 'string', nullable: true });
  });
});
