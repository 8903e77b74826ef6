import { describe, expect, it } from 'vitest';
import type { SchemaObject } from '../../../../../src/core/types.js';
import { snakeName } from '../../../../../src/core/engine/generate/names.js';
import { gen, makeDoc } from './helpers.js';

const doc = makeDoc();
const SEEDS = ['a', 'b', 'c'];

/** Generates property `name` with `schema` inside an object, as the server would. */
function property(name: string, schema: SchemaObject, seed: string): unknown {
  const value = gen(doc, { type: 'object', properties: { [name]: schema } }, { seed });
  return (value as Record<string, unknown>)[name];
}

const EMAIL = /^[^@\s]+@[a-z0-9.-]+\.[a-z]+$/;
const DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const DATE = /^\d{4}-\d\d-\d\d$/;
const URL = /^https:\/\/\S+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SENTENCE = /^[A-Z][a-z]*( [a-z]+)*\.$/;
const WORDS = /^[A-Z][\w'. -]+$/;

const strings: [string, { given: string; want: RegExp }][] = [
  ['email', { given: 'email', want: EMAIL }],
  ['camelCase contactEmail', { given: 'contactEmail', want: EMAIL }],
  ['name', { given: 'name', want: /^\S+ \S+/ }],
  ['first_name', { given: 'first_name', want: /^[A-Z][a-z'-]+$/ }],
  ['lastName', { given: 'lastName', want: /^[A-Z][A-Za-z' -]+$/ }],
  ['full-name (kebab)', { given: 'full-name', want: /^\S+ \S+/ }],
  ['username', { given: 'username', want: /^[\w.-]+$/ }],
  ['phone', { given: 'phone', want: /^\+\d{8,}$/ }],
  ['mobile_number', { given: 'mobile_number', want: /^\+\d{8,}$/ }],
  ['telephone', { given: 'telephone', want: /^\+\d{8,}$/ }],
  ['created_at', { given: 'created_at', want: DATE_TIME }],
  ['updatedAt', { given: 'updatedAt', want: DATE_TIME }],
  ['published_on', { given: 'published_on', want: DATE }],
  ['date', { given: 'date', want: DATE }],
  ['birthday', { given: 'birthday', want: DATE }],
  ['avatar_url', { given: 'avatar_url', want: URL }],
  ['website', { given: 'website', want: URL }],
  ['link', { given: 'link', want: URL }],
  ['avatar', { given: 'avatar', want: URL }],
  ['image', { given: 'image', want: URL }],
  ['address', { given: 'address', want: /^\d+ \S+/ }],
  ['street', { given: 'street', want: /^\d+ \S+/ }],
  ['city', { given: 'city', want: WORDS }],
  ['state', { given: 'state', want: WORDS }],
  ['country', { given: 'country', want: /^\S/ }],
  ['country_code', { given: 'country_code', want: /^[A-Z]{2}$/ }],
  ['zip', { given: 'zip', want: /^\d{5}$/ }],
  ['postal_code', { given: 'postal_code', want: /^\d{5}$/ }],
  ['zipcode', { given: 'zipcode', want: /^\d{5}$/ }],
  ['company', { given: 'company', want: /^\S/ }],
  ['title', { given: 'title', want: /^[A-Z][a-z]*( [a-z]+)+$/ }],
  ['description', { given: 'description', want: SENTENCE }],
  ['bio', { given: 'bio', want: SENTENCE }],
  ['summary', { given: 'summary', want: SENTENCE }],
  ['body', { given: 'body', want: SENTENCE }],
  ['content', { given: 'content', want: SENTENCE }],
  ['slug', { given: 'slug', want: /^[a-z]+(-[a-z]+)+$/ }],
  ['uuid', { given: 'uuid', want: UUID }],
  ['guid', { given: 'guid', want: UUID }],
  ['token', { given: 'token', want: /^mock-token-[A-Za-z0-9]{40}$/ }],
  ['access_token', { given: 'access_token', want: /^mock-token-[A-Za-z0-9]{40}$/ }],
  ['plainTextToken', { given: 'plainTextToken', want: /^mock-token-[A-Za-z0-9]{40}$/ }],
  ['remember_token', { given: 'remember_token', want: /^[A-Za-z0-9]{40}$/ }],
  ['password', { given: 'password', want: /^\S{16}$/ }],
  ['ip', { given: 'ip', want: /^\d+\.\d+\.\d+\.\d+$/ }],
  ['ip_address', { given: 'ip_address', want: /^\d+\.\d+\.\d+\.\d+$/ }],
  ['currency', { given: 'currency', want: /^[A-Z]{3}$/ }],
  ['locale', { given: 'locale', want: /^[a-z]{2}(_[A-Z]{2})?$/ }],
  ['color', { given: 'color', want: /^#[0-9a-f]{6}$/ }],
];

describe('string property-name heuristics', () => {
  it.each(strings)('%s', (_name, { given, want }) => {
    for (const seed of SEEDS) expect(property(given, { type: 'string' }, seed)).toMatch(want);
  });

  it.each([
    [
      'maxLength beats the heuristic',
      { given: { type: 'string', maxLength: 4 }, want: /^.{1,4}$/ },
    ],
    ['format beats the name', { given: { type: 'string', format: 'uuid' }, want: UUID }],
    ['enum beats the name', { given: { type: 'string', enum: ['x'] }, want: /^x$/ }],
    ['pattern beats the name', { given: { type: 'string', pattern: '^Q\\d$' }, want: /^Q\d$/ }],
  ] as [string, { given: SchemaObject; want: RegExp }][])('%s', (_name, { given, want }) => {
    for (const seed of SEEDS) expect(property('email', given, seed)).toMatch(want);
  });
});

const numbers: [string, { given: [string, SchemaObject]; want: [number, number, boolean] }][] = [
  ['id', { given: ['id', { type: 'integer' }], want: [1, 1000, true] }],
  ['user_id', { given: ['user_id', { type: 'integer' }], want: [1, 1000, true] }],
  ['postId', { given: ['postId', { type: 'integer' }], want: [1, 1000, true] }],
  ['price', { given: ['price', { type: 'number' }], want: [1, 1000, false] }],
  ['amount', { given: ['amount', { type: 'number' }], want: [1, 1000, false] }],
  ['total', { given: ['total', { type: 'number' }], want: [1, 1000, false] }],
  ['age', { given: ['age', { type: 'integer' }], want: [18, 90, true] }],
  ['quantity', { given: ['quantity', { type: 'integer' }], want: [1, 20, true] }],
  ['count', { given: ['count', { type: 'integer' }], want: [1, 20, true] }],
  ['comments_count', { given: ['comments_count', { type: 'integer' }], want: [1, 20, true] }],
  ['latitude', { given: ['latitude', { type: 'number' }], want: [-90, 90, false] }],
  [
    'age bounded away from the heuristic',
    { given: ['age', { type: 'integer', minimum: 100, maximum: 120 }], want: [100, 120, true] },
  ],
];

describe('numeric property-name heuristics', () => {
  it.each(numbers)('%s', (_name, { given: [name, schema], want: [min, max, integer] }) => {
    for (const seed of SEEDS) {
      const value = property(name, schema, seed) as number;
      expect(value).toBeGreaterThanOrEqual(min);
      expect(value).toBeLessThanOrEqual(max);
      if (integer) expect(Number.isInteger(value)).toBe(true);
    }
  });

  it('gives prices two decimals at most', () => {
    for (const seed of SEEDS) {
      const value = property('price', { type: 'number' }, seed) as number;
      expect(Math.round(value * 100) / 100).toBe(value);
    }
  });
});

describe('snakeName', () => {
  it.each([
    ['createdAt', 'created_at'],
    ['CreatedAt', 'created_at'],
    ['created-at', 'created_at'],
    ['CREATED_AT', 'created_at'],
    ['userID', 'user_id'],
    ['URLPath', 'url_path'],
    ['address_line1', 'address_line1'],
  ])('%s → %s', (given, want) => {
    expect(snakeName(given)).toBe(want);
  });
});
