import { describe, expect, it } from 'vitest';
import type { Finding } from '../../../../src/core/errors.js';
import { createAssembly } from '../../../../src/laravel/model/assembly.js';
import { emitOperation } from '../../../../src/laravel/emit/operation.js';
import type { Endpoint, Reply } from '../../../../src/laravel/model/endpoint.js';
import { resolveReplies, type ReplyInput } from '../../../../src/laravel/model/replies.js';
import type { Type } from '../../../../src/laravel/infer/type.js';
import { ClassIndex } from '../../../../src/laravel/project/classes.js';
import { CONFIG } from '../helpers.js';

const NONE: Omit<ReplyInput, 'method'> = {
  statuses: [],
  secured: false,
  forbids: false,
  bound: false,
  throttled: false,
};
const SHAPE: Type = {
  kind: 'shape',
  fields: [{ key: 'id', type: { kind: 'scalar', type: 'integer' } }],
};
const CREATED: Type = { kind: 'model', class: 'App\\Models\\Post', created: 'yes' };
const returns = (...types: Type[]) => types.map((type, i) => ({ type, line: 10 + i }));

/** The resolver: what an operation answers, status by status, from its typed returns. */
const REPLIES: [string, ReplyInput, [status: number, kind: Reply['kind']][]][] = [
  ['no handler to read', { ...NONE, method: 'get' }, [[200, 'unknown']]],
  ['a typed array', { ...NONE, method: 'get', returns: returns(SHAPE) }, [[200, 'json']]],
  [
    'a created model is a 201, never on GET',
    { ...NONE, method: 'post', returns: returns(CREATED) },
    [[201, 'json']],
  ],
  [
    'GET with a created model',
    { ...NONE, method: 'get', returns: returns(CREATED) },
    [[200, 'json']],
  ],
  [
    'noContent() and an error branch of its own',
    {
      ...NONE,
      method: 'delete',
      returns: returns(
        { kind: 'response', status: 204 },
        { kind: 'response', status: 409, body: SHAPE },
      ),
    },
    [
      [204, 'empty'],
      [409, 'json'],
    ],
  ],
  [
    'a branch that cannot be typed does not hide one that can',
    { ...NONE, method: 'get', returns: returns({ kind: 'unknown', reason: 'x' }, SHAPE) },
    [[200, 'json']],
  ],
  [
    "a catch block's answer without an error status gives way to the try path's success",
    {
      ...NONE,
      method: 'post',
      returns: [
        { type: { kind: 'response', status: 201, body: SHAPE }, line: 10 },
        { type: { kind: 'scalar', type: 'string' }, line: 12, caught: true },
        { type: { kind: 'response', status: 500, body: SHAPE }, line: 13, caught: true },
      ],
    },
    [
      [201, 'json'],
      [500, 'json'],
    ],
  ],
  [
    'a catch block that is the only answer still documents it',
    {
      ...NONE,
      method: 'get',
      returns: [
        { type: { kind: 'response', status: 500, body: SHAPE }, line: 10 },
        { type: SHAPE, line: 12, caught: true },
      ],
    },
    [
      [200, 'json'],
      [500, 'json'],
    ],
  ],
  [
    'a download is bytes',
    { ...NONE, method: 'get', returns: returns({ kind: 'file', media: 'text/csv' }) },
    [[200, 'bytes']],
  ],
  [
    'auth, binding, abort(), validation and throttle add their errors in status order',
    {
      method: 'put',
      returns: returns(SHAPE),
      statuses: [409],
      secured: true,
      forbids: false,
      bound: true,
      throttled: true,
      validation: { rules: { title: 'required' } } as unknown as ReplyInput['validation'],
    },
    [
      [200, 'json'],
      [401, 'error'],
      [403, 'error'],
      [404, 'error'],
      [409, 'error'],
      [422, 'validation'],
      [429, 'throttled'],
    ],
  ],
];

describe('endpoint: replies resolved from typed returns', () => {
  it.each(REPLIES)('%s', (_name, input, want) => {
    const { replies } = resolveReplies(input);
    expect(replies.map((r) => [r.status, r.kind])).toEqual(want);
  });

  it('says why and where when the success response cannot be inferred', () => {
    const { replies, notInferred } = resolveReplies({
      ...NONE,
      method: 'get',
      returns: [{ type: { kind: 'unknown', reason: '->total()' }, line: 42 }],
    });
    expect(notInferred).toEqual({ line: 42, reason: 'what `->total()` gives could not be typed' });
    expect(replies[0]).toMatchObject({
      description: 'Successful response (not inferred: what `->total()` gives could not be typed)',
    });
  });
});

describe('emit: an endpoint as an OpenAPI operation', () => {
  const warnings: Finding[] = [];
  const { asm } = createAssembly(new Map(), new ClassIndex(new Map()), CONFIG, warnings);
  const endpoint: Endpoint = {
    path: '/api/posts/{post}',
    method: 'put',
    operationId: 'posts.update',
    tags: ['Posts'],
    summary: 'Update a post',
    deprecated: true,
    parameters: [
      {
        name: 'post',
        in: 'path',
        required: true,
        value: { kind: 'value', rules: { type: 'integer' } },
      },
    ],
    replies: resolveReplies({ ...NONE, method: 'put', returns: returns(SHAPE), secured: true })
      .replies,
    security: [{ bearerAuth: [] }],
    warnings: [{ code: 'response-not-inferred', message: 'm' }],
  };

  it('writes the keys in the document order, errors as shared responses', () => {
    const operation = emitOperation(endpoint, asm);
    expect(Object.keys(operation)).toEqual([
      'tags',
      'summary',
      'operationId',
      'parameters',
      'responses',
      'security',
      'deprecated',
    ]);
    expect(operation.responses).toEqual({
      200: {
        description: 'Successful response',
        content: {
          'application/json': {
            schema: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
          },
        },
      },
      401: { $ref: '#/components/responses/Unauthenticated' },
      403: { $ref: '#/components/responses/Forbidden' },
    });
  });

  it("makes the endpoint's warnings the run's", () => {
    expect(warnings).toContainEqual({ code: 'response-not-inferred', message: 'm' });
  });
});
