import { describe, expect, it } from 'vitest';
import type { OperationEntry } from '../../../src/core/engine/operations.js';
import type { HttpMethod, OpenApiDocument } from '../../../src/core/types.js';
import { inVerifyOrder } from '../../../src/verify/order.js';
import { operationKey, selectOperations } from '../../../src/verify/select.js';
import { planVerification } from '../../../src/verify/plan.js';

const entry = (method: HttpMethod, path: string, operationId?: string): OperationEntry => ({
  method,
  path,
  operation: { operationId, responses: {} },
  pathItem: {},
});

describe('inVerifyOrder', () => {
  it.each([
    [
      'lists and creates before items are read, updated and deleted',
      [
        entry('delete', '/posts/{post}'),
        entry('put', '/posts/{post}'),
        entry('get', '/posts/{post}'),
        entry('post', '/posts'),
        entry('get', '/posts'),
      ],
      [
        'GET /posts',
        'POST /posts',
        'GET /posts/{post}',
        'PUT /posts/{post}',
        'DELETE /posts/{post}',
      ],
    ],
    [
      'deletes the deepest first',
      [
        entry('delete', '/posts/{post}'),
        entry('delete', '/posts/{post}/comments/{comment}'),
        entry('post', '/posts/{post}/comments'),
      ],
      [
        'POST /posts/{post}/comments',
        'DELETE /posts/{post}/comments/{comment}',
        'DELETE /posts/{post}',
      ],
    ],
    [
      'logs out last',
      [entry('post', '/auth/logout'), entry('delete', '/users/{user}'), entry('get', '/users')],
      ['GET /users', 'DELETE /users/{user}', 'POST /auth/logout'],
    ],
    [
      'keeps the document order otherwise',
      [entry('get', '/b'), entry('get', '/a')],
      ['GET /b', 'GET /a'],
    ],
  ])('%s', (_name, given, want) => {
    expect(inVerifyOrder(given).map(operationKey)).toEqual(want);
  });
});

describe('selectOperations', () => {
  const all = [
    entry('get', '/api/posts', 'posts.index'),
    entry('get', '/api/users', 'users.index'),
  ];
  it.each([
    ['everything', [], [], ['GET /api/posts', 'GET /api/users']],
    ['by operationId', ['users.index'], [], ['GET /api/users']],
    ['by METHOD /path', ['get /api/posts'], [], ['GET /api/posts']],
    ['by pattern', [], ['api/u*'], ['GET /api/users']],
    ['both', ['posts.index', 'users.index'], ['api/posts'], ['GET /api/posts']],
  ])('%s', (_name, operations, patterns, want) => {
    expect(selectOperations(all, operations, patterns).map(operationKey)).toEqual(want);
  });

  it.each([
    [['nothing'], [], '--operation "nothing" matches no operation of the document.'],
    [[], ['api/none*'], 'No operation of the document matches --pattern.'],
  ])('refuses %j %j', (operations, patterns, message) => {
    expect(() => selectOperations(all, operations, patterns)).toThrow(message);
  });
});

describe('planVerification', () => {
  const doc = {
    openapi: '3.0.3',
    info: { title: 't', version: '1' },
    paths: {
      '/things': {
        post: {
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['name'],
                  properties: { name: { type: 'string' } },
                },
              },
            },
          },
          responses: { '201': { description: '' }, '422': { description: '' } },
        },
      },
      '/things/{thing}': {
        get: {
          parameters: [{ name: 'thing', in: 'path', required: true, schema: { type: 'integer' } }],
          responses: { '200': { description: '' } },
        },
      },
      '/reports/{year}': {
        get: {
          parameters: [{ name: 'year', in: 'path', required: true, schema: { type: 'integer' } }],
          responses: { '200': { description: '' } },
        },
      },
    },
  } as unknown as OpenApiDocument;

  it('an invalid body before the valid one where a 422 is declared; where path values come from', () => {
    expect(
      planVerification(doc).checks.map(({ operation, kind, sources }) => ({
        operation,
        kind,
        sources,
      })),
    ).toEqual([
      { operation: 'POST /things', kind: 'invalid-body', sources: {} },
      { operation: 'POST /things', kind: 'valid', sources: {} },
      { operation: 'GET /things/{thing}', kind: 'valid', sources: { thing: 'POST /things' } },
      { operation: 'GET /reports/{year}', kind: 'valid', sources: { year: 'generated' } },
    ]);
  });
});
