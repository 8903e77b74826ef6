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
  payload?: Buffer;
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

export function prepare(reply: Reply): PreparedReply {
  const headers: OutgoingHttpHeaders = { ...reply.headers };
  let payload: Buffer | undefined;
  if (reply.body !== undefined && reply.status !== 204 && reply.status !== 304) {
    const type = reply.contentType ?? 'application/json';
    const json = isJsonMediaType(type.toLowerCase());
    payload = Buffer.isBuffer(reply.body)
      ? reply.body
      : Buffer.from(
          typeof reply.body === 'string' && !json ? reply.body : JSON.stringify(reply.body),
        );
    headers['content-type'] = json || !type.startsWith('text/') ? type : `${type}; charset=utf-8`;
    headers['content-length'] = payload.length;
  }
  const expose = exposeHeaders(headers);
  if (expose) headers['access-control-expose-headers'] = expose;
  const flat = Object.entries(headers).flatMap(([name, value]) => [name, String(value)]);
  return { prepared: true, status: reply.status, headers: flat, payload };
}

/** The reply ready for the wire (prepared once). */
export function ready(reply: Reply | PreparedReply): PreparedReply {
  return 'prepared' in reply ? reply : prepare(reply);
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
