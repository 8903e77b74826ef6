import type { FieldState, Handler, ParsedRule, RuleSpec } from '../rule.js';
import { addPattern, isNumericKind, numberArg } from '../rule.js';

/**
 * Sizes, which Laravel measures by the field's type: characters of a string, the value of a
 * number, items of an array, kilobytes of a file. `gt`/`gte`/`lt`/`lte` compare with another
 * field, or (numbers only) with a numeric argument.
 * @see https://laravel.com/docs/validation#rule-size
 */

interface Bounds {
  min?: number;
  max?: number;
  exclusiveMin?: boolean;
  exclusiveMax?: boolean;
}

type Limit =
  'minLength' | 'maxLength' | 'minItems' | 'maxItems' | 'minProperties' | 'maxProperties';

const LIMITS: Readonly<Record<string, [min: Limit, max: Limit]>> = {
  string: ['minLength', 'maxLength'],
  array: ['minItems', 'maxItems'],
  object: ['minProperties', 'maxProperties'],
};

function applyBounds(field: FieldState, bounds: Bounds): void {
  const { value, kind } = field;
  if (kind === 'file') return fileNote(field, bounds);
  if (isNumericKind(kind)) {
    if (bounds.min !== undefined) value.minimum = bounds.min;
    if (bounds.max !== undefined) value.maximum = bounds.max;
    if (bounds.exclusiveMin) value.exclusiveMinimum = true;
    if (bounds.exclusiveMax) value.exclusiveMaximum = true;
    return;
  }
  // `string|numeric|max:10` compares the number, which a string schema cannot.
  const limits = kind === undefined || field.numericString ? undefined : LIMITS[kind];
  if (limits === undefined) return;
  if (bounds.min !== undefined) value[limits[0]] = Math.max(0, Math.ceil(bounds.min));
  if (bounds.max !== undefined) value[limits[1]] = Math.max(0, Math.floor(bounds.max));
}

function fileNote(field: FieldState, { min, max }: Bounds): void {
  if (min !== undefined && min === max) field.notes.push(`Size: ${min} KB.`);
  else {
    if (min !== undefined) field.notes.push(`Minimum size: ${min} KB.`);
    if (max !== undefined) field.notes.push(`Maximum size: ${max} KB.`);
  }
}

/** `min:3`, `max:255`, `between:1,10`, `size:5`. */
const sized =
  (read: (args: (number | undefined)[]) => Bounds | undefined): Handler =>
  (rule, field) => {
    const bounds = read(rule.args.map(numberArg));
    if (bounds === undefined) return false;
    applyBounds(field, bounds);
  };

const COMPARISONS: Readonly<Record<string, [keyof Bounds, string, boolean]>> = {
  gt: ['min', 'greater than', true],
  gte: ['min', 'greater than or equal to', false],
  lt: ['max', 'less than', true],
  lte: ['max', 'less than or equal to', false],
};

/** `gt:0` bounds a number; `gt:other_field` is noted. */
const compare: Handler = (rule, field) => {
  const [side, words, exclusive] = COMPARISONS[rule.name] ?? ['min', '', false];
  const arg = rule.args[0];
  if (arg === undefined) return false;
  const value = numberArg(arg);
  if (value === undefined) return void field.notes.push(`Must be ${words} ${arg}.`);
  if (!isNumericKind(field.kind)) return;
  const flag = side === 'min' ? 'exclusiveMin' : 'exclusiveMax';
  applyBounds(field, { [side]: value, ...(exclusive ? { [flag]: true } : {}) });
};

const impliesNumber = (rule: ParsedRule) =>
  numberArg(rule.args[0]) === undefined ? undefined : ('number' as const);

/** Digit counts: bounds for numbers, a pattern for strings (`digits:4` → `^\d{4}$`). */
const digits =
  (read: (args: (number | undefined)[]) => [number, number | undefined] | undefined): Handler =>
  (rule, field) => {
    const range = read(rule.args.map(numberArg));
    if (range === undefined) return false;
    const [min, max] = range;
    if (isNumericKind(field.kind)) {
      field.value.minimum = min <= 1 ? 0 : 10 ** (min - 1);
      if (max !== undefined) field.value.maximum = 10 ** max - 1;
    } else {
      addPattern(field.value, `^\\d{${min === max ? min : `${min},${max ?? ''}`}}$`);
    }
  };

const both = (a: number | undefined, b: number | undefined): [number, number] | undefined =>
  a === undefined || b === undefined ? undefined : [a, b];

export const SIZE_RULES: Record<string, RuleSpec> = {
  min: { apply: sized(([n]) => (n === undefined ? undefined : { min: n })) },
  max: { apply: sized(([n]) => (n === undefined ? undefined : { max: n })) },
  size: { apply: sized(([n]) => (n === undefined ? undefined : { min: n, max: n })) },
  between: {
    apply: sized(([a, b]) => {
      const range = both(a, b);
      return range && { min: range[0], max: range[1] };
    }),
  },
  gt: { implies: impliesNumber, apply: compare },
  gte: { implies: impliesNumber, apply: compare },
  lt: { implies: impliesNumber, apply: compare },
  lte: { implies: impliesNumber, apply: compare },
  multiple_of: {
    implies: 'number',
    apply: (rule, field) => {
      const n = numberArg(rule.args[0]);
      if (n === undefined || n <= 0) return false;
      if (isNumericKind(field.kind)) field.value.multipleOf = n;
    },
  },
  digits: { implies: 'string', apply: digits(([n]) => (n === undefined ? undefined : [n, n])) },
  digits_between: {
    implies: 'string',
    apply: digits(([a, b]) => both(a, b)),
  },
  min_digits: {
    implies: 'string',
    apply: digits(([n]) => (n === undefined ? undefined : [n, undefined])),
  },
  max_digits: { implies: 'string', apply: digits(([n]) => (n === undefined ? undefined : [1, n])) },
};
