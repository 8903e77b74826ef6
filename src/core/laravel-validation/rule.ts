import { count, isArray, isNumeric, length } from './php.js';
import type { Lookup } from './types.js';

/** What a rule's check sees: Laravel's `validateX($attribute, $value, $parameters)`. */
export interface Context {
  /** The concrete key (`tags.0`). */
  attribute: string;
  value: unknown;
  args: string[];
  /** The whole (normalised) request data. */
  data: unknown;
  /** The attribute has this rule (snake name). */
  has(rule: string): boolean;
  /** Every concrete key's value under the rule key the attribute belongs to (for `distinct`). */
  siblings(): Map<string, unknown>;
  lookup: Lookup;
  version: number;
}

/** Names for a message's placeholders. */
export interface Display {
  attribute(key: string): string;
  value(key: string, value: unknown): string;
}

/** One rule: its check, and what its message's placeholders become. */
export interface RuleImpl {
  check(c: Context): boolean;
  /** Checked even when the field is missing or empty (`required`, `required_if`, ...). */
  implicit?: boolean;
  /** The message has one line per type (`max.string`, `max.numeric`, ...). */
  sized?: boolean;
  replace?(c: Context, display: Display): Record<string, string>;
}

/** Laravel's `numericRules`: sizes are values, not lengths (and `Decimal` from 10 on). */
export function hasNumericRule(c: Context): boolean {
  if (c.has('numeric') || c.has('integer') || (c.version >= 10 && c.has('decimal'))) return true;
  // `shouldBeNumeric`: gt/gte/lt/lte on a numeric value make it numeric.
  return ['gt', 'gte', 'lt', 'lte'].some((r) => c.has(r)) && isNumeric(c.value);
}

/** Laravel's `getSize`. */
export function sizeOf(c: Context, value: unknown): number {
  if (isNumeric(value) && hasNumericRule(c)) return Number(value);
  if (isArray(value)) return count(value);
  return length(value);
}

/** Laravel's `getAttributeType`: which line of a sized message. */
export function attributeType(c: Context): 'numeric' | 'array' | 'string' {
  if (hasNumericRule(c)) return 'numeric';
  if (c.has('array')) return 'array';
  return 'string';
}

/** Laravel's `validateRequired`. */
export function filled(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (isArray(value)) return count(value) > 0;
  return true;
}
