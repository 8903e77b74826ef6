import { getValue } from '../data.js';
import { isDate, matchesDateFormat, parseDate } from '../dates.js';
import { isNumeric } from '../php.js';
import type { Context, Display, RuleImpl } from '../rule.js';

/**
 * Date rules: `date`, `date_format`, and `after`/`before` (and `_or_equal`, `date_equals`)
 * against a date (`today`, `2030-01-01`) or another field (`after:start_date`).
 * @see https://laravel.com/docs/validation#rule-after
 */

/** Laravel's `compareDates`: the argument as a date, else as the name of a field. */
function compare(op: (a: number, b: number) => boolean) {
  return (c: Context): boolean => {
    if (typeof c.value !== 'string' && !isNumeric(c.value)) return false;
    const arg = c.args[0] ?? '';
    const mine = parseDate(c.value);
    const theirs = parseDate(arg) ?? parseDate(getValue(c.data, arg));
    if (mine === undefined) return false;
    // PHP compares a timestamp with `false` as booleans: a missing other date passes.
    if (theirs === undefined) return true;
    return op(mine.time, theirs.time);
  };
}

const dateName = (c: Context, d: Display) => {
  const arg = c.args[0] ?? '';
  return { date: parseDate(arg) ? d.value(c.attribute, arg) : d.attribute(arg) };
};

export const DATES: Record<string, RuleImpl> = {
  date: { check: (c) => isDate(c.value) },
  date_format: {
    check: (c) => matchesDateFormat(c.value, c.args[0] ?? ''),
    replace: (c) => ({ format: c.args[0] ?? '' }),
  },
  after: { check: compare((a, b) => a > b), replace: dateName },
  after_or_equal: { check: compare((a, b) => a >= b), replace: dateName },
  before: { check: compare((a, b) => a < b), replace: dateName },
  before_or_equal: { check: compare((a, b) => a <= b), replace: dateName },
  date_equals: { check: compare((a, b) => a === b), replace: dateName },
};
