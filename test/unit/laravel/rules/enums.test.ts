import { describe, expect, it } from 'vitest';
import type { SchemaObject } from '../../../../src/core/types.js';
import type { PhpValue } from '../../../../src/laravel/php/value.js';
import { field, forms, php, PRIORITY, STATUS } from './helpers.js';

const cases: [string, { given: PhpValue; want: SchemaObject }][] = [
  [
    'in on a string',
    { given: 'string|in:draft,published', want: { type: 'string', enum: ['draft', 'published'] } },
  ],
  [
    'in with no type: strings',
    { given: 'in:draft,published', want: { type: 'string', enum: ['draft', 'published'] } },
  ],
  [
    'in on an integer: numbers',
    { given: 'integer|in:1,2,3', want: { type: 'integer', enum: [1, 2, 3] } },
  ],
  [
    'in on a numeric field',
    { given: 'numeric|in:0.5,1', want: { type: 'number', enum: [0.5, 1] } },
  ],
  ['in with quoted values', { given: 'in:"a,b",c', want: { type: 'string', enum: ['a,b', 'c'] } }],
  [
    'in on an array checks each item',
    { given: 'array|in:a,b', want: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } } },
  ],
  [
    'nullable in allows null',
    { given: 'nullable|in:a,b', want: { type: 'string', enum: ['a', 'b', null], nullable: true } },
  ],
  [
    'Rule::in([...])',
    {
      given: php.arr('required', php.rule('in', php.arr('a', 'b'))),
      want: { type: 'string', enum: ['a', 'b'] },
    },
  ],
  [
    'Rule::in(...) variadic',
    { given: php.arr(php.rule('in', 'a', 'b')), want: { type: 'string', enum: ['a', 'b'] } },
  ],
  [
    'Rule::in with PHP numbers',
    { given: php.arr(php.rule('in', php.arr(1, 2))), want: { type: 'integer', enum: [1, 2] } },
  ],
  [
    'Rule::in on a string field casts',
    {
      given: php.arr('string', php.rule('in', php.arr(1, 2))),
      want: { type: 'string', enum: ['1', '2'] },
    },
  ],
  [
    'new In([...])',
    {
      given: php.arr(php.new('In', [php.arr('x', 'y')])),
      want: { type: 'string', enum: ['x', 'y'] },
    },
  ],
  [
    'Rule::in with enum cases',
    {
      given: php.arr(
        php.rule(
          'in',
          php.arr(
            php.enumCase(STATUS, 'Draft', 'draft'),
            php.enumCase(STATUS, 'Published', 'published'),
          ),
        ),
      ),
      want: { type: 'string', enum: ['draft', 'published'] },
    },
  ],
  [
    'Rule::in(Status::cases())',
    {
      given: php.arr(php.rule('in', php.call(`${STATUS}::cases`))),
      want: { type: 'string', enum: ['draft', 'published', 'archived'] },
    },
  ],
  [
    "Rule::in(array_column(Priority::cases(), 'value'))",
    {
      given: php.arr(
        'integer',
        php.rule('in', php.call('array_column', [php.call(`${PRIORITY}::cases`), 'value'])),
      ),
      want: { type: 'integer', enum: [1, 2, 3] },
    },
  ],
  [
    'not_in',
    {
      given: 'string|not_in:admin,root',
      want: { type: 'string', not: { enum: ['admin', 'root'] } },
    },
  ],
  [
    'not_in on an integer',
    { given: 'integer|not_in:0', want: { type: 'integer', not: { enum: [0] } } },
  ],
  [
    'Rule::notIn',
    {
      given: php.arr('string', php.rule('notIn', php.arr('admin'))),
      want: { type: 'string', not: { enum: ['admin'] } },
    },
  ],
  [
    'not_in and not_regex both',
    {
      given: php.arr('string', 'not_in:a', 'not_regex:/^b/'),
      want: { type: 'string', not: { enum: ['a'] }, allOf: [{ not: { pattern: '^b' } }] },
    },
  ],
  [
    'Rule::enum',
    {
      given: php.arr(php.rule('enum', php.cls(STATUS))),
      want: { type: 'string', enum: ['draft', 'published', 'archived'] },
    },
  ],
  [
    'new Enum',
    {
      given: php.arr(php.new('Enum', [php.cls(STATUS)])),
      want: { type: 'string', enum: ['draft', 'published', 'archived'] },
    },
  ],
  [
    'new Enum(type: Status::class), a named argument',
    {
      given: php.arr({
        kind: 'new',
        className: 'Illuminate\\Validation\\Rules\\Enum',
        args: [],
        named: { type: php.cls(STATUS) },
      }),
      want: { type: 'string', enum: ['draft', 'published', 'archived'] },
    },
  ],
  [
    'enum: string rule',
    { given: `enum:${STATUS}`, want: { type: 'string', enum: ['draft', 'published', 'archived'] } },
  ],
  [
    'an int-backed enum',
    {
      given: php.arr(php.rule('enum', php.cls(PRIORITY))),
      want: { type: 'integer', enum: [1, 2, 3] },
    },
  ],
  [
    'Rule::enum()->only([...])',
    {
      given: php.arr(
        php.call(
          'Illuminate\\Validation\\Rule::enum',
          [php.cls(STATUS)],
          ['only', php.arr(php.enumCase(STATUS, 'Draft', 'draft'))],
        ),
      ),
      want: { type: 'string', enum: ['draft'] },
    },
  ],
  [
    'Rule::enum()->except(...)',
    {
      given: php.arr(
        php.call(
          'Illuminate\\Validation\\Rule::enum',
          [php.cls(STATUS)],
          ['except', php.enumCase(STATUS, 'Archived', 'archived')],
        ),
      ),
      want: { type: 'string', enum: ['draft', 'published'] },
    },
  ],
  [
    'Rule::in([]) adds no empty enum (OpenAPI 3.0 forbids one)',
    { given: php.arr('string', php.rule('in', php.arr())), want: { type: 'string' } },
  ],
  ['unique is understood', { given: 'string|unique:users,email', want: { type: 'string' } }],
  ['exists is understood', { given: 'integer|exists:users,id', want: { type: 'integer' } }],
  [
    'Rule::unique()->ignore()',
    {
      given: php.arr(
        'email',
        php.call(
          'Illuminate\\Validation\\Rule::unique',
          ['users'],
          ['ignore', php.unknown('$this->user')],
        ),
      ),
      want: { type: 'string', format: 'email' },
    },
  ],
  [
    'Rule::exists',
    {
      given: php.arr('integer', php.rule('exists', php.cls('App\\Models\\User'), 'id')),
      want: { type: 'integer' },
    },
  ],
];

describe('enum rules', () => {
  it.each(cases)('%s', (_name, { given, want }) => {
    for (const form of forms(given)) {
      const { schema, unknown } = field(form);
      expect({ schema, unknown }).toEqual({ schema: want, unknown: [] });
    }
  });

  it.each([
    [
      'an enum the PHP layer could not read',
      php.arr('string', php.rule('enum', php.cls('App\\Enums\\Missing'))),
      'enum:App\\Enums\\Missing',
    ],
    [
      'no resolver for cases()',
      php.arr(php.rule('in', php.call('App\\Enums\\Missing::cases'))),
      'in',
    ],
    [
      'a value that is not static',
      php.arr(php.rule('in', php.arr('a', php.unknown('$x')))),
      'in:a',
    ],
    [
      'an enum case without value',
      php.arr(php.rule('in', php.arr(php.enumCase(STATUS, 'Draft')))),
      'in',
    ],
  ])('reports %s', (_name, given, rule) => {
    expect(field(given).unknown).toEqual([rule]);
  });
});

describe('in: values only the request knows', () => {
  it('documents Rule::in([$this->credit->client_id]) without a constraint, and without a warning', () => {
    const given = php.arr(
      'sometimes',
      php.rule('in', php.arr(php.unknown('$this->credit->client_id'))),
    );
    expect(field(given)).toMatchObject({ schema: {}, unknown: [] });
  });
});
