import { describe, expect, it } from 'vitest';
import type { SchemaObject } from '../../../../src/core/types.js';
import type { PhpValue } from '../../../../src/laravel/php/value.js';
import { field, forms, php, validator } from './helpers.js';

const cases: [string, { given: PhpValue; want: SchemaObject }][] = [
  [
    'string min/max are lengths',
    { given: 'string|min:2|max:255', want: { type: 'string', minLength: 2, maxLength: 255 } },
  ],
  [
    'string between',
    { given: 'string|between:2,5', want: { type: 'string', minLength: 2, maxLength: 5 } },
  ],
  ['string size', { given: 'string|size:3', want: { type: 'string', minLength: 3, maxLength: 3 } }],
  [
    'fractional lengths round inwards',
    { given: 'string|min:1.5|max:4.5', want: { type: 'string', minLength: 2, maxLength: 4 } },
  ],
  [
    'integer min/max are values',
    { given: 'integer|min:1|max:100', want: { type: 'integer', minimum: 1, maximum: 100 } },
  ],
  [
    'numeric between',
    { given: 'numeric|between:0.5,9.5', want: { type: 'number', minimum: 0.5, maximum: 9.5 } },
  ],
  [
    'integer size',
    { given: 'integer|size:10', want: { type: 'integer', minimum: 10, maximum: 10 } },
  ],
  [
    'array min/max are counts',
    { given: 'array|min:1|max:10', want: { type: 'array', items: {}, minItems: 1, maxItems: 10 } },
  ],
  [
    'array size',
    { given: 'array|size:2', want: { type: 'array', items: {}, minItems: 2, maxItems: 2 } },
  ],
  [
    'keyed array sizes count keys',
    {
      given: 'array:a,b|min:1',
      want: {
        type: 'object',
        properties: { a: {}, b: {} },
        additionalProperties: false,
        minProperties: 1,
      },
    },
  ],
  [
    'file sizes are kilobytes, described',
    {
      given: 'file|max:2048',
      want: { type: 'string', format: 'binary', description: 'Maximum size: 2048 KB.' },
    },
  ],
  [
    'file between',
    {
      given: 'file|between:10,20',
      want: {
        type: 'string',
        format: 'binary',
        description: 'Minimum size: 10 KB. Maximum size: 20 KB.',
      },
    },
  ],
  [
    'file size',
    {
      given: 'file|size:512',
      want: { type: 'string', format: 'binary', description: 'Size: 512 KB.' },
    },
  ],
  ['no type: a string', { given: 'min:3', want: { type: 'string', minLength: 3 } }],
  ['boolean has no size', { given: 'boolean|max:1', want: { type: 'boolean' } }],
  [
    'gt a number',
    { given: 'integer|gt:0', want: { type: 'integer', minimum: 0, exclusiveMinimum: true } },
  ],
  ['gte a number', { given: 'numeric|gte:1.5', want: { type: 'number', minimum: 1.5 } }],
  [
    'lt a number',
    { given: 'integer|lt:10', want: { type: 'integer', maximum: 10, exclusiveMaximum: true } },
  ],
  ['lte a number', { given: 'integer|lte:10', want: { type: 'integer', maximum: 10 } }],
  [
    'gt with no type: a number',
    { given: 'gt:0', want: { type: 'number', minimum: 0, exclusiveMinimum: true } },
  ],
  [
    'gt another field',
    {
      given: 'integer|gt:min_price',
      want: { type: 'integer', description: 'Must be greater than min_price.' },
    },
  ],
  [
    'lte another field',
    {
      given: 'date|lte:ends_at',
      want: {
        type: 'string',
        format: 'date',
        description: 'Must be less than or equal to ends_at.',
      },
    },
  ],
  [
    'gt a number on a string (Laravel fails it): ignored',
    { given: 'string|gt:3', want: { type: 'string' } },
  ],
  ['multiple_of', { given: 'integer|multiple_of:5', want: { type: 'integer', multipleOf: 5 } }],
  [
    'multiple_of with no type',
    { given: 'multiple_of:0.5', want: { type: 'number', multipleOf: 0.5 } },
  ],
  ['digits on a string', { given: 'digits:4', want: { type: 'string', pattern: '^\\d{4}$' } }],
  [
    'digits on an integer',
    { given: 'integer|digits:4', want: { type: 'integer', minimum: 1000, maximum: 9999 } },
  ],
  [
    'one digit includes 0',
    { given: 'integer|digits:1', want: { type: 'integer', minimum: 0, maximum: 9 } },
  ],
  [
    'digits_between on a string',
    { given: 'digits_between:4,6', want: { type: 'string', pattern: '^\\d{4,6}$' } },
  ],
  [
    'digits_between on an integer',
    { given: 'integer|digits_between:2,3', want: { type: 'integer', minimum: 10, maximum: 999 } },
  ],
  ['min_digits', { given: 'integer|min_digits:3', want: { type: 'integer', minimum: 100 } }],
  [
    'max_digits',
    { given: 'integer|max_digits:3', want: { type: 'integer', minimum: 0, maximum: 999 } },
  ],
  [
    'min_digits on a string',
    { given: 'min_digits:3', want: { type: 'string', pattern: '^\\d{3,}$' } },
  ],
  [
    'max_digits on a string',
    { given: 'max_digits:3', want: { type: 'string', pattern: '^\\d{1,3}$' } },
  ],
  [
    'Rule::numeric()->integer()->min(1)->max(5) (Laravel 12)',
    {
      given: php.arr(
        php.call('Illuminate\\Validation\\Rule::numeric', [], ['integer'], ['min', 1], ['max', 5]),
      ),
      want: { type: 'integer', minimum: 1, maximum: 5 },
    },
  ],
  [
    'Rule::numeric()->greaterThan(0)',
    {
      given: php.arr(php.call('Illuminate\\Validation\\Rule::numeric', [], ['greaterThan', 0])),
      want: { type: 'number', minimum: 0, exclusiveMinimum: true },
    },
  ],
];

describe('size rules', () => {
  it.each(cases)('%s', (_name, { given, want }) => {
    for (const form of forms(given)) {
      const { schema, unknown } = field(form);
      expect({ schema, unknown }).toEqual({ schema: want, unknown: [] });
    }
  });

  it.each([
    ['max:abc', 'max:abc'],
    ['between with one bound', 'between:1'],
    ['digits without a count', 'digits'],
    ['gt without an argument', 'gt'],
    ['multiple_of:0', 'multiple_of:0'],
  ])('reports %s', (_name, given) => {
    expect(field(given).unknown).toEqual([given]);
  });

  it.each([
    ['gt is exclusive', 'integer|gt:0', 0, false],
    ['gte is inclusive', 'integer|gte:0', 0, true],
    ['digits on strings keeps leading zeros', 'digits:4', '0123', true],
    ['digits on strings counts', 'digits:4', '123', false],
  ] as const)('%s', (_name, given, value, want) => {
    expect(validator(field(given).schema ?? {})(value)).toBe(want);
  });
});
