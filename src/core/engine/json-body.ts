import { Buffer, isUtf8 } from 'node:buffer';

/** PHP's `json_decode` default depth, which Laravel's `$request->json()` uses. */
export const MAX_JSON_DEPTH = 512;

export type JsonResult = { value: unknown } | { error: string };

/**
 * JSON as Laravel decodes a request's: invalid UTF-8 and nesting deeper than `json_decode`'s
 * 512 levels are errors (with PHP's `json_last_error_msg()` wording), found before parsing, so
 * that ten megabytes of `[[[[...` are refused by one pass over the bytes instead of being built
 * into a value that every later step would walk (and overflow the stack on).
 * @see https://www.php.net/manual/en/function.json-decode.php
 */
export function parseJson(raw: Buffer | string): JsonResult {
  if (typeof raw !== 'string' && !isUtf8(raw)) {
    return { error: 'Malformed UTF-8 characters, possibly incorrectly encoded' };
  }
  // JSON nested deeper than the limit opens and closes more than that many brackets: shorter
  // bodies are parsed at once, and scanned only when they fail (an unclosed `[[[...` is too
  // deep before it is unfinished, as PHP says). Longer ones are scanned first.
  if (raw.length > 2 * MAX_JSON_DEPTH + 1 && tooDeep(raw)) return DEPTH_ERROR;
  try {
    return { value: JSON.parse(typeof raw === 'string' ? raw : raw.toString('utf8')) as unknown };
  } catch (error) {
    if (raw.length > MAX_JSON_DEPTH && tooDeep(raw)) return DEPTH_ERROR;
    return { error: (error as Error).message };
  }
}

const DEPTH_ERROR: JsonResult = { error: 'Maximum stack depth exceeded' };

function tooDeep(raw: Buffer | string): boolean {
  return depthOf(typeof raw === 'string' ? Buffer.from(raw) : raw) > MAX_JSON_DEPTH;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * The deepest nesting of arrays and objects, brackets inside strings aside; stops counting as
 * soon as it passes the limit. Every byte that matters is ASCII, and UTF-8 never uses ASCII
 * bytes inside a multi-byte character. One monomorphic pass over the bytes: every request's
 * JSON body longer than the limit goes through here.
 */
function depthOf(raw: Uint8Array): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > deepest && (deepest = depth) > MAX_JSON_DEPTH) return deepest;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--;
  }
  return deepest;
}
