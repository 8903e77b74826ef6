/**
 * Field naming as Laravel does it: errors are keyed by the field's dotted path (`items.0.name`)
 * and messages name it with underscores turned into spaces (`first_name` → `first name`).
 */

/** The key of a field in the 422 body; the body itself (a non-object body) is `body`. */
export function fieldKey(path: readonly string[]): string {
  return path.length === 0 ? 'body' : path.join('.');
}

/** Laravel's default `:attribute`: `str_replace('_', ' ', $key)`, dots kept. */
export function attributeName(key: string): string {
  return key.replace(/_/g, ' ');
}

/**
 * Segments of an ajv `instancePath`, a plain JSON pointer (not URI-encoded, so not
 * `decodePointer`). @see https://datatracker.ietf.org/doc/html/rfc6901#section-4
 */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * A parameter's field path, as PHP parses its name into Laravel's input: `ids[]` is `ids`,
 * `filter[status]` is `filter.status`.
 */
export function parameterPath(name: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])+)$/.exec(name);
  if (!match?.[1] || !match[2]) return [name];
  const inner = [...match[2].matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '');
  return [match[1], ...inner.filter((s) => s !== '')];
}
