import type { OutgoingHttpHeaders } from 'node:http';
import { boundedCache, type BoundedCache } from '../cache.js';
import { exposeHeaders } from './cors.js';
import { isJsonMediaType } from '../../core/engine/http.js';

/** What a pipeline step answers: a status, headers and a body not yet serialised. */
export interface Reply {
  status: number;
  headers?: OutgoingHttpHeaders;
  /** A JSON value, or a string/Buffer sent as it is with `contentType`. */
  body?: unknown;
  contentType?: string;
}

/** A reply ready for the wire: serialised once, so it can be cached and sent many times. */
export interface PreparedReply {
  prepared: true;
  status: number;
  /** Header names and values, flat (`[name, value, name, value]`), as `writeHead` takes them. */
  headers: string[];
  /** The body: bytes, or text for a reply sent once (see `readyOnce`). */
  payload?: Buffer | string;
  /** `headers` with the CORS headers of a request without `Origin`, made on first use. */
  anyOrigin?: string[];
}

export function messageReply(
  status: number,
  message: string,
  headers?: OutgoingHttpHeaders,
): Reply {
  return { status, body: { message }, headers };
}

/**
 * The reply serialised. `once`: it is sent once, never kept, so a body serialised here stays
 * text: Node writes the head and a text body as one string, and no Buffer is made for it.
 */
export function prepare(reply: Reply, once = false): PreparedReply {
  const { body, status } = reply;
  if (body === undefined || status === 204 || status === 304) {
    return { prepared: true, status, headers: flatHeaders({ ...reply.headers }) };
  }
  const type = reply.contentType ?? 'application/json';
  const json = isJsonMediaType(type.toLowerCase());
  let payload: Buffer | string;
  let length: number;
  if (Buffer.isBuffer(body)) {
    payload = body;
    length = body.length;
  } else {
    const text = typeof body === 'string' && !json ? body : JSON.stringify(body);
    payload = once ? text : Buffer.from(text);
    length = once ? Buffer.byteLength(text) : payload.length;
  }
  const contentType = json || !type.startsWith('text/') ? type : `${type}; charset=utf-8`;
  // Most replies (every stateful one) have no headers of their own: nothing to expose.
  if (reply.headers === undefined) {
    const headers = ['content-type', contentType, 'content-length', String(length)];
    return { prepared: true, status, headers, payload };
  }
  const headers: OutgoingHttpHeaders = { ...reply.headers };
  headers['content-type'] = contentType;
  headers['content-length'] = length;
  return { prepared: true, status, headers: flatHeaders(headers), payload };
}

/** The headers as `writeHead` takes them, with the CORS header that exposes the reply's own. */
function flatHeaders(headers: OutgoingHttpHeaders): string[] {
  const expose = exposeHeaders(headers);
  if (expose) headers['access-control-expose-headers'] = expose;
  return Object.entries(headers).flatMap(([name, value]) => [name, String(value)]);
}

/** The reply ready for the wire (prepared once). */
export function ready(reply: Reply | PreparedReply): PreparedReply {
  return 'prepared' in reply ? reply : prepare(reply);
}

/** The reply ready for the wire, to be sent once and not kept (see `prepare`). */
export function readyOnce(reply: Reply | PreparedReply): PreparedReply {
  return 'prepared' in reply ? reply : prepare(reply, true);
}

/** Replies kept to be sent again (see `boundedCache`): at most 2,000, and 16 MiB of bodies. */
export function replyCache(
  maxEntries = 2_000,
  maxBytes = 16 * 1024 * 1024,
): BoundedCache<PreparedReply> {
  return boundedCache(maxEntries, maxBytes, (reply) => reply.payload?.length ?? 0);
}

/** Not an answer: the connection is reset instead (`--fail-mode reset`). */
export const RESET_CONNECTION: PreparedReply = { prepared: true, status: 0, headers: [] };
