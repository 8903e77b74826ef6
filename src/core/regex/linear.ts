import { createRequire } from 'node:module';
import type { RE2JS as RE2JSClass } from 're2js';
import { codePoints } from '../code-points.js';
import { compiles } from '../pattern.js';
import { splitLeadingLookaheads } from './lookaheads.js';
import { RE2_REPEAT_LIMIT, toRe2Syntax } from './re2-syntax.js';

/** What validation asks of a pattern: does the string match it somewhere (`RegExp#test`)? */
export interface PatternTest {
  test(value: string): boolean;
}

/** Why a pattern has no linear-time form. */
export type Unrunnable = 'backreference' | 'lookahead' | 'syntax';

export type Linear =
  | {
      tester: PatternTest;
      /** Counted repetitions above RE2's limit were read as `{m,}`: the test is looser. */
      widened: boolean;
    }
  | { unrunnable: Unrunnable };

/**
 * A spec's `pattern` (in the u-mode spelling of `unicodePattern`) run by RE2's algorithm
 * (re2js, pure JavaScript): time linear in the string's length, whatever the pattern, so no
 * request can make the server backtrack for seconds (`^(\w+\s?)*$`, `^(a|aa)+$`). Leading
 * lookaheads of an anchored pattern become a conjunction of patterns; a whole-string length
 * (`^.{0,4096}$`) is counted apart from the pattern. What RE2 cannot run (backreferences, other
 * lookarounds) gives the reason.
 * @see https://github.com/google/re2/wiki/WhyRE2
 */
export function linearPattern(source: string): Linear {
  if (backtrackSafe(source)) return { tester: new RegExp(source, 'u'), widened: false };
  const length = lengthPattern(source);
  if (length) return length;
  const conjunction = splitLeadingLookaheads(source);
  if (!conjunction) return compileOne(source);
  const parts = [...conjunction.must, ...conjunction.mustNot].map(compileOne);
  const failed = parts.find((part) => 'unrunnable' in part);
  if (failed) return failed;
  const testers = parts.map((part) => (part as { tester: PatternTest }).tester);
  const must = testers.slice(0, conjunction.must.length);
  const mustNot = testers.slice(conjunction.must.length);
  return {
    tester: {
      test: (value) => must.every((p) => p.test(value)) && !mustNot.some((p) => p.test(value)),
    },
    widened: parts.some((part) => 'widened' in part && part.widened),
  };
}

/**
 * What `linearPattern` will make of a pattern, read from its syntax alone (no compilation, so
 * a startup scan of a large document stays cheap). Nested counts whose product exceeds RE2's
 * limit (`(a{100}){100}`) are only found when compiled.
 */
export function linearForm(source: string): { widened: boolean } | { unrunnable: Unrunnable } {
  if (backtrackSafe(source) || WHOLE_REPEAT.test(source)) return { widened: false };
  const conjunction = splitLeadingLookaheads(source);
  const parts = conjunction ? [...conjunction.must, ...conjunction.mustNot] : [source];
  let widened = false;
  for (const part of parts) {
    const syntax = toRe2Syntax(part);
    if ('unsupported' in syntax) return { unrunnable: syntax.unsupported };
    widened ||= syntax.widened;
  }
  return { widened };
}

/**
 * A pattern JavaScript's own backtracking engine runs in linear time, which is faster than re2js
 * on the short values of parameters (bench/README.md, "Pattern engines"): no group, no
 * alternation, no backreference or lookaround, and at most one repetition of variable count —
 * in a pattern anchored at its start when there is one (`^AC[0-9a-fA-F]{32}$`, `^[\w.-]+$`,
 * `^\d{4}-\d{2}-\d{2}$`, `[A-Z]{3}`). With a single choice point and one place to start, a
 * failing match backtracks at most once per character. Two repetitions (`^a*a*$`) or an
 * unanchored one (`a+b`) can take quadratic time or worse, and go to re2js.
 */
export function backtrackSafe(source: string): boolean {
  const anchored = source.startsWith('^');
  let variable = 0;
  let i = anchored ? 1 : 0;
  while (i < source.length) {
    const atom = atomLength(source, i);
    if (atom === 0) {
      if (source[i] !== '$' || i !== source.length - 1) return false;
      break;
    }
    i += atom;
    const quantifier = QUANTIFIER.exec(source.slice(i, i + 24));
    if (!quantifier) continue;
    i += quantifier[0].length;
    const [, symbol, min, comma, max] = quantifier;
    if (symbol !== undefined || (comma !== undefined && max !== min)) variable++;
  }
  return (variable === 0 || (variable === 1 && anchored)) && compiles(source);
}

/** `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, each maybe lazy. */
const QUANTIFIER = /^(?:([*+?])|\{(\d+)(,)?(\d*)\})\??/;

/**
 * The length of the atom at `i`: a literal, `.`, an escape other than a backreference, or a
 * class; 0 for anything else (a group, an alternation, an anchor, a stray quantifier).
 */
function atomLength(source: string, i: number): number {
  const c = source[i]!;
  if (c === '\\') {
    const escape =
      /^\\(?:[pP]\{[^}]*\}|u\{[0-9A-Fa-f]+\}|u[0-9A-Fa-f]{4}|x[0-9A-Fa-f]{2}|c[A-Za-z]|[^1-9kpPuxc])/.exec(
        source.slice(i, i + 40),
      );
    return escape ? escape[0].length : 0;
  }
  if (c === '[') {
    for (let j = i + 1; j < source.length; j++) {
      if (source[j] === '\\') j++;
      else if (source[j] === ']') return j + 1 - i;
    }
    return 0;
  }
  return '()|^$*+?{}'.includes(c) ? 0 : 1;
}

/** Tighter and tighter repeat limits, for nested counts whose product RE2 refuses. */
const LIMITS = [RE2_REPEAT_LIMIT, 100, 30, 10, 3, 1];

function compileOne(source: string): Linear {
  const { RE2JS } = engine();
  for (const limit of LIMITS) {
    const syntax = toRe2Syntax(source, limit);
    if ('unsupported' in syntax) return { unrunnable: syntax.unsupported };
    try {
      const flags = syntax.lookbehind ? RE2JS.LOOKBEHINDS : 0;
      return { tester: RE2JS.compile(syntax.source, flags), widened: syntax.widened };
    } catch (error) {
      if (!/repeat/i.test(String(error))) return { unrunnable: 'syntax' };
    }
  }
  return { unrunnable: 'syntax' };
}

/** One character class, escape or `.`, repeated as the whole pattern. */
const WHOLE_REPEAT =
  /^\^(\[(?:\\.|[^\]\\])*\]|\\[dDwWsS]|\\[pP]\{[^}]*\}|\.|[^\\^$.*+?()[\]{}|])\{(\d+)(,(\d*))?\}\$$/;

/**
 * `^[a-zA-Z0-9]{0,4096}$`, the most frequent pattern above RE2's repeat limit, exactly: the
 * character test on every character, and the count on the length.
 */
function lengthPattern(source: string): Linear | undefined {
  const match = WHOLE_REPEAT.exec(source);
  if (!match) return undefined;
  const min = Number(match[2]);
  const max = match[3] === undefined ? min : match[4] === '' ? Infinity : Number(match[4]);
  if (Math.max(min, max === Infinity ? 0 : max) <= RE2_REPEAT_LIMIT) return undefined;
  const each = compileOne(`^${match[1]}*$`);
  if ('unrunnable' in each) return each;
  return {
    tester: {
      test: (value) => {
        const length = codePoints(value);
        return length >= min && length <= max && each.tester.test(value);
      },
    },
    widened: false,
  };
}

let module: { RE2JS: typeof RE2JSClass } | undefined;

/** re2js, loaded with the first pattern rather than at startup. */
function engine(): { RE2JS: typeof RE2JSClass } {
  return (module ??= createRequire(import.meta.url)('re2js') as { RE2JS: typeof RE2JSClass });
}
