import { describe, expect, it } from 'vitest';
import { checkResponse, responseContract } from '../../../src/core/contract/check.js';
import { matchMediaType } from '../../../src/core/contract/media.js';
import { listOperations } from '../../../src/core/engine/operations.js';
import type { OpenApiDocument } from '../../../src/core/types.js';

const DOC = {
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  paths: {
    '/posts': {
      get: {
        responses: {
          '200': {
            description: 'ok',
            headers: {
              'X-Total': { required: true, schema: { type: 'integer' } },
              'X-Trace': { schema: { type: 'string', pattern: '^t-' } },
            },
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['data'],
                  properties: {
                    data: { type: 'array', items: { $ref: '#/components/schemas/Post' } },
                  },
                },
              },
            },
          },
          '4XX': {
            description: 'client error',
            content: { 'application/json': { schema: { type: 'object' } } },
          },
          '204': { description: 'nothing' },
          '302': { description: 'moved' },
        },
      },
    },
    '/files': {
      get: {
        responses: {
          default: { description: 'any', content: { 'text/*': { schema: { type: 'string' } } } },
        },
      },
    },
  },
  components: {
    schemas: {
      Post: {
        type: 'object',
        required: ['id', 'title'],
        properties: {
          id: { type: 'integer' },
          title: { type: 'string' },
          status: { type: 'string', enum: ['draft', 'published'] },
          email: { type: 'string', format: 'email', nullable: true },
          secret: { type: 'string', writeOnly: true },
        },
      },
    },
  },
} as unknown as OpenApiDocument;

const [posts, files] = listOperations(DOC);
const JSON_TYPE = { 'content-type': 'application/json', 'x-total': '1' };

function judge(
  op: typeof posts,
  status: number,
  headers: Record<string, string>,
  body: unknown,
  method = 'GET',
) {
  const payload =
    body === undefined
      ? Buffer.alloc(0)
      : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  return checkResponse(responseContract(DOC, op!), { method, status, headers, body: payload });
}

describe('responseContract: a real answer against the declared responses', () => {
  it.each([
    ['a valid list', 200, JSON_TYPE, { data: [{ id: 1, title: 'a', email: null }] }, []],
    ['a declared range (4XX)', 404, { 'content-type': 'application/json' }, { message: '' }, []],
    ['204 without content', 204, {}, undefined, []],
    [
      'an undeclared status',
      500,
      JSON_TYPE,
      { message: 'Server Error' },
      [
        {
          location: '/response/status',
          message: 'status 500 is not declared (declared: 200, 204, 302, 4XX)',
        },
      ],
    ],
    [
      'a renamed field',
      200,
      JSON_TYPE,
      { data: [{ id: 1, headline: 'a' }] },
      [
        {
          location: '/response/body/data/0/title',
          message: "required property 'title' is missing (the object has undeclared 'headline')",
        },
      ],
    ],
    [
      'a wrong type',
      200,
      JSON_TYPE,
      { data: [{ id: '1', title: 'a' }] },
      [{ location: '/response/body/data/0/id', message: 'must be integer, is "1"' }],
    ],
    [
      'an enum',
      200,
      JSON_TYPE,
      { data: [{ id: 1, title: 'a', status: 'gone' }] },
      [
        {
          location: '/response/body/data/0/status',
          message: 'must be one of "draft", "published", is "gone"',
        },
      ],
    ],
    [
      'a format',
      200,
      JSON_TYPE,
      { data: [{ id: 1, title: 'a', email: 'nope' }] },
      [
        {
          location: '/response/body/data/0/email',
          message: 'must match format "email", is "nope"',
        },
      ],
    ],
    [
      'an undeclared media type',
      200,
      { 'content-type': 'text/html; charset=UTF-8', 'x-total': '1' },
      '<html>',
      [
        {
          location: '/response/headers/content-type',
          message: 'text/html is not declared for 200 (declared: application/json)',
        },
      ],
    ],
    [
      'no content type',
      200,
      { 'x-total': '1' },
      '{}',
      [
        {
          location: '/response/headers/content-type',
          message: 'no Content-Type where application/json is declared',
        },
      ],
    ],
    [
      'not JSON',
      200,
      JSON_TYPE,
      '{"data": [',
      [{ location: '/response/body', message: expect.stringMatching(/^is not valid JSON: /) }],
    ],
    [
      'an empty JSON body',
      200,
      JSON_TYPE,
      undefined,
      [{ location: '/response/body', message: 'is empty where a JSON body is declared' }],
    ],
    [
      'a required header missing',
      200,
      { 'content-type': 'application/json' },
      { data: [] },
      [{ location: '/response/headers/x-total', message: "required header 'X-Total' is missing" }],
    ],
    [
      'a header off its schema',
      200,
      { ...JSON_TYPE, 'x-total': 'many', 'x-trace': 'u-1' },
      { data: [] },
      [
        { location: '/response/headers/x-total', message: 'does not match its schema, is "many"' },
        { location: '/response/headers/x-trace', message: 'does not match its schema, is "u-1"' },
      ],
    ],
    ['204 says no body, whatever its headers', 204, { 'content-type': 'text/html' }, 'x', []],
    [
      'a body where none is declared',
      302,
      { 'content-type': 'application/json', 'content-length': '2' },
      '{}',
      [
        {
          location: '/response/headers/content-type',
          message: 'a body (application/json) where the document declares none for 302',
        },
      ],
    ],
    ['no body where none is declared', 302, { location: '/x' }, undefined, []],
  ])('%s', (_name, status, headers, body, want) => {
    expect(judge(posts, status, headers, body)).toEqual(want);
  });

  it('HEAD: the headers only', () => {
    expect(judge(posts, 200, JSON_TYPE, undefined, 'HEAD')).toEqual([]);
  });

  it('default covers any status; a range of types covers its members; text is not parsed', () => {
    expect(judge(files, 503, { 'content-type': 'text/plain' }, 'down')).toEqual([]);
    expect(judge(files, 200, { 'content-type': 'image/png' }, 'x')).toEqual([
      {
        location: '/response/headers/content-type',
        message: 'image/png is not declared for default (declared: text/*)',
      },
    ]);
  });

  it('sums up past 20 violations', () => {
    const data = Array.from({ length: 30 }, (_, i) => ({ id: i }));
    const found = judge(posts, 200, JSON_TYPE, { data });
    expect(found).toHaveLength(21);
    expect(found[20]).toEqual({
      location: '/response/body',
      message: 'and 10 more violation(s) of the schema',
    });
  });
});

describe('matchMediaType', () => {
  const media = { schema: {} };
  it.each([
    ['exact', { 'application/json': media }, 'application/json', 'application/json'],
    [
      'with parameters',
      { 'application/json; charset=utf-8': media },
      'application/json',
      'application/json; charset=utf-8',
    ],
    ['exact before range', { 'text/*': media, 'text/csv': media }, 'text/csv', 'text/csv'],
    ['range before any', { '*/*': media, 'text/*': media }, 'text/plain', 'text/*'],
    ['any', { '*/*': media }, 'image/png', '*/*'],
    ['none', { 'application/json': media }, 'text/html', undefined],
  ])('%s', (_name, content, sent, want) => {
    expect(matchMediaType(content, sent)?.[0]).toBe(want);
  });
});
