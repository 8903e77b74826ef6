import type { OpenApiDocument } from './types.js';

/**
 * Local `$ref` resolution, done lazily: a request only ever resolves the few pointers its
 * operation uses, so a large spec costs nothing up front. External refs were bundled into the
 * document on load, so every ref here is a local JSON pointer (`#/...`).
 * @see https://datatracker.ietf.org/doc/html/rfc6901
 */

export function isRef(value: unknown): value is { $ref: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { $ref?: unknown }).$ref === 'string'
  );
}

export function decodePointer(pointer: string): string[] {
  const body = pointer.startsWith('#') ? pointer.slice(1) : pointer;
  if (body === '' || body === '/') return body === '' ? [] : [''];
  return body
    .slice(1)
    .split('/')
    .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function encodePointer(segments: readonly string[]): string {
  return '#' + segments.map((s) => '/' + s.replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

/** The value at a local pointer, or undefined when it does not exist. */
export function resolvePointer(doc: unknown, pointer: string): unknown {
  let node: unknown = doc;
  for (const segment of decodePointer(pointer)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/**
 * Follows a chain of `$ref`s until a non-ref value. Returns undefined for a dangling or
 * circular chain (a ref that points, directly or not, to itself).
 */
export function deref<T>(
  doc: OpenApiDocument,
  value: T | { $ref: string } | undefined,
): T | undefined {
  let node: unknown = value;
  const seen = new Set<string>();
  while (isRef(node)) {
    const ref = node.$ref;
    if (seen.has(ref) || !ref.startsWith('#')) return undefined;
    seen.add(ref);
    node = resolvePointer(doc, ref);
  }
  return node as T | undefined;
}
