import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../../../src/core/types.js';
import { listOperations, type OperationEntry } from '../../../../src/core/engine/operations.js';
import { buildRouter } from '../../../../src/mock/route/tree.js';
import { bucketOf, requestRouter } from '../../../../src/mock/route/match.js';

const paths: [OperationEntry['method'], string][] = [
  ['get', '/v1/{name}'],
  ['delete', '/v1/{name}'],
  ['post', '/v1/{name}:archive'],
  ['get', "/datasources('{dataSourceName}')"],
  ['put', '/services/buildkite'],
  ['get', '/services/{slug}'],
  ['get', '/objects/{Bucket}/{Key+}'],
  ['get', '/groups/{groupName}'],
  ['put', '/groups/{name}'],
  ['get', '/v2/{name}'],
  ['get', '/v2/{resource}:getIamPolicy'],
  ['post', '/v1/special:archive'],
  ['get', '/v3/items/{id}.json'],
];
const doc = {
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  servers: [{ url: '/api' }],
  paths: {},
} as OpenApiDocument;
for (const [method, path] of paths) {
  doc.paths![path] = { ...doc.paths![path], [method]: { responses: {} } };
}
// Two parameters side by side, told apart by the second one's enum.
doc.paths!['/profiles/{id}{ext}'] = {
  get: {
    parameters: [{ name: 'ext', in: 'path', required: true, schema: { enum: ['.json', '.xml'] } }],
    responses: {},
  },
};
const routing = requestRouter(doc, buildRouter(listOperations(doc)));
const route = (method: string, pathname: string) => {
  const found = routing.route({ method, pathname, query: new URLSearchParams(), headers: {} });
  return found.kind === 'found' ? [found.entry.path, found.params] : found.kind;
};

describe('requestRouter: templates matched by the letter where the radix router cannot', () => {
  it.each([
    [
      "Google's custom verb",
      'POST',
      '/v1/books%2F1:archive',
      ['/v1/{name}:archive', { name: 'books/1' }],
    ],
    ['the plain template beside it', 'DELETE', '/v1/books', ['/v1/{name}', { name: 'books' }]],
    [
      'a parameter between quotes',
      'GET',
      "/datasources('ds-1')",
      ["/datasources('{dataSourceName}')", { dataSourceName: 'ds-1' }],
    ],
    [
      'a concrete path without the method',
      'GET',
      '/services/buildkite',
      ['/services/{slug}', { slug: 'buildkite' }],
    ],
    ['the concrete path with it', 'PUT', '/services/buildkite', ['/services/buildkite', {}]],
    [
      'a greedy label',
      'GET',
      '/objects/b1/a/b.txt',
      ['/objects/{Bucket}/{Key+}', { Bucket: 'b1', Key: 'a/b.txt' }],
    ],
    ['under the server base path', 'DELETE', '/api/v1/x', ['/v1/{name}', { name: 'x' }]],
    ['a template merged with a twin', 'PUT', '/groups/g1', ['/groups/{name}', { name: 'g1' }]],
    [
      'the more concrete of two matching templates',
      'GET',
      '/v2/r1:getIamPolicy',
      ['/v2/{resource}:getIamPolicy', { resource: 'r1' }],
    ],
    ['the less concrete one for the rest', 'GET', '/v2/r1', ['/v2/{name}', { name: 'r1' }]],
    [
      'HEAD, by the GET template with a parameter inside a segment',
      'HEAD',
      '/v2/r1:getIamPolicy',
      ['/v2/{resource}:getIamPolicy', { resource: 'r1' }],
    ],
    [
      'a concrete path the router finds, over a template with a parameter inside a segment',
      'POST',
      '/v1/special:archive',
      ['/v1/special:archive', {}],
    ],
    [
      'a literal segment sent percent-encoded',
      'GET',
      '/v3/%69tems/5.json',
      ['/v3/items/{id}.json', { id: '5' }],
    ],
    [
      'the template with the parameter inside a segment for the others',
      'POST',
      '/v1/other:archive',
      ['/v1/{name}:archive', { name: 'other' }],
    ],
    [
      'adjacent parameters',
      'GET',
      '/profiles/a.b.json',
      ['/profiles/{id}{ext}', { id: 'a.b', ext: '.json' }],
    ],
    ['nothing there', 'GET', '/nope', 'not-found'],
  ])('%s', (_name, method, pathname, want) => {
    expect(route(method, pathname)).toEqual(want);
  });
});

describe('requestRouter: each path routed once, then looked up', () => {
  it('answers a path asked again as it did the first time', () => {
    const first = route('POST', '/v1/books%2F1:archive');
    for (let i = 0; i < 3; i++) expect(route('POST', '/v1/books%2F1:archive')).toEqual(first);
    expect(route('DELETE', '/v1/books%2F1:archive')).toEqual([
      '/v1/{name}',
      { name: 'books/1:archive' },
    ]);
  });

  it('still reads the query and headers of every request where a qualified key may match', () => {
    const qualified = {
      ...doc,
      paths: {
        '/jobs': { get: { responses: {} } },
        '/jobs?op=LIST': { get: { responses: {} } },
        '/#Action=A': {
          get: { parameters: [{ name: 'Action', in: 'query', required: true }], responses: {} },
        },
        '/#Action=B': {
          get: { parameters: [{ name: 'Action', in: 'query', required: true }], responses: {} },
        },
      },
    } as unknown as OpenApiDocument;
    const router = requestRouter(qualified, buildRouter(listOperations(qualified)));
    const path = (target: string) => {
      const url = new URL(target, 'http://x');
      const found = router.route({
        method: 'GET',
        pathname: url.pathname,
        query: url.searchParams,
        headers: {},
      });
      return found.kind === 'found' ? found.entry.path : found.kind;
    };
    for (let i = 0; i < 2; i++) {
      expect(path('/jobs?op=LIST')).toBe('/jobs?op=LIST');
      expect(path('/jobs')).toBe('/jobs');
      expect(path('/?Action=B')).toBe('/#Action=B');
      expect(path('/?Action=A')).toBe('/#Action=A');
      // No condition met: the first key, whose validation says what is missing.
      expect(path('/')).toBe('/#Action=A');
    }
  });
});

describe('bucketOf: segment count and first segment', () => {
  it.each([
    ['/users/5/posts', '3|users'],
    ['/users/5/posts/', '3|users'],
    ['/users//5', '3|users'],
    ['/', '0|'],
    ['', '0|'],
    ['/a', '1|a'],
    ['users/5', '1|5'],
    ['nothing', '0|'],
  ])('%s → %s', (pathname, want) => {
    expect(bucketOf(pathname)).toBe(want);
  });
});
