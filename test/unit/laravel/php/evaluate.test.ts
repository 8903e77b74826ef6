import { describe, expect, it } from 'vitest';
import type { PhpValue } from '../../../../src/laravel/php/value.js';
import { evalPhp } from '../helpers.js';

const USES =
  'namespace App\\Http\\Requests; use Illuminate\\Validation\\Rule; use App\\Enums\\{Status, Role as R};';

describe('evaluate: PHP expressions → PhpValue', () => {
  const cases: [string, { given: string; header?: string; want: PhpValue }][] = [
    ['single-quoted string', { given: "'a\\'b'", want: "a'b" }],
    [
      'match on a known subject: its arm',
      { given: "match ('b') { 'a' => 1, 'b', 'c' => 2, default => 3 }", want: 2 },
    ],
    [
      'match with no arm taken: default',
      { given: "match ('z') { 'a' => 1, default => 3 }", want: 3 },
    ],
    ['double-quoted string', { given: '"line"', want: 'line' }],
    ['integer', { given: '42', want: 42 }],
    ['float', { given: '1.5', want: 1.5 }],
    ['numeric separator', { given: '1_000', want: 1000 }],
    ['negative number', { given: '-5', want: -5 }],
    [
      'booleans and null',
      {
        given: '[true, false, null]',
        want: { kind: 'array', items: [{ value: true }, { value: false }, { value: null }] },
      },
    ],
    [
      'list array',
      { given: "['a', 'b']", want: { kind: 'array', items: [{ value: 'a' }, { value: 'b' }] } },
    ],
    [
      'keyed array',
      {
        given: "['name' => 'required', 3 => 'x']",
        want: {
          kind: 'array',
          items: [
            { key: 'name', value: 'required' },
            { key: 3, value: 'x' },
          ],
        },
      },
    ],
    [
      'long array()',
      { given: "array('a' => 1)", want: { kind: 'array', items: [{ key: 'a', value: 1 }] } },
    ],
    [
      'spread',
      {
        given: "[...['a', 'b'], 'c']",
        want: { kind: 'array', items: [{ value: 'a' }, { value: 'b' }, { value: 'c' }] },
      },
    ],
    ['concatenation', { given: "'max:' . 255", want: 'max:255' }],
    [
      'interpolation of a variable known only at run time: unknown, its parts kept',
      {
        given: '"a{$x}b"',
        want: {
          kind: 'unknown',
          source: '"a{$x}b"',
          late: { kind: 'concat', parts: ['a', { kind: 'unknown', source: '$x' }, 'b'] },
        },
      },
    ],
    ['arithmetic', { given: '60 * 24', want: 1440 }],
    ['null coalescing', { given: "null ?? 'x'", want: 'x' }],
    ['cast', { given: "(int) '12'", want: 12 }],
    [
      '::class resolved through use',
      {
        given: 'Rule::class',
        header: USES,
        want: { kind: 'class', name: 'Illuminate\\Validation\\Rule' },
      },
    ],
    [
      '::class in the namespace',
      {
        given: 'StoreUserRequest::class',
        header: USES,
        want: { kind: 'class', name: 'App\\Http\\Requests\\StoreUserRequest' },
      },
    ],
    [
      '::class fully qualified',
      {
        given: '\\App\\Models\\User::class',
        header: USES,
        want: { kind: 'class', name: 'App\\Models\\User' },
      },
    ],
    [
      'group use',
      { given: 'Status::class', header: USES, want: { kind: 'class', name: 'App\\Enums\\Status' } },
    ],
    [
      'group use with alias',
      {
        given: 'R::Admin',
        header: USES,
        want: { kind: 'const', className: 'App\\Enums\\Role', name: 'Admin' },
      },
    ],
    [
      'qualified name through an import',
      {
        given: 'R\\Sub::class',
        header: USES,
        want: { kind: 'class', name: 'App\\Enums\\Role\\Sub' },
      },
    ],
    [
      'static call',
      {
        given: "Rule::in(['a', 'b'])",
        header: USES,
        want: {
          kind: 'call',
          callee: 'Illuminate\\Validation\\Rule::in',
          args: [{ kind: 'array', items: [{ value: 'a' }, { value: 'b' }] }],
        },
      },
    ],
    [
      'static call with a method chain',
      {
        given: "Rule::unique('users')->ignore(5)",
        header: USES,
        want: {
          kind: 'call',
          callee: 'Illuminate\\Validation\\Rule::unique',
          args: ['users'],
          chain: [{ method: 'ignore', args: [5] }],
        },
      },
    ],
    [
      'function call',
      {
        given: "env('APP_NAME', 'Laravel')",
        want: { kind: 'call', callee: 'env', args: ['APP_NAME', 'Laravel'] },
      },
    ],
    [
      'named arguments',
      {
        given: "foo(1, name: 'x')",
        want: { kind: 'call', callee: 'foo', args: [1], named: { name: 'x' } },
      },
    ],
    [
      'new',
      {
        given: 'new Password(8)',
        header: 'use Illuminate\\Validation\\Rules\\Password;',
        want: { kind: 'new', className: 'Illuminate\\Validation\\Rules\\Password', args: [8] },
      },
    ],
    [
      'new with a chain',
      {
        given: '(new Enum(Status::class))->only([])',
        header: 'use Illuminate\\Validation\\Rules\\Enum; use App\\Enums\\Status;',
        want: {
          kind: 'new',
          className: 'Illuminate\\Validation\\Rules\\Enum',
          args: [{ kind: 'class', name: 'App\\Enums\\Status' }],
          chain: [{ method: 'only', args: [{ kind: 'array', items: [] }] }],
        },
      },
    ],
    [
      'base_path folds to a placeholder',
      { given: "base_path('routes/api.php')", want: '{{BASE}}/routes/api.php' },
    ],
    [
      '__DIR__ concatenation',
      { given: "__DIR__ . '/api/admin.php'", want: '{{__DIR__}}/api/admin.php' },
    ],
    ['dirname(__DIR__)', { given: 'dirname(__DIR__)', want: '{{__DIR__}}/..' }],
    ['an unknown variable', { given: '$user', want: { kind: 'unknown', source: '$user' } }],
    ['a closure', { given: 'fn () => 1', want: { kind: 'unknown', source: 'fn () => …' } }],
  ];
  it.each(cases)('%s', (_name, { given, header, want }) => {
    expect(evalPhp(given, header)).toEqual(want);
  });
});
