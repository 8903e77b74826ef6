import { createHash } from 'node:crypto';

/**
 * A UUID-shaped id (version 4 layout) derived from a stable key instead of chance: the same
 * operation gets the same id in every export, so output is byte-identical run after run, and
 * Postman and Insomnia update items in place on re-import instead of duplicating them.
 */
export function stableId(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `4${hex.slice(13, 16)}`,
    `${variant}${hex.slice(17, 20)}`,
    hex.slice(20, 32),
  ].join('-');
}

/** A short hex id for formats that prefix their own ids (`req_…`, `fld_…` in Insomnia). */
export function shortId(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 32);
}
