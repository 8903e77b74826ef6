import { isArray, isNumeric } from '../php.js';
import type { RuleImpl } from '../rule.js';

/**
 * Type rules, as loose as Laravel is with JSON: `integer` takes `"300"` and `true` (PHP's
 * `FILTER_VALIDATE_INT`), `boolean` takes `0`, `1`, `"0"` and `"1"`, `array` takes objects.
 * @see https://laravel.com/docs/validation#rule-integer
 */

/** `filter_var($value, FILTER_VALIDATE_INT) !== false` for JSON values. */
export function isPhpInteger(value: unknown): boolean {
  if (value === true) return true;
  if (typeof value === 'number') return Number.isInteger(value) && Number.isSafeInteger(value);
  if (typeof value !== 'string') return false;
  return /^[ \t\n\r\v]*[+-]?(0|[1-9]\d*)[ \t\n\r\v]*$/.test(value);
}

const BOOLEANS: unknown[] = [true, false, 0, 1, '0', '1'];

export const TYPES: Record<string, RuleImpl> = {
  string: { check: (c) => typeof c.value === 'string' },
  integer: { check: (c) => isPhpInteger(c.value) },
  numeric: { check: (c) => isNumeric(c.value) },
  decimal: { check: (c) => isNumeric(c.value) },
  boolean: { check: (c) => BOOLEANS.includes(c.value) },
  array: {
    check: (c) =>
      isArray(c.value) &&
      (c.args.length === 0 ||
        Array.isArray(c.value) ||
        Object.keys(c.value).every((k) => c.args.includes(k))),
  },
  json: {
    check: (c) => {
      if (typeof c.value !== 'string') return false;
      try {
        JSON.parse(c.value);
        return true;
      } catch {
        return false;
      }
    },
  },
};
