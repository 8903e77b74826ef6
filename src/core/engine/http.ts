import type { IncomingMessage } from 'node:http';

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

/** The whole request body, refusing more than `limit` bytes with a 413 before buffering it all. */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) {
    req.resume();
    return Promise.reject(tooLarge(limit));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        reject(tooLarge(limit));
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function tooLarge(limit: number): HttpError {
  return new HttpError(413, `The request body is larger than ${limit / 1024 / 1024} MiB.`);
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
 * a repeated plain key keeps the last value.
 */
export function parseFormBody(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) addField(root, key, value, false);
  return root;
}

/**
 * The fields of a form as sent: PHP's reading, except that a repeated plain key gathers its
 * values (`tags=a&tags=b`, OpenAPI's exploded form array); the request body's check decides
 * which of those fields are lists (the others keep their last value, as PHP would).
 * @see https://spec.openapis.org/oas/v3.0.3#encoding-object
 */
export function parseFormFields(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) addField(root, key, value);
  return root;
}

/** Adds one field by its PHP name (`a[b][]`); a plain name sent twice becomes a list if `gather`. */
export function addField(
  root: Record<string, unknown>,
  key: string,
  value: unknown,
  gather = true,
): void {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) {
    setField(root, key, value, gather);
    return;
  }
  const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
  if (path.length === 1) setField(root, key, value, gather);
  else assignPath(root, path, value);
}

function setField(root: Record<string, unknown>, key: string, value: unknown, gather: boolean) {
  const current = Object.hasOwn(root, key) ? root[key] : undefined;
  if (!gather || current === undefined) {
    defineField(root, key, value);
    return;
  }
  if (Array.isArray(current) && repeated.has(current)) current.push(value);
  else {
    const list = [current, value];
    repeated.add(list);
    defineField(root, key, list);
  }
}

/** Lists made by repeating a key (not by `[]`), which a scalar field may fold back. */
export const repeated = new WeakSet<unknown[]>();

/** A field named `__proto__` is data, not the object's prototype. */
function defineField(root: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(root, key, { value, enumerable: true, writable: true, configurable: true });
}

function assignPath(root: Record<string, unknown>, path: string[], value: unknown): void {
  let node: Record<string, unknown> | unknown[] = root;
  path.forEach((segment, i) => {
    const last = i === path.length - 1;
    const container = node as Record<string, unknown>;
    const key = segment === '' && Array.isArray(node) ? String(node.length) : segment;
    if (last) {
      container[key] = value;
      return;
    }
    const nextIsList = path[i + 1] === '' || /^\d+$/.test(path[i + 1]!);
    if (typeof container[key] !== 'object' || container[key] === null)
      container[key] = nextIsList ? [] : {};
    node = container[key] as Record<string, unknown>;
  });
}
