import { getValue, hasValue } from '../data.js';
import { looseEquals } from '../php.js';
import { filled, type Context, type Display, type RuleImpl } from '../rule.js';

/**
 * Rules on whether a field is there: `required` and its conditional forms, `present`,
 * `filled`, `prohibited*`, `accepted`, `declined`. All but `filled` are implicit: checked on
 * a missing field too (`prohibited*` only on a field that is sent).
 * @see https://laravel.com/docs/validation#rule-required-if
 */

/** `required_if:other,a,b`: the other field's value and the values it is compared with. */
function dependent(c: Context): { other: unknown; values: unknown[]; strict: boolean } {
  const other = getValue(c.data, c.args[0] ?? '');
  let values: unknown[] = c.args.slice(1);
  if (typeof other === 'boolean') {
    values = values.map((v) => (v === 'true' ? true : v === 'false' ? false : v));
  }
  if (other === null || other === undefined) values = values.map((v) => (v === 'null' ? null : v));
  return { other: other ?? null, values, strict: typeof other === 'boolean' || other == null };
}

function matches(c: Context): boolean {
  const { other, values, strict } = dependent(c);
  return values.some((v) => (strict ? v === other : looseEquals(other, v)));
}

const otherIsValue = (c: Context, d: Display) => ({
  other: d.attribute(c.args[0] ?? ''),
  value: d.value(c.args[0] ?? '', getValue(c.data, c.args[0] ?? '')),
});

const otherInValues = (c: Context, d: Display) => ({
  other: d.attribute(c.args[0] ?? ''),
  values: c.args
    .slice(1)
    .map((v) => d.value(c.args[0] ?? '', v))
    .join(', '),
});

const fieldList = (c: Context, d: Display) => ({
  values: c.args.map((a) => d.attribute(a)).join(' / '),
});

const allFail = (c: Context) => c.args.every((a) => !filled(getValue(c.data, a)));
const anyFails = (c: Context) => c.args.some((a) => !filled(getValue(c.data, a)));

const ACCEPTED = ['yes', 'on', '1', 1, true, 'true'];
const DECLINED = ['no', 'off', '0', 0, false, 'false'];

export const PRESENCE: Record<string, RuleImpl> = {
  required: { implicit: true, check: (c) => filled(c.value) },
  required_if: {
    implicit: true,
    check: (c) => !matches(c) || filled(c.value),
    replace: otherIsValue,
  },
  required_unless: {
    implicit: true,
    check: (c) => matches(c) || filled(c.value),
    replace: otherInValues,
  },
  required_with: {
    implicit: true,
    check: (c) => allFail(c) || filled(c.value),
    replace: fieldList,
  },
  required_with_all: {
    implicit: true,
    check: (c) => anyFails(c) || filled(c.value),
    replace: fieldList,
  },
  required_without: {
    implicit: true,
    check: (c) => !anyFails(c) || filled(c.value),
    replace: fieldList,
  },
  required_without_all: {
    implicit: true,
    check: (c) => !allFail(c) || filled(c.value),
    replace: fieldList,
  },
  present: { implicit: true, check: (c) => hasValue(c.data, c.attribute) },
  filled: { implicit: true, check: (c) => !hasValue(c.data, c.attribute) || filled(c.value) },
  // Not implicit: checked only on a field that is sent. Laravel 8 refuses it even when null.
  prohibited: { check: (c) => c.version >= 9 && !filled(c.value) },
  prohibited_if: { check: (c) => !matches(c) || !filled(c.value), replace: otherIsValue },
  prohibited_unless: { check: (c) => matches(c) || !filled(c.value), replace: otherInValues },
  accepted: {
    implicit: true,
    check: (c) => filled(c.value) && ACCEPTED.includes(c.value as never),
  },
  accepted_if: {
    implicit: true,
    check: (c) => !matches(c) || (filled(c.value) && ACCEPTED.includes(c.value as never)),
    replace: otherIsValue,
  },
  declined: {
    implicit: true,
    check: (c) => filled(c.value) && DECLINED.includes(c.value as never),
  },
  declined_if: {
    implicit: true,
    check: (c) => !matches(c) || (filled(c.value) && DECLINED.includes(c.value as never)),
    replace: otherIsValue,
  },
};
