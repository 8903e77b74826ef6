import { getValue } from '../data.js';
import { isNumeric, phpString, phpType } from '../php.js';
import { sizeOf, type Context, type Display, type RuleImpl } from '../rule.js';

/**
 * Size rules: a number for a field with a numeric rule, a count for an array, else the
 * string's length in characters. `gt:field` and friends compare with another field's size.
 * @see https://laravel.com/docs/validation#rule-max
 */

const num = (arg: string | undefined) => Number(arg ?? NaN);

/** Laravel's `validateGt` and friends, for an operator. */
function compareWith(op: (a: number, b: number) => boolean) {
  return (c: Context): boolean => {
    const arg = c.args[0] ?? '';
    const other = getValue(c.data, arg);
    if ((other === null || other === undefined) && isNumeric(c.value) && isNumeric(arg)) {
      return op(sizeOf(c, c.value), Number(arg));
    }
    if (isNumeric(arg)) return false;
    if (isNumeric(c.value) && isNumeric(other) && (c.has('numeric') || c.has('integer'))) {
      return op(Number(c.value), Number(other));
    }
    if (phpType(c.value) !== phpType(other)) return false;
    return op(sizeOf(c, c.value), sizeOf(c, other));
  };
}

/** The other field's size, or its name when it is missing (Laravel's `replaceGt`). */
const comparedValue = (c: Context, d: Display) => {
  const other = getValue(c.data, c.args[0] ?? '');
  const missing = other === null || other === undefined;
  return { value: missing ? d.attribute(c.args[0] ?? '') : String(sizeOf(c, other)) };
};

const digitsOnly = (v: unknown) => !/[^0-9]/.test(phpString(v));

export const SIZES: Record<string, RuleImpl> = {
  min: {
    sized: true,
    check: (c) => sizeOf(c, c.value) >= num(c.args[0]),
    replace: (c) => ({ min: c.args[0] ?? '' }),
  },
  max: {
    sized: true,
    check: (c) => sizeOf(c, c.value) <= num(c.args[0]),
    replace: (c) => ({ max: c.args[0] ?? '' }),
  },
  size: {
    sized: true,
    check: (c) => sizeOf(c, c.value) === num(c.args[0]),
    replace: (c) => ({ size: c.args[0] ?? '' }),
  },
  between: {
    sized: true,
    check: (c) => {
      const size = sizeOf(c, c.value);
      return size >= num(c.args[0]) && size <= num(c.args[1]);
    },
    replace: (c) => ({ min: c.args[0] ?? '', max: c.args[1] ?? '' }),
  },
  gt: { sized: true, check: compareWith((a, b) => a > b), replace: comparedValue },
  gte: { sized: true, check: compareWith((a, b) => a >= b), replace: comparedValue },
  lt: { sized: true, check: compareWith((a, b) => a < b), replace: comparedValue },
  lte: { sized: true, check: compareWith((a, b) => a <= b), replace: comparedValue },
  digits: {
    check: (c) => digitsOnly(c.value) && phpString(c.value).length === num(c.args[0]),
    replace: (c) => ({ digits: c.args[0] ?? '' }),
  },
  digits_between: {
    check: (c) => {
      const n = phpString(c.value).length;
      return (
        isNumeric(c.value) && digitsOnly(c.value) && n >= num(c.args[0]) && n <= num(c.args[1])
      );
    },
    replace: (c) => ({ min: c.args[0] ?? '', max: c.args[1] ?? '' }),
  },
  multiple_of: {
    check: (c) =>
      isNumeric(c.value) && isNumeric(c.args[0]) && Number(c.value) % num(c.args[0]) === 0,
    replace: (c) => ({ value: c.args[0] ?? '' }),
  },
};
