import { dateFormatSchema } from '../date-format.js';
import type { FieldState, Handler, ParsedRule, RuleSpec } from '../rule.js';
import { addPattern, hasPattern } from '../rule.js';

/**
 * Dates. `date` accepts anything PHP's `strtotime` reads; `format: date` documents the form
 * clients send. `date_format` is exact (Laravel formats the parsed date back and compares), so
 * it becomes a pattern, with a `date`/`date-time` format where one describes it exactly.
 * @see https://laravel.com/docs/validation#rule-date
 * @see https://laravel.com/docs/validation#rule-date-format
 */

/** A date with no `date_format`: `format: date`, unless date_format already set a pattern. */
function plainDate(field: FieldState): void {
  if (field.kind !== 'string' || hasPattern(field.value)) return;
  field.value.format ??= 'date';
}

function dateFormat(rule: ParsedRule, field: FieldState): boolean | void {
  const parts = dateFormatSchema(rule.args);
  if (parts === undefined) return false;
  if (field.value.format === 'date') delete field.value.format;
  if (parts.format !== undefined) field.value.format = parts.format;
  addPattern(field.value, parts.pattern);
  field.value.example ??= parts.example;
}

const compare =
  (words: string): Handler =>
  (rule, field) => {
    plainDate(field);
    if (rule.args.length === 0) return false;
    field.notes.push(`A date ${words} ${rule.args.join(', ')}.`);
  };

const date = (apply: Handler): RuleSpec => ({ implies: 'string', apply });

export const DATE_RULES: Record<string, RuleSpec> = {
  date: date((_rule, field) => plainDate(field)),
  date_format: date(dateFormat),
  after: date(compare('after')),
  after_or_equal: date(compare('after or equal to')),
  before: date(compare('before')),
  before_or_equal: date(compare('before or equal to')),
  date_equals: date(compare('equal to')),
};
