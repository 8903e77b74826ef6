import { describe, expect, it } from 'vitest';
import type { SchemaObject } from '../../../../src/core/types.js';
import type { PhpValue } from '../../../../src/laravel/php/value.js';
import { field, forms, php, validator } from './helpers.js';

const DATE_TIME =
  '^\\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01]) (?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d$';

const cases: [string, { given: PhpValue; want: SchemaObject }][] = [
  ['date', { given: 'date', want: { type: 'string', format: 'date' } }],
  [
    'date_format:Y-m-d is a date',
    {
      given: 'date_format:Y-m-d',
      want: {
        type: 'string',
        format: 'date',
        pattern: '^\\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])$',
        example: '2024-01-15',
      },
    },
  ],
  [
    'date_format with a space is a pattern',
    {
      given: 'date_format:Y-m-d H:i:s',
      want: { type: 'string', pattern: DATE_TIME, example: '2024-01-15 13:45:30' },
    },
  ],
  [
    'date and date_format: the format wins',
    {
      given: 'date|date_format:Y-m-d H:i:s',
      want: { type: 'string', pattern: DATE_TIME, example: '2024-01-15 13:45:30' },
    },
  ],
  [
    'ATOM is a date-time',
    {
      given: 'date_format:Y-m-d\\TH:i:sP',
      want: {
        type: 'string',
        format: 'date-time',
        pattern:
          '^\\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])T(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d[+-]\\d{2}:\\d{2}$',
        example: '2024-01-15T13:45:30+00:00',
      },
    },
  ],
  [
    'time only',
    {
      given: 'date_format:H:i',
      want: { type: 'string', pattern: '^(?:[01]\\d|2[0-3]):[0-5]\\d$', example: '13:45' },
    },
  ],
  [
    'several formats (Laravel 10)',
    {
      given: 'date_format:d/m/Y,U',
      want: {
        type: 'string',
        pattern: '^(?:(?:0[1-9]|[12]\\d|3[01])/(?:0[1-9]|1[0-2])/\\d{4}|-?\\d+)$',
        example: '15/01/2024',
      },
    },
  ],
  [
    'month names',
    {
      given: 'date_format:j M Y',
      want: {
        type: 'string',
        pattern:
          '^(?:[1-9]|[12]\\d|3[01]) (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \\d{4}$',
        example: '15 Jan 2024',
      },
    },
  ],
  [
    'after',
    {
      given: 'date|after:today',
      want: { type: 'string', format: 'date', description: 'A date after today.' },
    },
  ],
  [
    'after alone is a date',
    {
      given: 'after:start_date',
      want: { type: 'string', format: 'date', description: 'A date after start_date.' },
    },
  ],
  [
    'after_or_equal',
    {
      given: 'date|after_or_equal:now',
      want: { type: 'string', format: 'date', description: 'A date after or equal to now.' },
    },
  ],
  [
    'before',
    {
      given: 'date|before:2030-01-01',
      want: { type: 'string', format: 'date', description: 'A date before 2030-01-01.' },
    },
  ],
  [
    'before_or_equal',
    {
      given: 'date|before_or_equal:today',
      want: { type: 'string', format: 'date', description: 'A date before or equal to today.' },
    },
  ],
  [
    'date_equals',
    {
      given: 'date|date_equals:today',
      want: { type: 'string', format: 'date', description: 'A date equal to today.' },
    },
  ],
  [
    "Rule::date()->format('Y-m-d')->afterToday() (Laravel 12)",
    {
      given: php.arr(
        php.call('Illuminate\\Validation\\Rule::date', [], ['format', 'Y-m-d'], ['afterToday']),
      ),
      want: {
        type: 'string',
        format: 'date',
        pattern: '^\\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])$',
        example: '2024-01-15',
        description: 'A date after today.',
      },
    },
  ],
  [
    'Rule::date()->before(...)',
    {
      given: php.arr(php.call('Illuminate\\Validation\\Rule::date', [], ['before', '2030-01-01'])),
      want: { type: 'string', format: 'date', description: 'A date before 2030-01-01.' },
    },
  ],
];

describe('date rules', () => {
  it.each(cases)('%s', (_name, { given, want }) => {
    for (const form of forms(given)) {
      const { schema, unknown } = field(form);
      expect({ schema, unknown }).toEqual({ schema: want, unknown: [] });
    }
  });

  it('reports a format it cannot read', () => {
    const { schema, unknown } = field('date_format:Y-m-d?');
    expect({ schema, unknown }).toEqual({
      schema: { type: 'string' },
      unknown: ['date_format:Y-m-d?'],
    });
  });

  it.each([
    ['Y-m-d H:i:s', 'date_format:Y-m-d H:i:s', '2024-02-29 23:59:00', true],
    ['Y-m-d H:i:s without seconds', 'date_format:Y-m-d H:i:s', '2024-02-29 23:59', false],
    ['d/m/Y', 'date_format:d/m/Y', '31/12/2024', true],
    ['d/m/Y, month 13', 'date_format:d/m/Y', '01/13/2024', false],
    ['g:i A', 'date_format:g:i A', '9:05 PM', true],
    [
      'a quoted format with a comma',
      'date_format:"D, d M Y H:i:s O"',
      'Mon, 15 Jan 2024 13:45:30 +0000',
      true,
    ],
    ['an unquoted comma separates formats, as in Laravel 10', 'date_format:D, d M Y', 'Mon', true],
  ] as const)('%s', (_name, given, value, want) => {
    expect(validator(field(given).schema ?? {})(value)).toBe(want);
  });

  it.each([
    'Y-m-d',
    'd/m/Y H:i',
    'D, d M Y',
    'l jS F Y g:ia',
    'Y-m-d\\TH:i:s.vP',
    'U',
    'H:i:s.u',
    'y-n-j G:i e',
    'Y-m-d\\TH:i:sp',
  ])('the example of %s matches its pattern', (format) => {
    const { schema } = field(php.arr(`date_format:"${format}"`));
    expect(schema?.example).toBeTypeOf('string');
    expect(validator(schema ?? {})(schema?.example)).toBe(true);
  });
});
