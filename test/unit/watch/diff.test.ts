import { describe, expect, it } from 'vitest';
import type { OpenApiDocument, SchemaObject } from '../../../src/core/types.js';
import { diffOperations } from '../../../src/watch/diff.js';

const ok = { '200': { description: 'OK' } };

/** A document whose `POST /users` takes the `StoreUser` schema. */
function doc(
  storeUser: SchemaObject,
  extraPaths: OpenApiDocument['paths'] = {},
  more: Record<string, SchemaObject> = {},
): OpenApiDocument {
  return {
    openapi: '3.0.3',
    info: { title: 'T', version: '1' },
    paths: {
      '/users': {
        get: { responses: ok },
        post: {
          requestBody: {
            content: { 'application/json': { schema: { $ref: '#/components/schemas/StoreUser' } } },
          },
          responses: ok,
        },
      },
      ...extraPaths,
    },
    components: { schemas: { StoreUser: storeUser, ...more } },
  };
}

const name = { type: 'object', properties: { name: { type: 'string' } } } as const;

describe('diffOperations', () => {
  it.each<[string, { given: [OpenApiDocument, OpenApiDocument]; want: object }]>([
    [
      'nothing changed',
      { given: [doc(name), doc(name)], want: { added: [], removed: [], changed: [] } },
    ],
    [
      'a field added to a referenced schema changes the operation that uses it',
      {
        given: [
          doc(name),
          doc({ ...name, properties: { ...name.properties, email: { type: 'string' } } }),
        ],
        want: { added: [], removed: [], changed: ['POST /users'] },
      },
    ],
    [
      'a route added and one removed',
      {
        given: [
          doc(name, { '/users/{id}': { delete: { responses: ok } } }),
          doc(name, { '/health': { get: { responses: ok } } }),
        ],
        want: { added: ['GET /health'], removed: ['DELETE /users/{id}'], changed: [] },
      },
    ],
    [
      "a path's own parameters change its operations",
      {
        given: [
          doc(name, { '/users/{id}': { get: { responses: ok } } }),
          doc(name, {
            '/users/{id}': {
              parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
              get: { responses: ok },
            },
          }),
        ],
        want: { added: [], removed: [], changed: ['GET /users/{id}'] },
      },
    ],
    [
      'a change two references away',
      {
        given: [
          doc({ $ref: '#/components/schemas/Address' }, {}, { Address: name }),
          doc({ $ref: '#/components/schemas/Address' }, {}, { Address: { type: 'string' } }),
        ],
        want: { added: [], removed: [], changed: ['POST /users'] },
      },
    ],
    [
      'an unused schema changes nothing',
      {
        given: [doc(name, {}, { Unused: name }), doc(name, {}, { Unused: { type: 'string' } })],
        want: { added: [], removed: [], changed: [] },
      },
    ],
  ])('%s', (_name, { given, want }) => {
    expect(diffOperations(...given)).toEqual(want);
  });

  it('ends on schemas that refer to themselves', () => {
    const tree = (leaf: string): SchemaObject => ({
      type: 'object',
      properties: {
        [leaf]: { type: 'string' },
        children: { type: 'array', items: { $ref: '#/components/schemas/StoreUser' } },
      },
    });
    expect(diffOperations(doc(tree('a')), doc(tree('b'))).changed).toEqual(['POST /users']);
    expect(diffOperations(doc(tree('a')), doc(tree('a')))).toEqual({
      added: [],
      removed: [],
      changed: [],
    });
  });
});

describe('diffOperations across documents that share operation objects (as regenerations do)', () => {
  it('still sees a change in a component a shared operation refers to', () => {
    const before = doc({ type: 'object', properties: { name: { type: 'string' } } });
    // The next document reuses the operations as they are; only the component changed.
    const after: OpenApiDocument = {
      ...before,
      components: {
        schemas: { StoreUser: { type: 'object', properties: { email: { type: 'string' } } } },
      },
    };
    expect(diffOperations(before, after)).toEqual({
      added: [],
      removed: [],
      changed: ['POST /users'],
    });
  });

  it('sees nothing when the shared operations and their components are the same', () => {
    const before = doc({ type: 'object' });
    const after: OpenApiDocument = { ...before, info: { title: 'T', version: '2' } };
    expect(diffOperations(before, after)).toEqual({ added: [], removed: [], changed: [] });
    // A document diffed again gives the same answer (its fingerprints are kept).
    expect(diffOperations(before, after)).toEqual({ added: [], removed: [], changed: [] });
  });
});
