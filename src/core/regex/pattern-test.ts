import { linearForm, linearPattern, type Linear, type PatternTest } from './linear.js';

export type { PatternTest } from './linear.js';

const cache = new Map<string, Linear>();
/** Sources are a document's patterns, not requests' data; the bound is for safety only. */
const CACHE_LIMIT = 50_000;

const ANY: PatternTest = { test: () => true };

/**
 * The test of a `pattern` (u-mode source, as `unicodePattern` gives it) that every check of a
 * request uses — ajv's, the example and echo checks, the generator's: linear in the value's
 * length (see linear.ts). A pattern RE2 cannot run constrains nothing, as a pattern that does
 * not compile already did: a request is never held up by one; `patternCaveat` says which.
 */
export function patternTest(source: string): PatternTest {
  const linear = compiled(source);
  return 'tester' in linear ? linear.tester : ANY;
}

/**
 * Why a pattern is checked more loosely than written, or not at all; undefined when it is
 * checked exactly. For the startup warnings.
 */
export function patternCaveat(source: string): string | undefined {
  const linear = linearForm(source);
  if ('unrunnable' in linear) {
    return `pattern not checked: no linear-time engine runs a ${UNRUNNABLE[linear.unrunnable]}`;
  }
  return linear.widened
    ? `pattern checked with its counts above ${1000} read as "at least" (RE2 counts to 1,000)`
    : undefined;
}

const UNRUNNABLE = {
  backreference: 'backreference',
  lookahead: 'lookahead other than at the start of a "^" pattern',
  syntax: 'construct RE2 lacks',
} as const;

function compiled(source: string): Linear {
  let linear = cache.get(source);
  if (!linear) {
    linear = linearPattern(source);
    if (cache.size < CACHE_LIMIT) cache.set(source, linear);
  }
  return linear;
}
