import type { FieldState, ParsedRule, RuleSpec } from '../rule.js';

/**
 * Array rules beyond the type (`array`, `list` are in types.ts; `.*` nesting is in tree.ts).
 * @see https://laravel.com/docs/validation#validating-arrays
 */

/** `required_array_keys:a,b`: the array is keyed and must hold those keys. */
function requiredKeys(rule: ParsedRule, field: FieldState): boolean | void {
  if (rule.args.length === 0) return false;
  if (field.kind !== 'object') return;
  field.value.keys = [...new Set([...(field.value.keys ?? []), ...rule.args])];
  field.value.requiredKeys = [...new Set([...(field.value.requiredKeys ?? []), ...rule.args])];
}

export const ARRAY_RULES: Record<string, RuleSpec> = {
  /** On `items.*`: the parent array's items are unique (Laravel compares loosely). */
  distinct: { apply: (_rule, field) => void (field.distinct = true) },
  required_array_keys: { implies: 'object', apply: requiredKeys },
  in_array: {},
  in_array_keys: {},
  contains: {
    implies: 'array',
    apply: (rule, field) => void field.notes.push(`Must contain ${rule.args.join(', ')}.`),
  },
  doesnt_contain: {},
};
