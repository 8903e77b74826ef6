import { numberHeuristic, type NumberRange } from './heuristics.js';
import { commonMultiple, decimals } from './merge.js';
import type { Norm } from './norm.js';
import { indexSeed, int, next, reseed } from './random.js';

/**
 * Integers and numbers within minimum/maximum (3.0 boolean and 3.1 numeric exclusive bounds are
 * already unified in the Norm), multipleOf and the int32/int64 formats. Without bounds values
 * land in a friendly 1..1000; names like `age` or `price` narrow that further.
 */

const INT32: [number, number] = [-(2 ** 31), 2 ** 31 - 1];
const PREFERRED: [number, number] = [1, 1000];

export function genNumber(
  norm: Norm,
  seed: number,
  name: string | undefined,
  integer: boolean,
): number {
  const isInt = integer || norm.format === 'int32' || norm.format === 'int64';
  const heuristic = name === undefined ? undefined : numberHeuristic(name);
  if (heuristic) {
    reseed(seed);
    const value = inRange(heuristic, isInt);
    if (numberFits(norm, value, isInt)) return value;
  }
  const [lo, hi] = limits(norm, isInt);
  const step = stepFor(norm, isInt);
  const [a, b] = window(lo, hi);
  for (let attempt = 0; attempt < 8; attempt++) {
    reseed(indexSeed(seed, attempt));
    const value =
      step === undefined
        ? inRange({ min: a, max: b, decimals: 2 }, isInt)
        : multiple(step, a, b, lo, hi);
    if (numberFits(norm, value, isInt)) return value;
  }
  // Very tight bounds (0 < x < 0.001): the exact midpoint rather than a rounded draw.
  const middle = isInt ? Math.ceil((lo + hi) / 2) : (lo + hi) / 2;
  return Number.isFinite(middle) ? middle : 0;
}

/** multipleOf, and for integers a whole one (0.5 → 1, 2.5 → 5). */
function stepFor(norm: Norm, integer: boolean): number | undefined {
  if (norm.multipleOf === undefined || !integer) return norm.multipleOf;
  return commonMultiple(norm.multipleOf, 1);
}

function inRange(range: NumberRange, integer: boolean): number {
  if (integer) return int(Math.ceil(range.min), Math.floor(range.max));
  const value = range.min + next() * (range.max - range.min);
  return Number(value.toFixed(range.decimals));
}

/** Inclusive-ish limits: exact for integers, and for numbers the open bound itself. */
function limits(norm: Norm, integer: boolean): [number, number] {
  let lo = norm.minimum?.value ?? -Infinity;
  let hi = norm.maximum?.value ?? Infinity;
  if (integer) {
    lo = norm.minimum?.exclusive ? Math.floor(lo) + 1 : Math.ceil(lo);
    hi = norm.maximum?.exclusive ? Math.ceil(hi) - 1 : Math.floor(hi);
    const [min, max] =
      norm.format === 'int32' ? INT32 : [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER];
    lo = Math.max(lo, min);
    hi = Math.min(hi, max);
  }
  return [lo, hi];
}

/**
 * The part of [lo, hi] to draw from: its overlap with 1..1000 when that leaves real room
 * (a score in 0..1 must not always be 1), else the bounds themselves, at most 1000 wide.
 */
function window(lo: number, hi: number): [number, number] {
  const a = Math.max(lo, PREFERRED[0]);
  const b = Math.min(hi, PREFERRED[1]);
  if (b - a >= 1) return [a, b];
  if (Number.isFinite(lo)) return [lo, Math.min(hi, lo + 1000)];
  return [hi - 1000, hi];
}

/** A multiple of `step` in [a, b], else anywhere in [lo, hi]; float-exact as ajv checks it. */
function multiple(step: number, a: number, b: number, lo: number, hi: number): number {
  let kLo = Math.ceil(a / step);
  let kHi = Math.floor(b / step);
  if (kLo > kHi) {
    kLo = Math.ceil(Math.max(lo, -1e15) / step);
    kHi = Math.floor(Math.min(hi, 1e15) / step);
  }
  if (kLo > kHi) return lo;
  const k = kLo + Math.floor(next() * (kHi - kLo + 1));
  // 0.1 * 3 is 0.30000000000000004, and 0.3 / 0.1 is 2.9999999999999996: walk to a k whose
  // product survives ajv's `value / multipleOf` integer test.
  for (let offset = 0; offset < 20; offset++) {
    for (const candidate of [k + offset, k - offset]) {
      if (candidate < kLo || candidate > kHi) continue;
      const value = Number((candidate * step).toFixed(Math.min(decimals(step), 20)));
      if (isMultiple(value, step)) return value;
    }
  }
  return kLo * step;
}

/** ajv's multipleOf test, verbatim: `value / m` must parse back as the same integer. */
function isMultiple(value: number, step: number): boolean {
  const quotient = value / step;
  return quotient === parseInt(String(quotient), 10);
}

export function numberFits(norm: Norm, value: number, integer: boolean): boolean {
  if (!Number.isFinite(value)) return false;
  if (integer && !Number.isInteger(value)) return false;
  if (norm.format === 'int32' && (value < INT32[0] || value > INT32[1])) return false;
  const { minimum: min, maximum: max } = norm;
  if (min && (min.exclusive ? value <= min.value : value < min.value)) return false;
  if (max && (max.exclusive ? value >= max.value : value > max.value)) return false;
  return norm.multipleOf === undefined || isMultiple(value, norm.multipleOf);
}
