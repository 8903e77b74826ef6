import { describe, expect, it } from 'vitest';
import type { SchemaObject } from '../../../../src/core/types.js';
import type { PhpValue } from '../../../../src/laravel/php/value.js';
import { field, forms, php, validator } from './helpers.js';

const PASSWORD = 'Illuminate\\Validation\\Rules\\Password';

const cases: [string, { given: PhpValue; want: SchemaObject }][] = [
  ['email', { given: 'email', want: { type: 'string', format: 'email' } }],
  [
    'email with validators',
    { given: 'string|email:rfc,dns', want: { type: 'string', format: 'email' } },
  ],
  [
    'Rule::email()',
    { given: php.arr(php.rule('email')), want: { type: 'string', format: 'email' } },
  ],
  ['url', { given: 'url', want: { type: 'string', format: 'uri' } }],
  ['url with protocols', { given: 'url:http,https', want: { type: 'string', format: 'uri' } }],
  ['active_url', { given: 'active_url', want: { type: 'string', format: 'uri' } }],
  ['uuid', { given: 'uuid', want: { type: 'string', format: 'uuid' } }],
  [
    'ulid',
    {
      given: 'ulid',
      want: { type: 'string', pattern: '^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$' },
    },
  ],
  [
    'ip',
    { given: 'ip', want: { type: 'string', anyOf: [{ format: 'ipv4' }, { format: 'ipv6' }] } },
  ],
  ['ipv4', { given: 'ipv4', want: { type: 'string', format: 'ipv4' } }],
  ['ipv6', { given: 'ipv6', want: { type: 'string', format: 'ipv6' } }],
  [
    'mac_address',
    {
      given: 'mac_address',
      want: {
        type: 'string',
        pattern:
          '^(?:[0-9A-Fa-f]{2}[:-]){5}[0-9A-Fa-f]{2}$|^(?:[0-9A-Fa-f]{4}\\.){2}[0-9A-Fa-f]{4}$',
      },
    },
  ],
  ['alpha', { given: 'alpha', want: { type: 'string', pattern: '^[\\p{L}\\p{M}]+$' } }],
  ['alpha:ascii', { given: 'alpha:ascii', want: { type: 'string', pattern: '^[a-zA-Z]+$' } }],
  [
    'alpha_num',
    { given: 'alpha_num', want: { type: 'string', pattern: '^[\\p{L}\\p{M}\\p{N}]+$' } },
  ],
  [
    'alpha_dash',
    { given: 'alpha_dash', want: { type: 'string', pattern: '^[\\p{L}\\p{M}\\p{N}_-]+$' } },
  ],
  [
    'alpha_dash:ascii',
    { given: 'alpha_dash:ascii', want: { type: 'string', pattern: '^[a-zA-Z0-9_-]+$' } },
  ],
  ['ascii', { given: 'ascii', want: { type: 'string', pattern: '^[\\x00-\\x7F]*$' } }],
  ['lowercase', { given: 'lowercase', want: { type: 'string', pattern: '^\\P{Lu}*$' } }],
  ['uppercase', { given: 'uppercase', want: { type: 'string', pattern: '^\\P{Ll}*$' } }],
  [
    'hex_color',
    {
      given: 'hex_color',
      want: {
        type: 'string',
        pattern: '^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$',
      },
    },
  ],
  ['regex', { given: 'regex:/^[a-z]+$/', want: { type: 'string', pattern: '^[a-z]+$' } }],
  [
    'regex with a pipe, string form',
    { given: 'regex:/^(a|b)$/', want: { type: 'string', pattern: '^(a|b)$' } },
  ],
  [
    'regex in an array',
    {
      given: php.arr('string', 'regex:/^(a|b)$/i'),
      want: { type: 'string', pattern: '^([aA]|[bB])$' },
    },
  ],
  [
    'not_regex',
    { given: php.arr('not_regex:/^admin/'), want: { type: 'string', not: { pattern: '^admin' } } },
  ],
  [
    'two patterns: the second in allOf',
    {
      given: php.arr('alpha', 'regex:/^a/'),
      want: { type: 'string', pattern: '^[\\p{L}\\p{M}]+$', allOf: [{ pattern: '^a' }] },
    },
  ],
  [
    'starts_with',
    {
      given: 'starts_with:http://,https://',
      want: { type: 'string', pattern: '^(?:http://|https://)' },
    },
  ],
  ['starts_with one', { given: 'starts_with:+44', want: { type: 'string', pattern: '^\\+44' } }],
  [
    'ends_with',
    { given: 'ends_with:.jpg,.png', want: { type: 'string', pattern: '(?:\\.jpg|\\.png)$' } },
  ],
  [
    'doesnt_start_with',
    { given: 'doesnt_start_with:admin', want: { type: 'string', not: { pattern: '^admin' } } },
  ],
  [
    'doesnt_end_with',
    { given: 'doesnt_end_with:.exe', want: { type: 'string', not: { pattern: '\\.exe$' } } },
  ],
  [
    'timezone',
    {
      given: 'timezone',
      want: {
        type: 'string',
        pattern: '^(?:UTC|[A-Z][A-Za-z_-]+(?:\\/[A-Za-z0-9_+-]+){1,2})$',
        example: 'Europe/Paris',
      },
    },
  ],
  [
    'password (Laravel 8, the current password)',
    { given: 'password', want: { type: 'string', format: 'password' } },
  ],
  [
    'current_password',
    { given: 'current_password:api', want: { type: 'string', format: 'password' } },
  ],
  [
    'Password::min(8)->letters()->mixedCase()->numbers()->symbols()->uncompromised()',
    {
      given: php.arr(
        'required',
        php.call(
          `${PASSWORD}::min`,
          [8],
          ['letters'],
          ['mixedCase'],
          ['numbers'],
          ['symbols'],
          ['uncompromised'],
        ),
      ),
      want: {
        type: 'string',
        format: 'password',
        minLength: 8,
        description:
          'Must contain a letter, an uppercase and a lowercase letter, a number and a symbol. Must not appear in a known data leak.',
      },
    },
  ],
  [
    'Password::min(12)->max(64)',
    {
      given: php.call(`${PASSWORD}::min`, [12], ['max', 64]),
      want: { type: 'string', format: 'password', minLength: 12, maxLength: 64 },
    },
  ],
  [
    'Password::defaults()',
    {
      given: php.arr(php.call(`${PASSWORD}::defaults`)),
      want: { type: 'string', format: 'password' },
    },
  ],
  [
    'new Password(10)',
    {
      given: php.arr(php.new('Password', [10])),
      want: { type: 'string', format: 'password', minLength: 10 },
    },
  ],
];

describe('string rules', () => {
  it.each(cases)('%s', (_name, { given, want }) => {
    for (const form of forms(given)) {
      const { schema, unknown } = field(form);
      expect({ schema, unknown }).toEqual({ schema: want, unknown: [] });
    }
  });

  it.each([
    ['alpha accepts letters with accents', 'alpha', 'Zoë', true],
    ['alpha rejects digits', 'alpha', 'abc1', false],
    ['alpha_dash accepts dashes', 'alpha_dash', 'a-b_c1', true],
    ['alpha_num rejects spaces', 'alpha_num', 'a b', false],
    ['ascii rejects accents', 'ascii', 'é', false],
    ['lowercase rejects capitals', 'lowercase', 'aB', false],
    ['uppercase accepts digits', 'uppercase', 'AB1', true],
    ['hex_color accepts #abc', 'hex_color', '#abc', true],
    ['hex_color rejects #abcde', 'hex_color', '#abcde', false],
    ['ulid', 'ulid', '01ARZ3NDEKTSV4RRFFQ69G5FAV', true],
    ['ulid starts at most with 7', 'ulid', '81ARZ3NDEKTSV4RRFFQ69G5FAV', false],
    ['mac_address with colons', 'mac_address', '01:23:45:67:89:ab', true],
    ['mac_address with dots', 'mac_address', '0123.4567.89ab', true],
    ['ip accepts v6', 'ip', '::1', true],
    ['ip rejects names', 'ip', 'localhost', false],
    ['starts_with', 'starts_with:+44', '+44 20', true],
    ['doesnt_end_with', 'doesnt_end_with:.exe', 'a.exe', false],
    ['timezone', 'timezone', 'America/Argentina/Buenos_Aires', true],
    ['timezone rejects offsets', 'timezone', '+02:00', false],
  ] as const)('%s', (_name, given, value, want) => {
    expect(validator(field(given).schema ?? {})(value)).toBe(want);
  });

  it('reports a regex JavaScript cannot express, keeping the string type', () => {
    const { schema, unknown } = field('regex:/^a++$/');
    expect({ schema, unknown }).toEqual({ schema: { type: 'string' }, unknown: ['regex:/^a++$/'] });
  });
});
