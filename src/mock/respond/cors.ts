import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';

/** Response headers a browser always exposes. @see https://fetch.spec.whatwg.org/#cors-safelisted-response-header-name */
const SAFELISTED = new Set([
  'cache-control',
  'content-language',
  'content-length',
  'content-type',
  'expires',
  'last-modified',
  'pragma',
]);

/**
 * CORS for every response: the mock is called from browsers on other origins (a Vite dev
 * server on :5173 calling the mock on :8081), with cookies or Authorization headers. The part
 * that depends on the request's `Origin` follows the reply's own headers, in a flat list.
 * @see https://fetch.spec.whatwg.org/#http-cors-protocol
 */
export function withOriginHeaders(
  headers: readonly string[],
  origin: string | undefined,
): string[] {
  const out = [...headers, 'access-control-allow-origin', origin ?? '*', 'vary', 'Origin'];
  if (origin !== undefined) out.push('access-control-allow-credentials', 'true');
  return out;
}

/** The response's own headers a browser script may read: worked out once per prepared reply. */
export function exposeHeaders(response: OutgoingHttpHeaders): string | undefined {
  const own = Object.keys(response).filter(
    (name) => !name.startsWith('access-control-') && name !== 'vary' && !SAFELISTED.has(name),
  );
  return own.length > 0 ? own.join(', ') : undefined;
}

export function isPreflight(method: string, headers: IncomingHttpHeaders): boolean {
  return (
    method === 'OPTIONS' &&
    headers.origin !== undefined &&
    headers['access-control-request-method'] !== undefined
  );
}

const ALL_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

/** The 204 answer to a preflight: no auth, no validation, cacheable for a day. */
export function preflightHeaders(
  headers: IncomingHttpHeaders,
  methods: string[] | undefined,
): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {
    'access-control-allow-methods': methods ? [...methods, 'OPTIONS'].join(', ') : ALL_METHODS,
    'access-control-max-age': '86400',
  };
  const requested = headers['access-control-request-headers'];
  if (requested) out['access-control-allow-headers'] = requested;
  return out;
}
