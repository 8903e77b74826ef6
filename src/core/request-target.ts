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
