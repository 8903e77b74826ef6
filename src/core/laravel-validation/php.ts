/**
 * PHP's notions that Laravel's rules rely on, for JSON values: `is_numeric`, loose `==`,
 * `(string)` casts, `mb_strlen`.
 */

/** PHP 8's `is_numeric`: numbers, and strings that are (whitespace around allowed). */
export function isNumeric(value: unknown): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value !== 'string') return false;
  return /^[ \t\n\r\v\f]*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?[ \t\n\r\v\f]*$/.test(value);
}

/** PHP's `(string)` cast of a scalar. */
export function phpString(value: unknown): string {
  if (value === true) return '1';
  if (value === false || value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** PHP 8's loose `==` between scalars (arrays compare as JSON). */
export function looseEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'boolean' || typeof b === 'boolean') return truthy(a) === truthy(b);
  if (a === null || a === undefined) return b === null || b === '' || b === 0;
  if (b === null || b === undefined) return a === '' || a === 0;
  if (typeof a === 'number' && typeof b === 'number') return a === b;
  if (isNumeric(a) && isNumeric(b)) return Number(a) === Number(b);
  if (typeof a === 'object' || typeof b === 'object')
    return JSON.stringify(a) === JSON.stringify(b);
  return String(a) === String(b);
}

function truthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object' && value !== null) return Object.keys(value).length > 0;
  return Boolean(value) && value !== '0';
}

/** `mb_strlen` of a scalar cast to string: characters, not UTF-16 units. */
export function length(value: unknown): number {
  return [...phpString(value)].length;
}

/** PHP's `is_array`: JSON arrays and objects alike. */
export function isArray(value: unknown): value is unknown[] | Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** `count()` of a PHP array. */
export function count(value: unknown[] | Record<string, unknown>): number {
  return Array.isArray(value) ? value.length : Object.keys(value).length;
}

/** PHP's `gettype`, for `gt`/`lt` (which compare only values of one type). */
export function phpType(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'double';
  if (typeof value === 'object') return 'array';
  return typeof value;
}
