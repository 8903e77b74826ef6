import { describe, expect, it } from 'vitest';
import {
  endToEndHeaders,
  exposeToScripts,
  violationsHeader,
} from '../../../../src/mock/proxy/headers.js';
import { isUnrouted } from '../../../../src/mock/proxy/unrouted.js';
import {
  asUpstreamError,
  createUpstream,
  UpstreamError,
} from '../../../../src/mock/proxy/upstream.js';

const body = (value: unknown) => Buffer.from(JSON.stringify(value));
const declares404 = { responses: { '200': { description: '' }, '404': { description: '' } } };
const without404 = { responses: { '200': { description: '' } } };

describe('isUnrouted: the backend says it does not route the operation yet', () => {
  it.each([
    ['501', 501, body({ message: 'x' }), declares404, true],
    [
      'Laravel 9+ unknown route',
      404,
      body({ message: 'The route api/x could not be found.' }),
      declares404,
      true,
    ],
    ['Laravel 8 unknown route, no 404 declared', 404, body({ message: '' }), without404, true],
    ['Laravel 8 empty 404 where a 404 is declared', 404, body({ message: '' }), declares404, false],
    [
      'a missing model',
      404,
      body({ message: 'No query results for model [App\\Models\\User] 9' }),
      without404,
      false,
    ],
    [
      'Laravel 10 405',
      405,
      body({
        message:
          'The DELETE method is not supported for route api/x. Supported methods: GET, HEAD.',
      }),
      without404,
      true,
    ],
    [
      'Laravel 8 405',
      405,
      body({
        message: 'The DELETE method is not supported for this route. Supported methods: GET, HEAD.',
      }),
      without404,
      true,
    ],
    ['another 405', 405, body({ message: 'No.' }), without404, false],
    ['not JSON', 404, Buffer.from('<html>'), without404, false],
    ['a 200', 200, body({ message: '' }), without404, false],
  ])('%s', (_name, status, payload, operation, want) => {
    expect(isUnrouted(status, payload, operation)).toBe(want);
  });
});

describe('endToEndHeaders: what a proxy passes on', () => {
  it.each([
    ['keeps names and repeats', ['X-A', '1', 'x-a', '2'], {}, ['X-A', '1', 'x-a', '2']],
    [
      'drops hop-by-hop headers and Host',
      [
        'Host',
        'h',
        'Connection',
        'keep-alive',
        'Keep-Alive',
        '5',
        'Transfer-Encoding',
        'chunked',
        'Accept',
        '*/*',
      ],
      { connection: 'keep-alive' },
      ['Accept', '*/*'],
    ],
    [
      'drops what Connection names',
      ['X-Hop', '1', 'X-End', '2'],
      { connection: 'x-hop' },
      ['X-End', '2'],
    ],
  ])('%s', (_name, raw, headers, want) => {
    expect(endToEndHeaders(raw, headers)).toEqual(want);
  });
});

describe('violationsHeader: bounded, legal', () => {
  it.each([
    ['one', [{ location: '/a', message: 'm' }], '[{"location":"/a","message":"m"}]'],
    [
      'non-ASCII escaped',
      [{ location: '/é', message: '→' }],
      '[{"location":"/\\u00e9","message":"\\u2192"}]',
    ],
  ])('%s', (_name, violations, want) => {
    expect(violationsHeader(violations)).toBe(want);
  });

  it('lists ten and says how many more', () => {
    const many = Array.from({ length: 14 }, (_, i) => ({ location: `/x/${i}`, message: 'm' }));
    const list = JSON.parse(violationsHeader(many)) as { location: string; message: string }[];
    expect(list).toHaveLength(11);
    expect(list[10]).toEqual({ location: '', message: 'and 4 more (see the request log)' });
  });

  it('stays under 6 KiB whatever the messages', () => {
    const long = Array.from({ length: 5 }, () => ({ location: '/x', message: 'y'.repeat(4000) }));
    expect(violationsHeader(long).length).toBeLessThanOrEqual(6 * 1024);
  });
});

describe('exposeToScripts', () => {
  it.each([
    ['no CORS: nothing', ['a', '1'], ['a', '1']],
    [
      'CORS: exposed',
      ['access-control-allow-origin', '*'],
      ['access-control-allow-origin', '*', 'access-control-expose-headers', 'apidoc-violations'],
    ],
    [
      'added to a list',
      ['access-control-expose-headers', 'x-a'],
      ['access-control-expose-headers', 'x-a, apidoc-violations'],
    ],
  ])('%s', (_name, headers, want) => {
    const copy = [...headers];
    exposeToScripts(copy, 'apidoc-violations');
    expect(copy).toEqual(want);
  });
});

describe('asUpstreamError: what the client is told', () => {
  const upstream = createUpstream(new URL('http://127.0.0.1:8000/'), 500);
  const error = (code: string) => Object.assign(new Error(code), { code });
  it.each([
    [
      'ECONNREFUSED',
      502,
      'The backend at http://127.0.0.1:8000 refused the connection (ECONNREFUSED): is it running?',
    ],
    ['ENOTFOUND', 502, 'The backend at http://127.0.0.1:8000 could not be found (ENOTFOUND).'],
    ['ETIMEDOUT', 504, 'The backend at http://127.0.0.1:8000 did not answer within 500 ms.'],
    [
      'HPE_INVALID_CONSTANT',
      502,
      'The backend at http://127.0.0.1:8000 sent a response that is not valid HTTP (HPE_INVALID_CONSTANT).',
    ],
    [
      'ECONNRESET',
      502,
      'The backend at http://127.0.0.1:8000 closed the connection without a complete answer (ECONNRESET).',
    ],
  ])('%s', (code, status, message) => {
    const mapped = asUpstreamError(upstream, error(code));
    expect([mapped.status, mapped.message]).toEqual([status, message]);
  });

  it('keeps an UpstreamError as it is', () => {
    const timeout = new UpstreamError(504, 'x');
    expect(asUpstreamError(upstream, timeout)).toBe(timeout);
    upstream.agent.destroy();
  });
});
