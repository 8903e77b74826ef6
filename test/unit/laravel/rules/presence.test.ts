import { describe, expect, it } from 'vitest';
import type { SchemaObject } from '../../../../src/core/types.js';
import type { PhpValue } from '../../../../src/laravel/php/value.js';
import { field, forms, php, schemaOf } from './helpers.js';

const YES = ['yes', 'on', 1, '1', true, 'true'];
const NO = ['no', 'off', 0, '0', false, 'false'];

const cases: [string, { given: PhpValue; want: { schema: SchemaObject; required: boolean } }][] = [
  ['required', { given: 'required|string', want: { schema: { type: 'string' }, required: true } }],
  ['optional', { given: 'string', want: { schema: { type: 'string' }, required: false } }],
  [
    'nullable',
    {
      given: 'nullable|string',
      want: { schema: { type: 'string', nullable: true }, required: false },
    },
  ],
  [
    'required rejects null, whatever nullable says',
    { given: 'required|nullable|string', want: { schema: { type: 'string' }, required: true } },
  ],
  [
    'sometimes|required: only when sent',
    { given: 'sometimes|required|string', want: { schema: { type: 'string' }, required: false } },
  ],
  [
    'present: the key must be sent',
    {
      given: 'present|nullable|string',
      want: { schema: { type: 'string', nullable: true }, required: true },
    },
  ],
  [
    'filled: not required, not null',
    { given: 'filled|nullable|string', want: { schema: { type: 'string' }, required: false } },
  ],
  ['accepted', { given: 'accepted', want: { schema: { enum: YES }, required: true } }],
  [
    'accepted boolean',
    {
      given: 'boolean|accepted',
      want: { schema: { type: 'boolean', enum: [true] }, required: true },
    },
  ],
  ['declined', { given: 'declined', want: { schema: { enum: NO }, required: true } }],
  [
    'accepted on a string takes the strings',
    {
      given: 'string|accepted',
      want: { schema: { type: 'string', enum: ['yes', 'on', '1', 'true'] }, required: true },
    },
  ],
  [
    'declined on an integer',
    { given: 'integer|declined', want: { schema: { type: 'integer', enum: [0] }, required: true } },
  ],
  [
    'accepted_if is conditional',
    {
      given: 'boolean|accepted_if:role,admin',
      want: { schema: { type: 'boolean' }, required: false },
    },
  ],
  [
    'bail',
    { given: 'bail|required|integer', want: { schema: { type: 'integer' }, required: true } },
  ],
  ...[
    'required_if:role,admin',
    'required_unless:role,guest',
    'required_with:email',
    'required_with_all:a,b',
    'required_without:phone',
    'required_without_all:a,b',
    'required_if_accepted:terms',
    'required_if_declined:terms',
    'present_if:a,1',
    'present_with:a',
    'prohibited',
    'prohibited_if:a,1',
    'prohibited_unless:a,1',
    'prohibits:other',
    'exclude',
    'exclude_if:a,1',
    'exclude_unless:a,1',
    'exclude_with:a',
    'exclude_without:a',
    'missing',
    'missing_if:a,1',
    'same:other',
    'different:other',
  ].map((rule): (typeof cases)[number] => [
    `${rule} is conditional`,
    { given: `${rule}|string`, want: { schema: { type: 'string' }, required: false } },
  ]),
  [
    'Rule::requiredIf(true) is required',
    {
      given: php.arr(php.rule('requiredIf', true), 'string'),
      want: { schema: { type: 'string' }, required: true },
    },
  ],
  [
    'Rule::requiredIf(false) is nothing',
    {
      given: php.arr(php.rule('requiredIf', false), 'string'),
      want: { schema: { type: 'string' }, required: false },
    },
  ],
  [
    'Rule::requiredIf(fn) is conditional',
    {
      given: php.arr(php.rule('requiredIf', php.unknown('fn () => ...')), 'string'),
      want: { schema: { type: 'string' }, required: false },
    },
  ],
  [
    'new RequiredIf(...)',
    {
      given: php.arr(php.new('RequiredIf', [php.unknown()]), 'string'),
      want: { schema: { type: 'string' }, required: false },
    },
  ],
  [
    'Rule::prohibitedIf',
    {
      given: php.arr(php.rule('prohibitedIf', php.unknown()), 'string'),
      want: { schema: { type: 'string' }, required: false },
    },
  ],
  [
    'Rule::excludeIf',
    {
      given: php.arr(php.rule('excludeIf', php.unknown()), 'string'),
      want: { schema: { type: 'string' }, required: false },
    },
  ],
  [
    'Rule::when(cond, [...]): the rules apply, not required',
    {
      given: php.arr(
        'string',
        php.rule('when', php.unknown('$this->isCreating()'), php.arr('required', 'max:5')),
      ),
      want: { schema: { type: 'string', maxLength: 5 }, required: false },
    },
  ],
  [
    'Rule::when(true, ...)',
    {
      given: php.arr(php.rule('when', true, 'required|integer')),
      want: { schema: { type: 'integer' }, required: true },
    },
  ],
  [
    'Rule::when(false, ..., default)',
    {
      given: php.arr(php.rule('when', false, 'required|integer', php.arr('string'))),
      want: { schema: { type: 'string' }, required: false },
    },
  ],
  [
    'Password::required()',
    {
      given: php.arr(php.call('Illuminate\\Validation\\Rules\\Password::required')),
      want: { schema: { type: 'string', format: 'password' }, required: true },
    },
  ],
];

describe('presence rules', () => {
  it.each(cases)('%s', (_name, { given, want }) => {
    for (const form of forms(given)) {
      const { schema, required, unknown } = field(form);
      expect({ schema, required, unknown }).toEqual({ ...want, unknown: [] });
    }
  });
});

describe('confirmed', () => {
  it.each([
    [
      'adds a required sibling after the field',
      {
        given: { password: 'required|string|min:8|confirmed', name: 'string' },
        want: {
          type: 'object',
          properties: {
            password: { type: 'string', minLength: 8 },
            password_confirmation: {
              type: 'string',
              description: 'Must match password.',
              minLength: 8,
            },
            name: { type: 'string' },
          },
          required: ['password', 'password_confirmation'],
        },
      },
    ],
    [
      'an optional field has an optional confirmation',
      {
        given: { email: php.arr('nullable', 'email', 'confirmed') },
        want: {
          type: 'object',
          properties: {
            email: { type: 'string', format: 'email', nullable: true },
            email_confirmation: {
              type: 'string',
              format: 'email',
              description: 'Must match email.',
              nullable: true,
            },
          },
        },
      },
    ],
    [
      'confirmed:repeat_password (Laravel 11)',
      {
        given: { password: 'required|confirmed:repeat_password' },
        want: {
          type: 'object',
          properties: { password: {}, repeat_password: { description: 'Must match password.' } },
          required: ['password', 'repeat_password'],
        },
      },
    ],
    [
      'a confirmation with rules of its own keeps them',
      {
        given: { pin: 'required|digits:4|confirmed', pin_confirmation: 'required|string' },
        want: {
          type: 'object',
          properties: {
            pin: { type: 'string', pattern: '^\\d{4}$' },
            pin_confirmation: { type: 'string' },
          },
          required: ['pin', 'pin_confirmation'],
        },
      },
    ],
    [
      'nested fields confirm beside themselves',
      {
        given: { 'user.password': 'required|string|confirmed' },
        want: {
          type: 'object',
          properties: {
            user: {
              type: 'object',
              properties: {
                password: { type: 'string' },
                password_confirmation: { type: 'string', description: 'Must match user.password.' },
              },
              required: ['password', 'password_confirmation'],
            },
          },
          required: ['user'],
        },
      },
    ],
  ] as [string, { given: Record<string, PhpValue>; want: SchemaObject }][])(
    '%s',
    (_name, { given, want }) => {
      expect(schemaOf(given)).toEqual({ schema: want, multipart: false, unknown: [] });
    },
  );
});
