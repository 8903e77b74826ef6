import type { IncomingMessage } from 'node:http';
import { unescape } from 'node:querystring';
import { inputLimitError, readFields, type FieldsResult } from './input-fields.js';

/** Laravel's default `post_max_size` is 8M; the contract sets 10 MiB. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The whole request body, refusing more than `limit` bytes with a 413 before buffering it all.
 * A body that never finishes (the client went away, or the server's request timeout cut it
 * off) settles too, as a 400 no one will read, so that what was buffered is let go. `done` is
 * called once, with the body or the error: a callback, not a promise, since every request with
 * a body waits here.
 */
export function readBody(
  req: IncomingMessage,
  done: (result: Buffer | HttpError) => void,
  limit = MAX_BODY_BYTES,
): void {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) {
    req.resume();
    return done(tooLarge(limit));
  }
  let chunks: Buffer[] = [];
  let size = 0;
  let settled = false;
  const settle = (result: Buffer | HttpError) => {
    if (settled) return;
    settled = true;
    chunks = [];
    done(result);
  };
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= limit) chunks.push(chunk);
    else {
      req.removeAllListeners('data');
      req.resume();
      settle(tooLarge(limit));
    }
  });
  req.on('end', () => settle(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
  // 'close' comes after every request: the error (and its stack) only when it went unfinished.
  const unfinished = () => {
    if (!settled) settle(new HttpError(400, 'The request body was not completed.'));
  };
  req.on('error', unfinished);
  req.on('close', unfinished);
}

function tooLarge(limit: number): HttpError {
  return new HttpError(413, `The request body is larger than ${limit / 1024 / 1024} MiB.`);
}

/** Whether a body follows the headers: only with a length or a transfer coding (RFC 9112 §6.3). */
export function sendsBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** `application/json; charset=utf-8` → `application/json`. */
export function mediaTypeOf(header: string | undefined): string | undefined {
  const type = header?.split(';')[0]?.trim().toLowerCase();
  return type || undefined;
}

export function isJsonMediaType(type: string): boolean {
  return (
    type === 'application/json' || type.endsWith('+json') || /^application\/[^;]*json/.test(type)
  );
}

export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  if (!header) return cookies;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq <= 0) continue;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    try {
      cookies[name] = decodeURIComponent(value);
    } catch {
      cookies[name] = value;
    }
  }
  return cookies;
}

/**
 * A form body as PHP (and so Laravel) reads it: `a[b][0]=x` nests, `tags[]=x` appends,
 * a repeated plain key keeps the last value (see input-fields.ts). Past PHP's limits, none.
 */
export function parseFormBody(text: string): Record<string, unknown> {
  const read = parseForm(text, false);
  return 'fields' in read ? read.fields : Object.create(null);
}

/**
 * The fields of a form as sent: PHP's reading, except that a repeated plain key gathers its
 * values (`tags=a&tags=b`, OpenAPI's exploded form array); the request body's check decides
 * which of those fields are lists (the others keep their last value, as PHP would).
 * @see https://spec.openapis.org/oas/v3.0.3#encoding-object
 */
export function parseFormFields(text: string): FieldsResult {
  return parseForm(text, true);
}

function parseForm(text: string, gather: boolean): FieldsResult {
  const pairs: [string, string][] = [];
  for (let at = 0; at <= text.length;) {
    let end = text.indexOf('&', at);
    if (end < 0) end = text.length;
    if (end > at) {
      // Counted as they are read: 10 MiB of `a&a&...` is five million pairs, never held.
      const error = inputLimitError(pairs.length + 1);
      if (error) return { error };
      const eq = text.indexOf('=', at);
      pairs.push(
        eq < 0 || eq > end
          ? [formDecode(text.slice(at, end)), '']
          : [formDecode(text.slice(at, eq)), formDecode(text.slice(eq + 1, end))],
      );
    }
    at = end + 1;
  }
  return readFields(pairs, gather);
}

/**
 * A name or value of `application/x-www-form-urlencoded` as URLSearchParams decodes it: `+` is
 * a space, `%XX` a byte, malformed escapes left as they are and invalid UTF-8 replaced
 * (querystring's `unescape` falls back so, where `decodeURIComponent` throws).
 * @see https://url.spec.whatwg.org/#urlencoded-parsing
 */
function formDecode(text: string): string {
  const spaced = text.includes('+') ? text.replaceAll('+', ' ') : text;
  return spaced.includes('%') ? unescape(spaced) : spaced;
}
