import { describe, expect, it } from 'vitest';
import { backtrackSafe, linearPattern } from '../../../src/core/regex/linear.js';
import { patternCaveat, patternTest } from '../../../src/core/regex/pattern-test.js';
import { toRe2Syntax } from '../../../src/core/regex/re2-syntax.js';

describe('toRe2Syntax: the same meaning in RE2 spelling', () => {
  it.each([
    ['plain text is kept', '^\\d{4}-[a-z]+$', '^\\d{4}-[a-z]+$'],
    ['groups become non-capturing', '^(?<id>a)(b)$', '^(?:a)(?:b)$'],
    ['`.` is not a line terminator', '^.$', '^[^\\n\\r\\x{2028}\\x{2029}]$'],
    [
      '`\\u` escapes and surrogate pairs',
      '\\u00e9\\uD83D\\uDE00\\u{1F600}',
      '\\x{00e9}\\x{1f600}\\x{1F600}',
    ],
    ['`\\0`, `\\v` and `\\cJ`', '\\0\\v\\cJ', '\\x{0}\\x{B}\\x{a}'],
    ['`[]` and `[^]`', '[][^]', '[^\\x{0}-\\x{10FFFF}][\\x{0}-\\x{10FFFF}]'],
    ['brackets in a class are escaped', '[[^]]', '[\\[\\^]]'],
    ['a backspace in a class', '[\\b]', '[\\x{8}]'],
    ['long property names', '\\p{Letter}\\p{Script=Greek}\\P{gc=Nd}', '\\p{L}\\p{Greek}\\P{Nd}'],
    [
      'ASCII, in and out of a class',
      '\\p{ASCII}[\\P{ASCII}a]',
      '[\\x{0}-\\x{7F}][\\x{80}-\\x{10FFFF}a]',
    ],
    ['a lookbehind stays', '(?<!-)x', '(?<!-)x'],
    ['counts above 1,000 are widened', '^.{0,4096}$', '^[^\\n\\r\\x{2028}\\x{2029}]{0,}$'],
  ])('%s', (_name, given, want) => {
    const syntax = toRe2Syntax(given);
    expect('source' in syntax && syntax.source).toBe(want);
  });

  it.each([
    ['a backreference', '(a)\\1', 'backreference'],
    ['a named backreference', '(?<x>a)\\k<x>', 'backreference'],
    ['a lookahead inside', 'a(?=b)', 'lookahead'],
    ['a negated class with \\S', '[^\\Sa]', 'syntax'],
  ])('names what RE2 cannot run: %s', (_name, given, want) => {
    expect(toRe2Syntax(given)).toEqual({ unsupported: want });
  });
});

describe('linearPattern: the verdicts of RegExp, in linear time', () => {
  it.each([
    ['an anchored class', '^[a-z]+$', ['abc', 'ab1', '', 'a\n']],
    ['unanchored', '[A-Z]{3}', ['xxABCxx', 'AB']],
    ['JavaScript whitespace', '^\\s+$', [' \u00a0\ufeff', '\u0085']],
    ['any character but line terminators', '^a.b$', ['axb', 'a\u2028b', 'a😀b']],
    ['a class with \\S', '^[\\S\\d]+$', ['a1', 'a b']],
    [
      'password rules as leading lookaheads',
      '^(?=.*[A-Z])(?=.*\\d)(?!.*\\s).{8,}$',
      ['Passw0rdX', 'password1', 'Pass w0rdX', 'P1'],
    ],
    ['a lookbehind', '^[a-z-]*(?<!-)$', ['ab-c', 'abc-']],
    [
      'a whole-string length above RE2s limit',
      '^[a-z]{2,1500}$',
      ['ab', 'a', 'a'.repeat(1500), 'a'.repeat(1501)],
    ],
    ['a count above the limit, unanchored', '\\S{1,8192}', ['x', ' ']],
  ])('%s', (_name, source, values) => {
    const linear = linearPattern(source);
    if (!('tester' in linear)) throw new Error(`not linear: ${linear.unrunnable}`);
    const native = new RegExp(source, 'u');
    for (const value of values)
      expect([value, linear.tester.test(value)]).toEqual([value, native.test(value)]);
  });

  it.each([
    ['nested quantifiers', '^(\\w+\\s?)*$', 'a'.repeat(100_000) + '!'],
    ['ambiguous alternation', '^(a|aa)+$', 'a'.repeat(100_000) + 'b'],
    [
      'a real spec pattern',
      '^[a-z0-9*](?:[._\\-/a-z0-9*]?[a-z0-9*]+)*$',
      'a'.repeat(100_000) + '!',
    ],
  ])('answers at once where RegExp backtracks for ever: %s', (_name, source, value) => {
    expect(patternTest(source).test(value)).toBe(false);
  });
});

describe('backtrackSafe: patterns RegExp runs in linear time', () => {
  it.each([
    ['a fixed-length id', '^AC[0-9a-fA-F]{32}$', true],
    ['one repetition, anchored', '^[\\w.-]+$', true],
    ['a lazy one', '^a.*?$', true],
    ['fixed counts only, unanchored', '[A-Z]{3}', true],
    ['a date', '^\\d{4}-\\d{2}-\\d{2}$', true],
    ['property escapes', '^\\p{L}+$', true],
    ['an escaped bracket in a class', '^[\\]a]+$', true],
    ['a range count', '^[a-z]{2,1500}$', true],
    ['two repetitions', '^a*a*$', false],
    ['one repetition, unanchored', 'a+b', false],
    ['a group', '^(ab)+$', false],
    ['an alternation', '^a|b$', false],
    ['a backreference', '^(.)\\1$', false],
    ['a lookahead', '^(?=a).*$', false],
    ['an anchor inside', 'a^b', false],
    ['a dollar inside', '^a$b', false],
    ['an unclosed class', '^[ab', false],
  ])('%s: %s', (_name, source, want) => {
    expect(backtrackSafe(source)).toBe(want);
  });
});

describe('patternCaveat: what a startup warning says', () => {
  it.each([
    ['exact', '^[a-z]+$', undefined],
    ['exact, counted apart', '^.{0,4096}$', undefined],
    ['exact, run by RegExp', '^arn:.{16,2044}$', undefined],
    [
      'widened',
      '^(arn):.{16,2044}$',
      'pattern checked with its counts above 1000 read as "at least" (RE2 counts to 1,000)',
    ],
    [
      'a lookahead inside',
      '^((?!-)[a-z-]+\\.)+$',
      'pattern not checked: no linear-time engine runs a lookahead other than at the start of a "^" pattern',
    ],
    [
      'a backreference',
      '(.)\\1',
      'pattern not checked: no linear-time engine runs a backreference',
    ],
    [
      'a lookahead in one alternative of two',
      '^(?=a)ab|c',
      'pattern not checked: no linear-time engine runs a lookahead other than at the start of a "^" pattern',
    ],
  ])('%s', (_name, source, want) => {
    expect(patternCaveat(source)).toBe(want);
  });

  it('an unrunnable pattern accepts every value', () => {
    expect(patternTest('(.)\\1').test('ab')).toBe(true);
  });
});
