import { describe, expect, it } from 'vitest';
import type { SchemaObject } from '../../../../src/core/types.js';
import type { ValidationErrors } from '../../../../src/mock/validate/request.js';
import { jsonBody, makeDoc, validate } from './helpers.js';

/** One property per rule, so each row fails exactly one of them. */
const schema: SchemaObject = {
  type: 'object',
  required: ['first_name'],
  properties: {
    first_name: { type: 'string' },
    count: { type: 'integer' },
    title: { type: 'string', minLength: 2, maxLength: 5 },
    price: { type: 'number' },
    active: { type: 'boolean' },
    tags: { type: 'array' },
    meta: { type: 'object' },
    email: { type: 'string', format: 'email' },
    website: { type: 'string', format: 'uri' },
    link: { type: 'string', format: 'url' },
    href: { type: 'string', format: 'uri-reference' },
    uuid: { type: 'string', format: 'uuid' },
    born_on: { type: 'string', format: 'date' },
    starts_at: { type: 'string', format: 'date-time' },
    ip: { type: 'string', format: 'ipv4' },
    age: { type: 'integer', minimum: 18, maximum: 99 },
    ratio: {
      type: 'number',
      minimum: 0,
      exclusiveMinimum: true,
      maximum: 1,
      exclusiveMaximum: true,
    },
    score: { type: 'number', exclusiveMinimum: 10, exclusiveMaximum: 20 },
    items: { type: 'array', minItems: 1, maxItems: 2, uniqueItems: true },
    step: { type: 'integer', multipleOf: 5 },
    status: { type: 'string', enum: ['draft', 'published'] },
    kind: { const: 'book' },
    code: { type: 'string', pattern: '^[A-Z]+$' },
    settings: {
      type: 'object',
      additionalProperties: false,
      properties: { theme: { type: 'string' } },
    },
    props: { type: 'object', minProperties: 1 },
    nick: { type: 'string', not: { enum: ['admin'] } },
    nickname: { type: 'string', nullable: true },
  },
};

const rows: [string, { given: Record<string, unknown>; want: ValidationErrors }][] = [
  [
    'required',
    {
      given: { first_name: undefined },
      want: { first_name: ['The first name field is required.'] },
    },
  ],
  ['integer', { given: { count: 1.5 }, want: { count: ['The count must be an integer.'] } }],
  ['string', { given: { title: 5 }, want: { title: ['The title must be a string.'] } }],
  ['number', { given: { price: '9.99' }, want: { price: ['The price must be a number.'] } }],
  [
    'boolean',
    { given: { active: 1 }, want: { active: ['The active field must be true or false.'] } },
  ],
  ['array', { given: { tags: 'a,b' }, want: { tags: ['The tags must be an array.'] } }],
  ['object', { given: { meta: [] }, want: { meta: ['The meta must be an array.'] } }],
  [
    'email',
    { given: { email: 'nope' }, want: { email: ['The email must be a valid email address.'] } },
  ],
  ['uri', { given: { website: 'nope' }, want: { website: ['The website must be a valid URL.'] } }],
  ['url', { given: { link: 'not a url' }, want: { link: ['The link must be a valid URL.'] } }],
  ['uri-reference', { given: { href: '%zz' }, want: { href: ['The href must be a valid URL.'] } }],
  ['uuid', { given: { uuid: '123' }, want: { uuid: ['The uuid must be a valid UUID.'] } }],
  [
    'date',
    { given: { born_on: '2024-13-45' }, want: { born_on: ['The born on is not a valid date.'] } },
  ],
  [
    'date-time',
    {
      given: { starts_at: 'yesterday' },
      want: { starts_at: ['The starts at is not a valid date.'] },
    },
  ],
  ['other formats', { given: { ip: '1.2.3' }, want: { ip: ['The ip format is invalid.'] } }],
  [
    'maxLength',
    {
      given: { title: 'toolong' },
      want: { title: ['The title must not be greater than 5 characters.'] },
    },
  ],
  [
    'minLength',
    { given: { title: 'a' }, want: { title: ['The title must be at least 2 characters.'] } },
  ],
  ['maximum', { given: { age: 100 }, want: { age: ['The age must not be greater than 99.'] } }],
  ['minimum', { given: { age: 17 }, want: { age: ['The age must be at least 18.'] } }],
  [
    'exclusiveMaximum (3.0)',
    { given: { ratio: 1 }, want: { ratio: ['The ratio must be less than 1.'] } },
  ],
  [
    'exclusiveMinimum (3.0)',
    { given: { ratio: 0 }, want: { ratio: ['The ratio must be greater than 0.'] } },
  ],
  [
    'exclusiveMaximum (3.1)',
    { given: { score: 20 }, want: { score: ['The score must be less than 20.'] } },
  ],
  [
    'exclusiveMinimum (3.1)',
    { given: { score: 10 }, want: { score: ['The score must be greater than 10.'] } },
  ],
  [
    'maxItems',
    {
      given: { items: [1, 2, 3] },
      want: { items: ['The items must not have more than 2 items.'] },
    },
  ],
  [
    'minItems',
    { given: { items: [] }, want: { items: ['The items must have at least 1 items.'] } },
  ],
  [
    'uniqueItems',
    { given: { items: [1, 1] }, want: { items: ['The items field has a duplicate value.'] } },
  ],
  ['multipleOf', { given: { step: 7 }, want: { step: ['The step must be a multiple of 5.'] } }],
  ['enum', { given: { status: 'gone' }, want: { status: ['The selected status is invalid.'] } }],
  ['const', { given: { kind: 'film' }, want: { kind: ['The selected kind is invalid.'] } }],
  ['pattern', { given: { code: 'abc' }, want: { code: ['The code format is invalid.'] } }],
  [
    'additionalProperties false, keyed by the extra property',
    {
      given: { settings: { theme: 'dark', font_size: 3 } },
      want: { 'settings.font_size': ['The settings.font size field is prohibited.'] },
    },
  ],
  ['anything else', { given: { props: {} }, want: { props: ['The props is invalid.'] } }],
  [
    'a nullable type',
    { given: { nickname: 5 }, want: { nickname: ['The nickname must be a string.'] } },
  ],
  ['not', { given: { nick: 'admin' }, want: { nick: ['The nick is invalid.'] } }],
  [
    'several rules of one field, in the order found',
    {
      given: { title: 'toolongtitle', age: 'old' },
      want: {
        title: ['The title must not be greater than 5 characters.'],
        age: ['The age must be an integer.'],
      },
    },
  ],
];

describe('Laravel messages', () => {
  const doc = makeDoc();
  it.each(rows)('%s', (_name, { given, want }) => {
    // Through JSON, as a request would arrive: `undefined` drops `first_name`.
    const body: unknown = JSON.parse(JSON.stringify({ first_name: 'Ada', ...given }));
    expect(validate(doc, jsonBody(schema), { body })).toEqual(want);
  });
});
