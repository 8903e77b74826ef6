import { describe, expect, it } from 'vitest';
import type { Finding } from '../../../src/core/errors.js';
import { brokenFiles, isParseFailure } from '../../../src/watch/breakage.js';

const parse = (file: string): Finding => ({
  file,
  line: 3,
  message: "cannot parse: Parse Error : syntax error, unexpected '}'",
});
const other = (file: string): Finding => ({ file, line: 1, message: 'unknown rule "foo"' });

describe('isParseFailure', () => {
  it.each([
    [parse('a.php'), true],
    [other('a.php'), false],
    [{ message: 'cannot parse: no file' }, false],
  ])('%o: %s', (finding, want) => {
    expect(isParseFailure(finding)).toBe(want);
  });
});

describe('brokenFiles', () => {
  it.each<[string, { before: string[]; changed: string[]; warnings: Finding[]; want: string[] }]>([
    [
      'a changed file that does not parse breaks',
      { before: [], changed: ['a.php'], warnings: [parse('a.php')], want: ['a.php'] },
    ],
    [
      'a file broken before the watch, not touched, does not',
      { before: [], changed: ['b.php'], warnings: [parse('Old.php')], want: [] },
    ],
    [
      'other warnings of a changed file do not',
      { before: [], changed: ['a.php'], warnings: [other('a.php')], want: [] },
    ],
    [
      'a broken file stays broken while another file is saved',
      { before: ['a.php'], changed: ['b.php'], warnings: [parse('a.php')], want: ['a.php'] },
    ],
    [
      'a broken file that parses again is fixed',
      { before: ['a.php'], changed: ['a.php'], warnings: [], want: [] },
    ],
    [
      'a broken file that was deleted is fixed',
      { before: ['a.php'], changed: ['a.php'], warnings: [parse('b.php')], want: [] },
    ],
  ])('%s', (_name, { before, changed, warnings, want }) => {
    const previous = new Map(before.map((file) => [file, parse(file)]));
    expect([...brokenFiles(previous, changed, warnings).keys()]).toEqual(want);
  });
});
