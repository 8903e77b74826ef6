import type { IncomingMessage } from 'node:http';

const BASE = 'http://localhost';

/**
 * The path and query a request asks for, from its request target alone: origin form
 * (`/api/users?page=2`, `//x:99999/` being a path too), absolute form (`http://host/path`) or,
 * leniently, anything else resolved against `/`. Never from the `Host` header, which a client
 * may set to anything (`Host: 127.0.0.1/api/categories?` must not reroute `GET /nope`).
 * Undefined when the target is no URL (`http://%zz/`): a 400, not an exception.
 * @see https://www.rfc-editor.org/rfc/rfc9112#section-3.2
 */
export function requestTarget(target: string): URL | undefined {
  try {
    if (target.startsWith('/')) return new URL(BASE + target);
    if (URL.canParse(target)) {
      const url = new URL(target);
      return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
    }
    return new URL(target, `${BASE}/`);
  } catch {
    return undefined;
  }
}

/** A request's query, to read: shared between the requests that send the same one. */
export type ReadonlyQuery = Pick<
  URLSearchParams,
  'get' | 'getAll' | 'has' | 'keys' | 'values' | 'entries' | 'forEach' | 'size' | 'toString'
> &
  Iterable<[string, string]>;

/** What a request asks for: its path as URL parsing normalises it, and its query (`?a=1` or ''). */
export interface RequestPath {
  pathname: string;
  search: string;
}

/**
 * A path that URL parsing leaves as it is: origin form, only characters it does not escape,
 * no dot segment (`/.`, `%2e`) to resolve, no `//` that could be read as an authority.
 */
const PLAIN_PATH = /^\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@/%]*$/;
const DOT_SEGMENT = /\/\.|%2e/i;

/**
 * `requestTarget(target)`'s path and query, without building a URL for the usual target: one
 * regular expression tells that parsing would change nothing, and every other target is
 * parsed. Undefined when the target is no URL.
 */
export function requestPath(target: string): RequestPath | undefined {
  const query = target.indexOf('?');
  const path = query < 0 ? target : target.slice(0, query);
  if (PLAIN_PATH.test(path) && !DOT_SEGMENT.test(path) && !target.includes('#', query)) {
    // `?` alone is no query, as URL's `search` says.
    return {
      pathname: path,
      search: query < 0 || query === target.length - 1 ? '' : target.slice(query),
    };
  }
  const url = requestTarget(target);
  return url && { pathname: url.pathname, search: url.search };
}

/** `host`, `host:port`, `[::1]:port`: what a `Host` header holds when it is one. */
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9\-._~!$&'()*+,;=%]+)(?::\d{1,5})?$/;

/**
 * The origin the client addressed (`http://api.test:8081`), for absolute links in responses:
 * its `Host` header when that is a host, else the address it reached.
 */
export function requestOrigin(req: IncomingMessage): string {
  const host = req.headers.host;
  if (host !== undefined && HOST.test(host) && URL.canParse(`http://${host}/`)) {
    return `http://${host}`;
  }
  const { localAddress = '127.0.0.1', localPort } = req.socket;
  const address = localAddress.includes(':') ? `[${localAddress}]` : localAddress;
  return `http://${address}${localPort === undefined ? '' : `:${localPort}`}`;
}
