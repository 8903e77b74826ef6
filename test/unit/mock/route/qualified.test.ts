import { describe, expect, it } from 'vitest';
import type { OpenApiDocument, OperationObject } from '../../../../src/core/types.js';
import { listOperations } from '../../../../src/core/engine/operations.js';
import { qualifiedRouter, type QualifiedRequest } from '../../../../src/mock/route/qualified.js';

const header = (name: string, value: string) => ({
  name,
  in: 'header',
  required: true,
  schema: { type: 'string', enum: [value] },
});
const query = (name: string, required = true) => ({
  name,
  in: 'query',
  required,
  schema: { type: 'string' },
});
const body = (type: string) => ({
  requestBody: { content: { [type]: { schema: { type: 'string' } } } },
});
const op = (extra: object = {}): OperationObject => ({
  responses: { '200': { description: 'ok' } },
  ...extra,
});

const doc = {
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  paths: {
    '/#X-Amz-Target=Svc.A': { post: op({ parameters: [header('X-Amz-Target', 'Svc.A')] }) },
    '/#X-Amz-Target=Svc.B': { post: op({ parameters: [header('X-Amz-Target', 'Svc.B')] }) },
    '/#Action=Describe': { get: op({ parameters: [query('Action')] }) },
    '/jobs?op=LIST': { get: op() },
    '/tags/{arn}': { get: op() },
    '/tags/{arn}#tagKeys': { delete: op({ parameters: [query('tagKeys')] }) },
    '/analyze': { post: op({ parameters: [query('url')] }) },
    '/analyze#overload=stream': { post: op(body('application/octet-stream')) },
    '/export?file={file}': {
      get: op({ parameters: [{ name: 'file', in: 'path', required: true }] }),
    },
    '/channels#app-instance-arn&x-amz-chime-bearer': {
      post: op({ parameters: [header('x-amz-chime-bearer', 'arn')] }),
    },
    '/channels#operation=search': {
      post: op({ parameters: [query('operation'), header('x-amz-chime-bearer', 'arn')] }),
    },
    '/buckets/{Bucket}': { get: op() },
    '/buckets/{Bucket}#lifecycle': { get: op() },
    '/wms/': {
      get: op({
        parameters: [
          { name: 'request', in: 'query', required: true, schema: { enum: ['GetMap'] } },
        ],
      }),
    },
    '/wms//': {
      get: op({
        parameters: [
          { name: 'request', in: 'query', required: true, schema: { enum: ['GetCapabilities'] } },
        ],
      }),
    },
    '/jobs': { get: op() },
    '/jobs/': { get: op({ parameters: [query('jobid')] }) },
    '/plans/{id}': { post: op() },
    '/plans/{id}/': { get: op() },
  },
} as unknown as OpenApiDocument;

const router = qualifiedRouter(doc, listOperations(doc), ['/v1'])!;
const request = (
  method: string,
  target: string,
  headers: Record<string, string> = {},
): QualifiedRequest => {
  const url = new URL(target, 'http://x');
  return { method, pathname: url.pathname, query: url.searchParams, headers };
};
const route = (r: QualifiedRequest) => {
  const found = router.match(r) ?? router.fallback(r);
  return found && { path: found.entry.path, params: found.params };
};

describe('qualifiedRouter: path keys with a query or fragment part', () => {
  it.each([
    [
      'a header value after #',
      request('POST', '/', { 'x-amz-target': 'Svc.B' }),
      '/#X-Amz-Target=Svc.B',
    ],
    ['a query value after #', request('GET', '/?Action=Describe'), '/#Action=Describe'],
    ['a query after ?', request('GET', '/jobs?op=LIST'), '/jobs?op=LIST'],
    ['the presence of a parameter', request('DELETE', '/tags/a1?tagKeys=x'), '/tags/{arn}#tagKeys'],
    ['the server base path stripped', request('GET', '/v1/jobs?op=LIST'), '/jobs?op=LIST'],
    [
      'an overload by body type',
      request('POST', '/analyze', { 'content-type': 'application/octet-stream' }),
      '/analyze#overload=stream',
    ],
    ['the plain key when nothing else fits', request('POST', '/analyze?url=x'), '/analyze'],
    [
      'an equal value over a mere presence',
      request('POST', '/channels?operation=search', { 'x-amz-chime-bearer': 'arn' }),
      '/channels#operation=search',
    ],
    [
      'an undeclared fragment name sent as a query key',
      request('GET', '/buckets/b1?lifecycle'),
      '/buckets/{Bucket}#lifecycle',
    ],
    ['... and the plain key without it', request('GET', '/buckets/b1'), '/buckets/{Bucket}'],
    [
      'keys alike but for a required enum (TomTom)',
      request('GET', '/wms//?request=GetCapabilities'),
      '/wms//',
    ],
    ['... either way', request('GET', '/wms/?request=GetMap'), '/wms/'],
    ['twins apart by their slash (useapi.net)', request('GET', '/jobs/?jobid=1'), '/jobs/'],
    ['... either one', request('GET', '/jobs'), '/jobs'],
    ['a trailing-slash twin', request('GET', '/plans/7/'), '/plans/{id}/'],
    ['... without the slash too', request('GET', '/plans/7'), '/plans/{id}/'],
  ])('%s', (_name, r, want) => {
    expect(route(r)?.path).toBe(want);
  });

  it('an unmet condition falls back to the operation, whose validation says what is missing', () => {
    expect(route(request('POST', '/'))?.path).toBe('/#X-Amz-Target=Svc.A');
    expect(router.match(request('POST', '/'))).toBeUndefined();
  });

  it('reads path parameters from the base and from a templated query value', () => {
    expect(route(request('DELETE', '/tags/arn%3Aaws?tagKeys=a'))?.params).toEqual({
      arn: 'arn:aws',
    });
    expect(route(request('GET', '/export?file=a.csv'))?.params).toEqual({ file: 'a.csv' });
    // The path's matches are kept; what a query value fills is each request's own.
    expect(route(request('GET', '/export?file=b.csv'))?.params).toEqual({ file: 'b.csv' });
    expect(route(request('GET', '/export?file=a.csv'))?.params).toEqual({ file: 'a.csv' });
  });

  it('is not built for documents without such keys', () => {
    const plain = { ...doc, paths: { '/a': { get: op() } } } as unknown as OpenApiDocument;
    expect(qualifiedRouter(plain, listOperations(plain))).toBeUndefined();
  });
});
