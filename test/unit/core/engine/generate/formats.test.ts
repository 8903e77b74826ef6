import { describe, expect, it } from 'vitest';
import type { SchemaObject } from '../../../../../src/core/types.js';
import { gen, makeDoc } from './helpers.js';

const doc = makeDoc();
const SEEDS = ['a', 'b', 'c', 'd', 'e'];

type Case = [string, { given: SchemaObject; want: RegExp }];

const cases: Case[] = [
  ['date', { given: { type: 'string', format: 'date' }, want: /^\d{4}-\d{2}-\d{2}$/ }],
  [
    'date-time',
    {
      given: { type: 'string', format: 'date-time' },
      want: /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/,
    },
  ],
  [
    'time (with timezone)',
    { given: { type: 'string', format: 'time' }, want: /^\d\d:\d\d:\d\dZ$/ },
  ],
  ['duration', { given: { type: 'string', format: 'duration' }, want: /^P/ }],
  [
    'uuid',
    {
      given: { type: 'string', format: 'uuid' },
      want: /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    },
  ],
  ['email', { given: { type: 'string', format: 'email' }, want: /^[^@\s]+@[a-z0-9.-]+\.[a-z]+$/ }],
  ['idn-email', { given: { type: 'string', format: 'idn-email' }, want: /@/ }],
  ['uri', { given: { type: 'string', format: 'uri' }, want: /^https:\/\/[a-z0-9.-]+\.[a-z]+\// }],
  ['url', { given: { type: 'string', format: 'url' }, want: /^https:\/\// }],
  ['uri-reference', { given: { type: 'string', format: 'uri-reference' }, want: /^\/[a-z-]+$/ }],
  [
    'hostname',
    { given: { type: 'string', format: 'hostname' }, want: /^[a-z0-9-]+(\.[a-z0-9-]+)+$/ },
  ],
  ['ipv4', { given: { type: 'string', format: 'ipv4' }, want: /^\d{1,3}(\.\d{1,3}){3}$/ }],
  ['ipv6', { given: { type: 'string', format: 'ipv6' }, want: /^[0-9a-f:]+$/ }],
  ['byte (base64)', { given: { type: 'string', format: 'byte' }, want: /^[A-Za-z0-9+/]+=*$/ }],
  ['binary', { given: { type: 'string', format: 'binary' }, want: /^\w+$/ }],
  ['password', { given: { type: 'string', format: 'password' }, want: /^.{16}$/ }],
  ['int64 on a string', { given: { type: 'string', format: 'int64' }, want: /^\d+$/ }],
  [
    'decimal on a string (unknown to ajv)',
    { given: { type: 'string', format: 'decimal' }, want: /^\d+\.\d\d$/ },
  ],
  [
    'unknown format hints like a name',
    { given: { type: 'string', format: 'phone' }, want: /^\+\d+$/ },
  ],
  [
    'email within maxLength',
    { given: { type: 'string', format: 'email', maxLength: 8 }, want: /^a@b\.io$/ },
  ],
  [
    'uri padded to minLength',
    { given: { type: 'string', format: 'uri', minLength: 80 }, want: /^https:\/\/.{72,}$/ },
  ],
];

describe('string formats', () => {
  it.each(cases)('%s', (_name, { given, want }) => {
    for (const seed of SEEDS) expect(gen(doc, given, { seed })).toMatch(want);
  });
});

describe('numeric formats', () => {
  it.each([
    ['int32 integer', { given: { type: 'integer', format: 'int32' }, want: 'int32' }],
    ['int32 number is whole', { given: { type: 'number', format: 'int32' }, want: 'int32' }],
    ['int64', { given: { type: 'integer', format: 'int64' }, want: 'safe' }],
    ['float', { given: { type: 'number', format: 'float' }, want: 'finite' }],
    ['double', { given: { type: 'number', format: 'double' }, want: 'finite' }],
  ] as [string, { given: SchemaObject; want: string }][])('%s', (_name, { given, want }) => {
    for (const seed of SEEDS) {
      const value = gen(doc, given, { seed }) as number;
      if (want === 'int32') expect(Number.isInteger(value) && Math.abs(value) < 2 ** 31).toBe(true);
      if (want === 'safe') expect(Number.isSafeInteger(value)).toBe(true);
      expect(Number.isFinite(value)).toBe(true);
    }
  });
});
