import type { FieldState, ParsedRule, RuleSpec } from '../rule.js';
import { addPattern } from '../rule.js';

/**
 * Type rules. The kind itself is set before any handler runs (see field.ts); handlers add what
 * a type says beyond it. Laravel's `boolean` also accepts 0, 1, '0' and '1' from forms; the
 * schema keeps `boolean`, the type a JSON client should send.
 * @see https://laravel.com/docs/validation#rule-boolean
 */

/** `string|integer`: a string holding an integer (PHP's FILTER_VALIDATE_INT, without spaces). */
function numericPattern(pattern: string) {
  return (_rule: ParsedRule, field: FieldState) => {
    if (field.kind === 'string') addPattern(field.value, pattern);
  };
}

/** `array:name,email`: an object with only those keys. */
function arrayKeys(rule: ParsedRule, field: FieldState): void {
  if (field.kind !== 'object' || rule.args.length === 0) return;
  field.value.keys = [...new Set([...(field.value.keys ?? []), ...rule.args])];
  field.value.closed = true;
}

/** `decimal:2` or `decimal:1,4`: decimal places, which JSON Schema cannot count. */
function decimal(rule: ParsedRule, field: FieldState): void {
  const [min, max] = rule.args;
  if (min === undefined) return;
  const places = max === undefined || max === min ? min : `${min} to ${max}`;
  field.notes.push(`Must have ${places} decimal places.`);
}

export const TYPE_RULES: Record<string, RuleSpec> = {
  string: { kind: 'string' },
  integer: { kind: 'integer', apply: numericPattern('^[+-]?\\d+$') },
  int: { kind: 'integer', apply: numericPattern('^[+-]?\\d+$') },
  numeric: {
    kind: 'number',
    apply: numericPattern('^[+-]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][+-]?\\d+)?$'),
  },
  decimal: { kind: 'number', apply: decimal },
  boolean: { kind: 'boolean' },
  bool: { kind: 'boolean' },
  array: { kind: (rule) => (rule.args.length > 0 ? 'object' : 'array'), apply: arrayKeys },
  list: { kind: 'array' },
  json: {
    kind: 'string',
    apply: (_rule, field) => void field.notes.push('A JSON-encoded string.'),
  },
};
