import { mediaTypeOf } from '../engine/http.js';
import type { MediaTypeObject } from '../types.js';

/**
 * The declared media type that covers the one sent: the same type first, then a range
 * (`application/*`), then `*\/*`. Keys may carry parameters (`application/json; charset=utf-8`).
 * @see https://spec.openapis.org/oas/v3.0.3#fixed-fields-14
 */
export function matchMediaType(
  content: Record<string, MediaTypeObject>,
  sent: string,
): [string, MediaTypeObject] | undefined {
  let range: [string, MediaTypeObject] | undefined;
  let any: [string, MediaTypeObject] | undefined;
  for (const entry of Object.entries(content)) {
    const declared = mediaTypeOf(entry[0]) ?? '';
    if (declared === sent) return entry;
    if (declared === '*/*' || declared === '*') any ??= entry;
    else if (declared.endsWith('/*') && sent.startsWith(declared.slice(0, -1))) range ??= entry;
  }
  return range ?? any;
}
