import { describe, expect, it } from 'vitest';
import type { OperationObject, PathItemObject } from '../../../../src/core/types.js';
import type { OperationEntry } from '../../../../src/core/engine/operations.js';
import { buildRouter, serverBasePaths, toRoutePattern } from '../../../../src/mock/route/tree.js';

const op = (method: OperationEntry['method'], path: string): OperationEntry => ({
  method,
  path,
  operation: { summary: `${method} ${path}` } as OperationObject,
  pathItem: {} as PathItemObject,
});

const router = buildRouter([
  op('get', '/api/users'),
  op('post', '/api/users'),
  op('get', '/api/users/{id}'),
  op('delete', '/api/users/{id}'),
  op('get', '/api/users/{user-id}/files/{name}.{ext}'),
  op('put', '/api/things/{thing_id}'),
  op('get', '/api/search:run'),
]);

describe('toRoutePattern', () => {
  it.each([
    ['/api/users/{id}', '/api/users/:p0', ['id']],
    ['/files/{name}.{ext}', '/files/:p0.:p1', ['name', 'ext']],
    ['/a/{b-c}', '/a/:p0', ['b-c']],
    ['/rpc/search:run', '/rpc/search::run', []],
    ['no-slash', '/no-slash', []],
  ])('%s', (template, pattern, names) => {
    expect(toRoutePattern(template)).toEqual({ pattern, paramNames: names });
  });
});

describe('buildRouter', () => {
  it.each([
    ['static path', 'GET', '/api/users', { kind: 'found', params: {} }],
    ['trailing slash ignored', 'GET', '/api/users/', { kind: 'found', params: {} }],
    ['path parameter', 'GET', '/api/users/42', { kind: 'found', params: { id: '42' } }],
    [
      'percent-decoded parameter',
      'DELETE',
      '/api/users/a%20b',
      { kind: 'found', params: { id: 'a b' } },
    ],
    [
      'parameters with dashes and dots',
      'GET',
      '/api/users/7/files/report.pdf',
      { kind: 'found', params: { 'user-id': '7', name: 'report', ext: 'pdf' } },
    ],
    ['HEAD follows GET', 'HEAD', '/api/users', { kind: 'found', params: {} }],
    ['colon in a static segment', 'GET', '/api/search:run', { kind: 'found', params: {} }],
  ])('%s', (_name, method, path, want) => {
    expect(router.match(method, path)).toMatchObject(want);
  });

  it.each([
    ['unknown path', 'GET', '/api/nope', { kind: 'not-found' }],
    [
      'known path, other method',
      'PATCH',
      '/api/users/1',
      { kind: 'method-not-allowed', allowed: ['GET', 'HEAD', 'DELETE'] },
    ],
    [
      'no GET, so no HEAD',
      'GET',
      '/api/things/1',
      { kind: 'method-not-allowed', allowed: ['PUT'] },
    ],
    [
      'collection',
      'PUT',
      '/api/users',
      { kind: 'method-not-allowed', allowed: ['GET', 'HEAD', 'POST'] },
    ],
  ])('%s', (_name, method, path, want) => {
    expect(router.match(method, path)).toEqual(want);
  });

  it('merges templates that differ only in parameter names, with a warning', () => {
    const warnings: { message: string }[] = [];
    const merged = buildRouter([op('get', '/users/{id}'), op('put', '/users/{user}')], warnings);
    expect(merged.methodsFor('/users/1')).toEqual(['GET', 'HEAD', 'PUT']);
    expect(warnings).toHaveLength(1);
  });
});

describe('server base paths', () => {
  it.each([
    ['none', undefined, []],
    ['a host only', [{ url: 'https://api.example.test' }], []],
    ['a path', [{ url: 'https://api.example.test/v1/' }], ['/v1']],
    [
      'relative, templated, longest first',
      [{ url: '/api' }, { url: 'https://{region}.example.test/api/v2' }],
      ['/api/v2', '/api'],
    ],
  ])('%s', (_name, servers, want) => {
    expect(serverBasePaths(servers)).toEqual(want);
  });

  it("serves paths with and without the server URL's path", () => {
    const r = buildRouter([op('get', '/pets/{id}')], [], ['/v1']);
    expect(r.match('GET', '/pets/1')).toMatchObject({ kind: 'found', params: { id: '1' } });
    expect(r.match('GET', '/v1/pets/1')).toMatchObject({ kind: 'found', params: { id: '1' } });
    expect(r.match('GET', '/v2/pets/1')).toEqual({ kind: 'not-found' });
  });
});
