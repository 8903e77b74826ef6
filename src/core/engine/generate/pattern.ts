import { createRequire } from 'node:module';
import type RandExp from 'randexp';
import { unicodePattern } from '../../pattern.js';
import { patternTest, type PatternTest } from '../../regex/pattern-test.js';
import { indexSeed, next, reseed } from './random.js';

/**
 * Strings for `pattern`, via randexp. randexp ignores lookarounds and word boundaries and
 * mangles `\p{...}`, so every candidate is checked against the real regex (with the `u` flag,
 * as ajv compiles it) and the caller falls back when none matches. Repetitions are capped so
 * candidates stay short: short strings keep even a catastrophically backtracking pattern fast.
 */

/** Extra repetitions allowed beyond a quantifier's minimum (`*` → 0..4, `{8,}` → 8..12). */
const SMALL_CAP = 4;
/** Quantifier minimums above this mean megabyte strings; such patterns are not generated. */
const HUGE_REPEAT = /\{\s*\d{5,}|\{\s*[2-9]\d{3}/;
const ATTEMPTS = 8;

const regexes = new Map<string, PatternTest | null>();
const generators = new Map<string, RandExp | null>();
// Loaded with the first pattern to satisfy, not at startup.
let RandExpClass: typeof RandExp | undefined;

/**
 * The pattern's test as validation runs it (u-mode spelling, linear time); null when it does
 * not compile (ignored).
 */
export function patternRegExp(pattern: string): PatternTest | null {
  let regex = regexes.get(pattern);
  if (regex === undefined) {
    const source = unicodePattern(pattern);
    regex = source === undefined ? null : patternTest(source);
    regexes.set(pattern, regex);
  }
  return regex;
}

/**
 * A string built from `pattern` that `accept` takes (it checks lengths and other patterns, and
 * may adjust the candidate: it returns the value to use, or undefined to reject), or undefined.
 * Tries short candidates first, then, if `minLength` asks for more, candidates whose
 * repetitions are stretched to reach it.
 */
export function fromPattern(
  pattern: string,
  seed: number,
  minLength: number,
  accept: (value: string) => string | undefined,
): string | undefined {
  const regex = patternRegExp(pattern);
  if (regex === null) return undefined;
  const targets = minLength > SMALL_CAP ? [0, minLength] : [0];
  for (const target of targets) {
    const generator = generatorFor(pattern, target);
    if (!generator) return undefined;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      reseed(indexSeed(seed, attempt));
      const value = generator.gen();
      const accepted = regex.test(value) ? accept(value) : undefined;
      if (accepted !== undefined) return accepted;
      // A pattern open at its end (AWS's `^arn:aws:gamesparks:`) takes any tail up to a length.
      const padded = value + 'x'.repeat(Math.max(0, minLength - value.length));
      const stretched = padded !== value && regex.test(padded) ? accept(padded) : undefined;
      if (stretched !== undefined) return stretched;
    }
  }
  return undefined;
}

function generatorFor(pattern: string, target: number): RandExp | null {
  const key = `${target}\u0000${pattern}`;
  let generator = generators.get(key);
  if (generator !== undefined) return generator;
  generator = null;
  const source = unicodePattern(pattern);
  if (source !== undefined && !HUGE_REPEAT.test(source)) {
    try {
      RandExpClass ??= createRequire(import.meta.url)('randexp') as typeof RandExp;
      generator = new RandExpClass(source);
      const repetitions: Repetition[] = [];
      collectRepetitions(generator.tokens, repetitions);
      // Driven by the shared seeded source instead of Math.random.
      generator.randInt = (a, b) => a + Math.floor(next() * (b - a + 1));
      shape(repetitions, target, generator);
      memoiseSets(generator);
    } catch {
      generator = null; // a syntax randexp's parser does not know (lookbehind, ...)
    }
  }
  generators.set(key, generator);
  return generator;
}

/**
 * randexp rebuilds a character class's code-point ranges for every character it emits (dear
 * for a long hex SHA); the tokens never change, so the ranges need not either.
 */
function memoiseSets(generator: RandExp): void {
  const expand = generator._expand.bind(generator);
  const ranges = new WeakMap<object, unknown>();
  generator._expand = (token: unknown) => {
    if (typeof token !== 'object' || token === null) return expand(token);
    let range = ranges.get(token);
    if (range === undefined) ranges.set(token, (range = expand(token)));
    return range;
  };
}

interface Repetition {
  min: number;
  max: number;
}

/** ret's repetition tokens, found structurally (ret is randexp's, not ours, to import). */
function collectRepetitions(token: unknown, out: Repetition[]): void {
  if (typeof token !== 'object' || token === null) return;
  const node = token as { min?: unknown; max?: unknown; value?: unknown; stack?: unknown };
  if (typeof node.min === 'number' && typeof node.max === 'number') {
    out.push(node as Repetition);
    collectRepetitions(node.value, out);
  }
  const options = (token as { options?: unknown }).options;
  const lists = [node.stack, ...(Array.isArray(options) ? options : [])];
  for (const list of lists) {
    if (Array.isArray(list)) for (const child of list) collectRepetitions(child, out);
  }
}

/**
 * Bounds every repetition to a few beyond its minimum; with a length `target`, first raises
 * the minimums of the variable ones so that together they reach it.
 */
function shape(repetitions: Repetition[], target: number, generator: RandExp): void {
  const variable = repetitions.filter((r) => r.max > r.min);
  const extra = target > 0 ? target - fixedLength(variable, generator) : 0;
  const share = variable.length > 0 ? Math.ceil(Math.max(0, extra) / variable.length) : 0;
  // The fixed parts alone reach the length (`.*<uuid>.*` of exactly 36): nothing may grow.
  const slack = target === 0 ? SMALL_CAP : extra > 0 ? 2 : 0;
  for (const rep of variable) {
    if (target > 0) rep.min = Math.min(rep.max, rep.min + share);
    rep.max = Math.min(rep.max, rep.min + slack);
  }
}

/**
 * The length of the pattern's shortest output (every variable repetition at its minimum):
 * `^arn:aws:x:[a-z]{0,63}:\d{12}$` needs only what its fixed parts leave to reach a length.
 */
function fixedLength(variable: Repetition[], generator: RandExp): number {
  const maxes = variable.map((rep) => rep.max);
  for (const rep of variable) rep.max = rep.min;
  try {
    reseed(0);
    return generator.gen().length;
  } finally {
    variable.forEach((rep, i) => (rep.max = maxes[i]!));
  }
}
