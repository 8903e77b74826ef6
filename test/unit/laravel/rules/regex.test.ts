import { describe, expect, it } from 'vitest';
import { pcreToEcma } from '../../../../src/laravel/rules/regex.js';

describe('pcreToEcma', () => {
  it.each([
    ['plain', { given: '/^\\d{3}-\\d{4}$/', want: '^\\d{3}-\\d{4}$' }],
    ['other delimiters', { given: '#^[\\w.-]+$#', want: '^[\\w.\\-]+$' }],
    ['bracket delimiters', { given: '{^a+$}', want: '^a+$' }],
    ['escaped delimiter', { given: '/^a\\/b$/', want: '^a\\/b$' }],
    ['escapes ECMAScript refuses under u are dropped', { given: '/^a\\-b\\#$/', want: '^a-b#$' }],
    ['i folds letters outside classes', { given: '/^ab1$/i', want: '^[aA][bB]1$' }],
    ['i folds ranges and letters in classes', { given: '/^[a-fx_]+$/i', want: '^[a-fA-FxX_]+$' }],
    ['leading inline flags', { given: '/(?i)ok/', want: '[oO][kK]' }],
    ['s makes dots match newlines', { given: '/^a.b$/s', want: '^a[\\s\\S]b$' }],
    ['m anchors at lines', { given: '/^a$/m', want: '(?<=^|\\n)a(?=\\n|$)' }],
    ['x drops whitespace and comments', { given: '/ ^ a  # letter a\n b $ /x', want: '^ab$' }],
    ['u is the default', { given: '/^\\pL\\p{Lu}\\p{^N}$/u', want: '^\\p{L}\\p{Lu}\\P{N}$' }],
    ['scripts', { given: '/^\\p{Cyrillic}+$/u', want: '^\\p{Script=Cyrillic}+$' }],
    ['A anchors', { given: '/a|b/A', want: '^(?:a|b)' }],
    ['\\A, \\z and \\Z', { given: '/\\Aab\\z|\\Z/', want: '^ab$|(?=\\n?$)' }],
    ['POSIX classes', { given: '/^[[:alpha:][:digit:]_]+$/', want: '^[a-zA-Z0-9_]+$' }],
    [
      '\\h',
      { given: '/a\\hb/', want: 'a[\\t \\xA0\\u1680\\u180E\\u2000-\\u200A\\u202F\\u205F\\u3000]b' },
    ],
    ['hex escapes', { given: '/^[\\x{41}-\\x5A]$/', want: '^[A-Z]$' }],
    ['control characters stay escaped', { given: '/a\\tb\\n/', want: 'a\\x09b\\x0A' }],
    ['\\Q...\\E is literal', { given: '/^\\Q1+1=2\\E$/', want: '^1\\+1=2$' }],
    [
      'named groups and references',
      { given: '/(?P<d>\\d)(?P=d)\\k{d}/', want: '(?<d>\\d)\\k<d>\\k<d>' },
    ],
    ["(?'name')", { given: "/(?'y'\\d{4})/", want: '(?<y>\\d{4})' }],
    ['comments', { given: '/a(?#note)b/', want: 'ab' }],
    ['lazy quantifiers', { given: '/a+?b{1,3}?/', want: 'a+?b{1,3}?' }],
    ['literal braces', { given: '/a{b}/', want: 'a\\{b\\}' }],
    ['PCRE2 {,n}', { given: '/a{,3}/', want: 'a{0,3}' }],
    ['a leading ] in a class is literal', { given: '/[]a]/', want: '[\\]a]' }],
    ['lookarounds', { given: '/(?=a)(?!b)(?<=c)(?<!d)/', want: '(?=a)(?!b)(?<=c)(?<!d)' }],
    ['octal', { given: '/\\012/', want: '\\x0A' }],
  ])('%s', (_name, { given, want }) => {
    expect(pcreToEcma(given)).toBe(want);
  });

  it.each([
    ['possessive quantifiers', '/a++/'],
    ['possessive braces', '/a{2}+/'],
    ['atomic groups', '/(?>a)/'],
    ['recursion', '/(a(?R)?b)/'],
    ['conditionals', '/(a)?(?(1)b|c)/'],
    ['inline flags mid-pattern', '/a(?i)b/'],
    ['ungreedy mode', '/a+/U'],
    ['\\G', '/\\Ga/'],
    ['\\K', '/a\\Kb/'],
    ['unknown flags', '/a/q'],
    ['no delimiter', 'abc'],
    ['unterminated', '/abc'],
    ['unterminated class', '/[abc/'],
    ['unknown POSIX class', '/[[:nope:]]/'],
    ['an invalid result', '/(?<n>a)(?<n>b)/'],
  ])('%s cannot be converted', (_name, given) => {
    expect(pcreToEcma(given)).toBeUndefined();
  });
});
