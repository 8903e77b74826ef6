import { describe, expect, it } from 'vitest';
import type { SchemaObject } from '../../../../src/core/types.js';
import type { PhpValue } from '../../../../src/laravel/php/value.js';
import { field, forms, php, validator } from './helpers.js';

const cases: [string, { given: PhpValue; want: SchemaObject | undefined }][] = [
  ['string', { given: 'string', want: { type: 'string' } }],
  ['integer', { given: 'integer', want: { type: 'integer' } }],
  ['int is integer', { given: 'int', want: { type: 'integer' } }],
  ['numeric', { given: 'numeric', want: { type: 'number' } }],
  [
    'decimal is a number',
    { given: 'decimal:2', want: { type: 'number', description: 'Must have 2 decimal places.' } },
  ],
  [
    'decimal range',
    {
      given: 'decimal:1,4',
      want: { type: 'number', description: 'Must have 1 to 4 decimal places.' },
    },
  ],
  ['boolean', { given: 'boolean', want: { type: 'boolean' } }],
  ['bool is boolean', { given: 'bool', want: { type: 'boolean' } }],
  ['array', { given: 'array', want: { type: 'array', items: {} } }],
  ['list', { given: 'list', want: { type: 'array', items: {} } }],
  [
    'array with keys is an object of those keys',
    {
      given: 'array:name,email',
      want: { type: 'object', properties: { name: {}, email: {} }, additionalProperties: false },
    },
  ],
  [
    'Rule::array([keys])',
    {
      given: php.arr(php.rule('array', php.arr('name', 'email'))),
      want: { type: 'object', properties: { name: {}, email: {} }, additionalProperties: false },
    },
  ],
  [
    'Rule::array() with no keys',
    { given: php.arr(php.rule('array')), want: { type: 'array', items: {} } },
  ],
  [
    'json is a string',
    { given: 'json', want: { type: 'string', description: 'A JSON-encoded string.' } },
  ],
  [
    'string and integer: a string of digits',
    { given: 'string|integer', want: { type: 'string', pattern: '^[+-]?\\d+$' } },
  ],
  [
    'string and numeric: sizes compare the number, so no length',
    {
      given: 'string|numeric|max:10',
      want: { type: 'string', pattern: '^[+-]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][+-]?\\d+)?$' },
    },
  ],
  ['integer is narrower than numeric', { given: 'numeric|integer', want: { type: 'integer' } }],
  [
    'a file is a file whatever else',
    { given: 'string|file', want: { type: 'string', format: 'binary' } },
  ],
  ['names are case-insensitive (studly)', { given: 'Required|Integer', want: { type: 'integer' } }],
  ['no type rule: any value', { given: 'required', want: {} }],
  ['no type but a size: a string', { given: 'max:5', want: { type: 'string', maxLength: 5 } }],
  ['no rules at all', { given: '', want: {} }],
];

describe('type rules', () => {
  it.each(cases)('%s', (_name, { given, want }) => {
    for (const form of forms(given)) expect(field(form).schema).toEqual(want);
  });

  it.each([
    ['integer accepts integers', 'integer', 5, true],
    ['integer rejects decimals', 'integer', 5.5, false],
    ['numeric accepts decimals', 'numeric', 5.5, true],
    ['boolean rejects strings', 'boolean', 'yes', false],
    ['string rejects numbers', 'string', 5, false],
    ['string|integer takes a string of digits', 'string|integer', '-12', true],
    ['string|integer rejects other strings', 'string|integer', '1.5', false],
    ['array:keys rejects other keys', 'array:name', { name: 'x', admin: true }, false],
  ] as const)('%s', (_name, given, value, want) => {
    const schema = field(given).schema ?? {};
    expect(validator(schema)(value)).toBe(want);
  });
});
