import { describe, expect, it } from 'vitest';
import type { OpenApiDocument, OperationObject } from '../../../../src/core/types.js';
import { compileRequestValidator } from '../../../../src/mock/validate/request.js';

const doc: OpenApiDocument = { openapi: '3.0.3', info: { title: 't', version: '1' }, paths: {} };
const operation: OperationObject = {
  parameters: [
    {
      name: 'id',
      in: 'path',
      required: true,
      schema: { oneOf: [{ type: 'integer' }, { type: 'string' }] },
    },
    { name: 'q', in: 'query', schema: { anyOf: [{ type: 'integer' }, { type: 'boolean' }] } },
  ],
  requestBody: {
    content: {
      'application/json': {
        schema: {
          type: 'object',
          properties: { v: { oneOf: [{ type: 'number' }, { type: 'integer' }] } },
        },
      },
    },
  },
};
const validate = compileRequestValidator(doc, {}, operation);
const run = (id: string, query = '', body?: unknown) =>
  validate({
    path: { id },
    query: new URLSearchParams(query),
    headers: {},
    cookies: {},
    body,
    mediaType: body === undefined ? undefined : 'application/json',
  });

describe('oneOf over values that arrive as strings', () => {
  it.each([
    ['a number in the path matches integer and string', '1', '', undefined, null],
    ['a word in the path', 'abc', '', undefined, null],
    ['anyOf in the query: boolean', '1', 'q=true', undefined, null],
    ['anyOf in the query: integer', '1', 'q=3', undefined, null],
    ['anyOf in the query: neither', '1', 'q=x', undefined, { q: ['The q is invalid.'] }],
    // JSON bodies keep oneOf strict: 2 is both a number and an integer.
    ['a JSON body matching two oneOf branches', '1', '', { v: 2 }, { v: ['The v is invalid.'] }],
  ])('%s', (_name, id, query, body, want) => {
    expect(run(id, query, body)).toEqual(want);
  });
});
