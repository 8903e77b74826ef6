import { describe, expect, it } from 'vitest';
import { unicodePattern } from '../../../src/core/pattern.js';

describe('unicodePattern: what real documents write, in the u-mode spelling ajv compiles', () => {
  it.each([
    ['a pattern that compiles is kept as written', '^\\d{4}$', '^\\d{4}$'],
    ['identity escapes of plain characters', '^[a-zA-Z0-9\\-\\_]+$', '^[a-zA-Z0-9\\-_]+$'],
    ['identity escapes outside a class', '^arn\\:aws\\_x$', '^arn:aws_x$'],
    ['a hyphen after a class escape is literal', '[\\w-.]+', '[\\w\\-.]+'],
    ['lone braces are literal', "who's {Name}?", "who's \\{Name\\}?"],
    ['a brace that is no quantifier', '[a-z]{1-20}', '[a-z]\\{1-20\\}'],
    ['Java POSIX classes', '\\p{XDigit}{8}', '[0-9A-Fa-f]{8}'],
    ['POSIX classes inside a class', '[\\p{Graph}\\x20]*', '[!-~\\x20]*'],
    ['\\A and \\z anchors', '\\A\\S+\\z', '^\\S+$'],
    ['scripts named bare', '\\p{Han}+', '\\p{Script=Han}+'],
    ['Python named groups', '(?P<id>\\d+)-(?P=id)', '(?<id>\\d+)-\\k<id>'],
    ['a quantified lookahead asserts once', '^(\\/(?!\\.)+[a-z]+)$', '^(\\/(?!\\.)[a-z]+)$'],
    ['... or not at all', '^a(?=b)?c$', '^ac$'],
    [
      'a repetition of a repetition is one (BeezUp)',
      '^(https?:\\/\\/)?([\\da-z\\.-]+)\\.([a-z\\.]{2,6})([\\/\\w \\.-]*)*\\/?$',
      '^(https?:\\/\\/)?([\\da-z\\.-]+)\\.([a-z\\.]{2,6})([\\/\\w \\.-]*)\\/?$',
    ],
    ['... with + as well', '^(?:a+)+$', '^(?:a+)$'],
    ['an unknown property gives up', '\\p{NoSuchThing}', undefined],
    ['an unclosed class gives up', '[a-z', undefined],
  ])('%s', (_name, pattern, want) => {
    expect(unicodePattern(pattern)).toBe(want);
    if (want !== undefined) expect(() => new RegExp(want, 'u')).not.toThrow();
  });
});
