/**
 * Which of a request body's declared media types a request's body is checked against.
 * @see https://spec.openapis.org/oas/v3.0.3#fixed-fields-10 (content: most specific key wins)
 */

/** `application/json`, `application/vnd.api+json`, `application/json-patch+json`, `text/json`. */
export function isJsonMediaType(mediaType: string): boolean {
  const [type = '', subtype = ''] = mediaType.split('/');
  return (
    subtype === 'json' ||
    subtype.endsWith('+json') ||
    (type === 'application' && subtype.includes('json'))
  );
}

/** Bodies whose values are all strings, and so are coerced like parameters. */
export function isFormMediaType(mediaType: string): boolean {
  return mediaType === 'application/x-www-form-urlencoded' || mediaType === 'multipart/form-data';
}

/** A declared `content` key as a request's media type is given: lower-case, no parameters. */
export function normaliseMediaType(key: string): string {
  return (key.split(';')[0] ?? '').trim().toLowerCase();
}

/**
 * The index of the declared media type for a request's: the same one, else any JSON one for
 * a JSON request, else a wildcard that covers it (`application/*`, `*\/*`); with none of those
 * (or no media type given), the first JSON one, else the first. -1 when none is declared.
 */
export function selectMediaType(declared: readonly string[], mediaType?: string): number {
  if (declared.length === 0) return -1;
  if (mediaType) {
    const exact = declared.indexOf(mediaType);
    if (exact >= 0) return exact;
    const json = isJsonMediaType(mediaType) ? declared.findIndex(isJsonMediaType) : -1;
    if (json >= 0) return json;
    const wildcard = declared.findIndex((d) => covers(d, mediaType));
    if (wildcard >= 0) return wildcard;
  }
  return Math.max(0, declared.findIndex(isJsonMediaType));
}

function covers(range: string, mediaType: string): boolean {
  if (range === '*/*') return true;
  return range.endsWith('/*') && mediaType.startsWith(range.slice(0, -1));
}
