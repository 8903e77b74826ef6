import type { IncomingHttpHeaders } from 'node:http';
import type { Violation } from '../../core/contract/types.js';

/** The response header that lists violations, as Prism's `sl-violations` does. */
export const VIOLATIONS_HEADER = 'apidoc-violations';
/** Set on answers the mock gave in the backend's place. */
export const SOURCE_HEADER = 'apidoc-source';

/**
 * Headers that belong to one connection, not to the message: a proxy drops them both ways,
 * with any the `Connection` header names. `Expect` is answered by this server already.
 * @see https://www.rfc-editor.org/rfc/rfc9110#section-7.6.1
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'expect',
]);

/**
 * The headers to pass on, from a message's raw list (names as sent, repeats kept), without the
 * hop-by-hop ones; `host` is left out too, for the caller to set.
 */
export function endToEndHeaders(raw: readonly string[], headers: IncomingHttpHeaders): string[] {
  const named = connectionTokens(headers.connection);
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const lower = raw[i]!.toLowerCase();
    if (HOP_BY_HOP.has(lower) || lower === 'host' || named?.has(lower)) continue;
    out.push(raw[i]!, raw[i + 1]!);
  }
  return out;
}

function connectionTokens(value: string | undefined): Set<string> | undefined {
  // Nearly every message says only `keep-alive` or `close`, which are no header names.
  if (!value || /^\s*(keep-alive|close)\s*$/i.test(value)) return undefined;
  return new Set(value.split(',').map((token) => token.trim().toLowerCase()));
}

/** Past these, the header lists fewer: Node's clients refuse response heads over 16 KiB. */
const MAX_HEADER_VIOLATIONS = 10;
const MAX_HEADER_BYTES = 6 * 1024;

/**
 * The violations as the header's value: a JSON list of `{location, message}`, at most ten
 * (and a last entry saying how many more), non-ASCII escaped so that the value is legal.
 */
export function violationsHeader(violations: readonly Violation[]): string {
  let shown = violations.slice(0, MAX_HEADER_VIOLATIONS);
  let text = encode(shown, violations.length);
  while (text.length > MAX_HEADER_BYTES && shown.length > 1) {
    shown = shown.slice(0, -1);
    text = encode(shown, violations.length);
  }
  return text.length > MAX_HEADER_BYTES ? encode([], violations.length) : text;
}

function encode(shown: readonly Violation[], total: number): string {
  const list: Violation[] = shown.map(({ location, message }) => ({ location, message }));
  if (total > shown.length) {
    list.push({ location: '', message: `and ${total - shown.length} more (see the request log)` });
  }
  return JSON.stringify(list).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Lets browser scripts read the header, where the backend answers cross-origin requests. */
export function exposeToScripts(headers: string[], name: string): void {
  let allows = false;
  for (let i = 0; i + 1 < headers.length; i += 2) {
    const lower = headers[i]!.toLowerCase();
    if (lower === 'access-control-allow-origin') allows = true;
    if (lower === 'access-control-expose-headers') {
      headers[i + 1] = `${headers[i + 1]}, ${name}`;
      return;
    }
  }
  if (allows) headers.push('access-control-expose-headers', name);
}
