import { describe, expect, it } from 'vitest';
import type { PhpValue } from '../../../../src/laravel/php/value.js';
import type { ParsedRule } from '../../../../src/laravel/rules/index.js';
import { parseRules } from '../../../../src/laravel/rules/index.js';
import { php } from './helpers.js';

const inCall = php.rule('in', php.arr('a', 'b'));
const enumNew = php.new('Enum', [php.cls('App\\Enums\\Status')]);

describe('parseRules', () => {
  it.each([
    [
      'a pipe string',
      { given: 'required|string|max:255', want: [r('required'), r('string'), r('max', '255')] },
    ],
    ['an array', { given: php.arr('required', 'max:3'), want: [r('required'), r('max', '3')] }],
    [
      'CSV arguments with quotes',
      { given: 'in:"a,b",c,"say ""hi"""', want: [r('in', 'a,b', 'c', 'say "hi"')] },
    ],
    [
      'a regex keeps its pipes and commas',
      { given: 'regex:/^(a|b){1,2}$/', want: [r('regex', '/^(a|b){1,2}$/')] },
    ],
    [
      'a regex later in a string is split, as Laravel does',
      { given: 'string|regex:/a|b/', want: [r('string'), r('regex', '/a'), r('b/')] },
    ],
    [
      'studly and camel names',
      {
        given: 'RequiredIf:a,1|requiredWith:b',
        want: [r('required_if', 'a', '1'), r('required_with', 'b')],
      },
    ],
    ['empty parts are dropped', { given: 'required||string|', want: [r('required'), r('string')] }],
    [
      'Rule::in',
      {
        given: php.arr('required', inCall),
        want: [r('required'), { name: 'in', args: ['a', 'b'], value: inCall }],
      },
    ],
    [
      'new Enum',
      {
        given: php.arr(enumNew),
        want: [{ name: 'enum', args: ['App\\Enums\\Status'], value: enumNew }],
      },
    ],
    [
      'a single rule object',
      { given: inCall, want: [{ name: 'in', args: ['a', 'b'], value: inCall }] },
    ],
    [
      'unresolved Rule (no use statement)',
      {
        given: php.arr(php.call('Rule::unique', ['users'])),
        want: [{ ...r('unique', 'users'), value: php.call('Rule::unique', ['users']) }],
      },
    ],
    [
      'Rule::unique(User::class)',
      {
        given: php.arr(
          php.call('\\Illuminate\\Validation\\Rule::unique', [
            php.cls('App\\Models\\User'),
            'email',
          ]),
        ),
        want: [
          {
            name: 'unique',
            args: ['App\\Models\\User', 'email'],
            value: php.call('\\Illuminate\\Validation\\Rule::unique', [
              php.cls('App\\Models\\User'),
              'email',
            ]),
          },
        ],
      },
    ],
    [
      'File::image()->max(1024)',
      {
        given: php.arr(php.call('Illuminate\\Validation\\Rules\\File::image', [], ['max', 1024])),
        want: [r('image'), r('max', '1024')],
      },
    ],
    [
      'closures and unknown values are skipped',
      {
        given: php.arr('required', php.unknown('function () {}'), 7, null, true),
        want: [r('required')],
      },
    ],
    [
      'custom rule objects are skipped',
      {
        given: php.arr(php.new('App\\Rules\\Uppercase'), php.call('App\\Rules\\Slug::make')),
        want: [],
      },
    ],
    ['an unknown expression', { given: php.unknown('$rules'), want: [] }],
  ] as [string, { given: PhpValue; want: ParsedRule[] }][])('%s', (_name, { given, want }) => {
    expect(parseRules(given)).toEqual(want);
  });
});

function r(name: string, ...args: string[]): ParsedRule {
  return { name, args };
}
