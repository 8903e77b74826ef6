import { describe, expect, it } from 'vitest';
import type { ParameterObject, SchemaObject } from '../../../../src/core/types.js';
import type { ValidationErrors } from '../../../../src/mock/validate/request.js';
import { type GivenRequest, makeDoc, validate, validateParams } from './helpers.js';

type Row = [
  string,
  {
    given: { parameters: ParameterObject[]; request: GivenRequest };
    want: ValidationErrors | null;
  },
];

const integer: SchemaObject = { type: 'integer' };
const ids: SchemaObject = { type: 'array', items: integer };
const q = (
  name: string,
  schema: ParameterObject['schema'],
  extra: Partial<ParameterObject> = {},
): ParameterObject => ({
  name,
  in: 'query',
  schema,
  ...extra,
});
const p = (
  name: string,
  schema: ParameterObject['schema'],
  extra: Partial<ParameterObject> = {},
): ParameterObject => ({
  name,
  in: 'path',
  required: true,
  schema,
  ...extra,
});

const coercion: Row[] = [
  [
    'an integer from a string',
    { given: { parameters: [q('limit', integer)], request: { query: 'limit=5' } }, want: null },
  ],
  [
    'not an integer',
    {
      given: { parameters: [q('limit', integer)], request: { query: 'limit=abc' } },
      want: { limit: ['The limit must be an integer.'] },
    },
  ],
  [
    'a decimal is not an integer',
    {
      given: { parameters: [q('limit', integer)], request: { query: 'limit=1.5' } },
      want: { limit: ['The limit must be an integer.'] },
    },
  ],
  [
    'bounds after coercion',
    {
      given: {
        parameters: [q('limit', { type: 'integer', maximum: 100 })],
        request: { query: 'limit=500' },
      },
      want: { limit: ['The limit must not be greater than 100.'] },
    },
  ],
  [
    'a boolean',
    {
      given: { parameters: [q('active', { type: 'boolean' })], request: { query: 'active=true' } },
      want: null,
    },
  ],
  [
    'not a boolean',
    {
      given: { parameters: [q('active', { type: 'boolean' })], request: { query: 'active=yes' } },
      want: { active: ['The active field must be true or false.'] },
    },
  ],
  [
    'a boolean as 1, as Laravel takes it',
    {
      given: { parameters: [q('active', { type: 'boolean' })], request: { query: 'active=1' } },
      want: null,
    },
  ],
  [
    'a boolean as 0',
    {
      given: { parameters: [q('active', { type: 'boolean' })], request: { query: 'active=0' } },
      want: null,
    },
  ],
  [
    'not a boolean: 2',
    {
      given: { parameters: [q('active', { type: 'boolean' })], request: { query: 'active=2' } },
      want: { active: ['The active field must be true or false.'] },
    },
  ],
  [
    'not a boolean: 1.5',
    {
      given: { parameters: [q('active', { type: 'boolean' })], request: { query: 'active=1.5' } },
      want: { active: ['The active field must be true or false.'] },
    },
  ],
  [
    'a number',
    {
      given: { parameters: [q('price', { type: 'number' })], request: { query: 'price=9.99' } },
      want: null,
    },
  ],
  [
    'not a number',
    {
      given: { parameters: [q('price', { type: 'number' })], request: { query: 'price=cheap' } },
      want: { price: ['The price must be a number.'] },
    },
  ],
  [
    'an array from repeated keys',
    { given: { parameters: [q('ids', ids)], request: { query: 'ids=1&ids=2' } }, want: null },
  ],
  [
    'an array of one value',
    { given: { parameters: [q('ids', ids)], request: { query: 'ids=1' } }, want: null },
  ],
  [
    'an array item that is not an integer',
    {
      given: { parameters: [q('ids', ids)], request: { query: 'ids=1&ids=x' } },
      want: { 'ids.1': ['The ids.1 must be an integer.'] },
    },
  ],
  [
    "PHP's ids[]",
    {
      given: { parameters: [q('ids', ids)], request: { query: 'ids[]=1&ids[]=x' } },
      want: { 'ids.1': ['The ids.1 must be an integer.'] },
    },
  ],
  [
    'array bounds',
    {
      given: { parameters: [q('ids', { ...ids, maxItems: 1 })], request: { query: 'ids=1&ids=2' } },
      want: { ids: ['The ids must not have more than 1 items.'] },
    },
  ],
  [
    'an empty nullable value is null',
    {
      given: {
        parameters: [q('limit', { type: 'integer', nullable: true })],
        request: { query: 'limit=' },
      },
      want: null,
    },
  ],
  [
    'the last of repeated scalars, as PHP',
    {
      given: { parameters: [q('page', integer)], request: { query: 'page=x&page=2' } },
      want: null,
    },
  ],
  [
    'a string enum',
    {
      given: {
        parameters: [q('sort', { type: 'string', enum: ['asc', 'desc'] })],
        request: { query: 'sort=up' },
      },
      want: { sort: ['The selected sort is invalid.'] },
    },
  ],
];

const presence: Row[] = [
  [
    'a missing required parameter',
    {
      given: { parameters: [q('search', { type: 'string' }, { required: true })], request: {} },
      want: { search: ['The search field is required.'] },
    },
  ],
  [
    'an empty required parameter',
    {
      given: {
        parameters: [q('search', { type: 'string' }, { required: true })],
        request: { query: 'search=' },
      },
      want: { search: ['The search field is required.'] },
    },
  ],
  [
    'a missing optional parameter',
    { given: { parameters: [q('limit', integer)], request: {} }, want: null },
  ],
  [
    'undeclared parameters are ignored',
    {
      given: { parameters: [q('limit', integer)], request: { query: 'foo=bar&limit=1' } },
      want: null,
    },
  ],
  [
    '_scenario is never validated',
    {
      given: {
        parameters: [q('_scenario', integer, { required: true })],
        request: { query: '_scenario=not_found' },
      },
      want: null,
    },
  ],
  [
    '_scenario is never required',
    {
      given: { parameters: [q('_scenario', integer, { required: true })], request: {} },
      want: null,
    },
  ],
  [
    'a schemaless parameter takes anything',
    {
      given: {
        parameters: [q('anything', undefined, { required: true })],
        request: { query: 'anything=x' },
      },
      want: null,
    },
  ],
  [
    'a PHP-style name is a dotted key',
    {
      given: {
        parameters: [q('filter[status]', { type: 'string', enum: ['open'] })],
        request: { query: 'filter[status]=shut' },
      },
      want: { 'filter.status': ['The selected filter.status is invalid.'] },
    },
  ],
];

const filter: SchemaObject = {
  type: 'object',
  properties: { status: { type: 'string', enum: ['active', 'archived'] }, min: integer },
};
const point: SchemaObject = {
  type: 'object',
  properties: { role: { type: 'string' }, age: integer },
};

const queryStyles: Row[] = [
  [
    'form, explode false',
    {
      given: { parameters: [q('ids', ids, { explode: false })], request: { query: 'ids=1,2,x' } },
      want: { 'ids.2': ['The ids.2 must be an integer.'] },
    },
  ],
  [
    'form, explode false, valid',
    {
      given: { parameters: [q('ids', ids, { explode: false })], request: { query: 'ids=1,2,3' } },
      want: null,
    },
  ],
  [
    'spaceDelimited',
    {
      given: {
        parameters: [q('ids', ids, { style: 'spaceDelimited' })],
        request: { query: 'ids=1%202%20x' },
      },
      want: { 'ids.2': ['The ids.2 must be an integer.'] },
    },
  ],
  [
    'pipeDelimited',
    {
      given: {
        parameters: [q('ids', ids, { style: 'pipeDelimited' })],
        request: { query: 'ids=1|x' },
      },
      want: { 'ids.1': ['The ids.1 must be an integer.'] },
    },
  ],
  [
    'pipeDelimited, valid',
    {
      given: {
        parameters: [q('ids', ids, { style: 'pipeDelimited' })],
        request: { query: 'ids=1|2' },
      },
      want: null,
    },
  ],
  [
    'deepObject',
    {
      given: {
        parameters: [q('filter', filter, { style: 'deepObject' })],
        request: { query: 'filter[status]=active&filter[min]=2' },
      },
      want: null,
    },
  ],
  [
    'deepObject, invalid',
    {
      given: {
        parameters: [q('filter', filter, { style: 'deepObject' })],
        request: { query: 'filter[status]=gone&filter[min]=x' },
      },
      want: {
        'filter.status': ['The selected filter.status is invalid.'],
        'filter.min': ['The filter.min must be an integer.'],
      },
    },
  ],
  [
    'deepObject, required and missing',
    {
      given: {
        parameters: [q('filter', filter, { style: 'deepObject', required: true })],
        request: { query: 'other[status]=x' },
      },
      want: { filter: ['The filter field is required.'] },
    },
  ],
  [
    'form object, exploded',
    {
      given: { parameters: [q('point', point)], request: { query: 'role=admin&age=x' } },
      want: { 'point.age': ['The point.age must be an integer.'] },
    },
  ],
  [
    'form object, not exploded',
    {
      given: {
        parameters: [q('point', point, { explode: false })],
        request: { query: 'point=role,admin,age,x' },
      },
      want: { 'point.age': ['The point.age must be an integer.'] },
    },
  ],
  [
    'JSON content',
    {
      given: {
        parameters: [q('where', undefined, { content: { 'application/json': { schema: point } } })],
        request: { query: 'where={"role":"x","age":5}' },
      },
      want: null,
    },
  ],
  [
    'JSON content is not coerced',
    {
      given: {
        parameters: [q('where', undefined, { content: { 'application/json': { schema: point } } })],
        request: { query: 'where={"age":"5"}' },
      },
      want: { 'where.age': ['The where.age must be an integer.'] },
    },
  ],
  [
    'JSON content that is not JSON',
    {
      given: {
        parameters: [q('where', undefined, { content: { 'application/json': { schema: point } } })],
        request: { query: 'where=age' },
      },
      want: { where: ['The where must be an array.'] },
    },
  ],
];

const pathStyles: Row[] = [
  [
    'simple',
    { given: { parameters: [p('id', integer)], request: { path: { id: '5' } } }, want: null },
  ],
  [
    'simple, invalid',
    {
      given: { parameters: [p('id', integer)], request: { path: { id: 'abc' } } },
      want: { id: ['The id must be an integer.'] },
    },
  ],
  [
    'simple array',
    {
      given: { parameters: [p('ids', ids)], request: { path: { ids: '1,2,x' } } },
      want: { 'ids.2': ['The ids.2 must be an integer.'] },
    },
  ],
  [
    'simple object',
    {
      given: { parameters: [p('point', point)], request: { path: { point: 'role,admin,age,x' } } },
      want: { 'point.age': ['The point.age must be an integer.'] },
    },
  ],
  [
    'simple object, exploded',
    {
      given: {
        parameters: [p('point', point, { explode: true })],
        request: { path: { point: 'role=admin,age=x' } },
      },
      want: { 'point.age': ['The point.age must be an integer.'] },
    },
  ],
  [
    'label',
    {
      given: {
        parameters: [p('id', integer, { style: 'label' })],
        request: { path: { id: '.5' } },
      },
      want: null,
    },
  ],
  [
    'label array',
    {
      given: {
        parameters: [p('ids', ids, { style: 'label' })],
        request: { path: { ids: '.1,x' } },
      },
      want: { 'ids.1': ['The ids.1 must be an integer.'] },
    },
  ],
  [
    'label array, exploded',
    {
      given: {
        parameters: [p('ids', ids, { style: 'label', explode: true })],
        request: { path: { ids: '.1.2.x' } },
      },
      want: { 'ids.2': ['The ids.2 must be an integer.'] },
    },
  ],
  [
    'matrix',
    {
      given: {
        parameters: [p('id', integer, { style: 'matrix' })],
        request: { path: { id: ';id=5' } },
      },
      want: null,
    },
  ],
  [
    'matrix, invalid',
    {
      given: {
        parameters: [p('id', integer, { style: 'matrix' })],
        request: { path: { id: ';id=x' } },
      },
      want: { id: ['The id must be an integer.'] },
    },
  ],
  [
    'matrix array',
    {
      given: {
        parameters: [p('ids', ids, { style: 'matrix' })],
        request: { path: { ids: ';ids=1,x' } },
      },
      want: { 'ids.1': ['The ids.1 must be an integer.'] },
    },
  ],
  [
    'matrix array, exploded',
    {
      given: {
        parameters: [p('ids', ids, { style: 'matrix', explode: true })],
        request: { path: { ids: ';ids=1;ids=2;ids=x' } },
      },
      want: { 'ids.2': ['The ids.2 must be an integer.'] },
    },
  ],
  [
    'matrix object, exploded',
    {
      given: {
        parameters: [p('point', point, { style: 'matrix', explode: true })],
        request: { path: { point: ';role=admin;age=x' } },
      },
      want: { 'point.age': ['The point.age must be an integer.'] },
    },
  ],
  [
    'a missing path parameter is required',
    {
      given: { parameters: [p('id', integer, { required: false })], request: {} },
      want: { id: ['The id field is required.'] },
    },
  ],
];

const headersAndCookies: Row[] = [
  [
    'a header, by any case',
    {
      given: {
        parameters: [{ name: 'X-Rate-Limit', in: 'header', schema: integer }],
        request: { headers: { 'x-rate-limit': '10' } },
      },
      want: null,
    },
  ],
  [
    'a header, invalid',
    {
      given: {
        parameters: [
          { name: 'X-Request-Id', in: 'header', schema: { type: 'string', format: 'uuid' } },
        ],
        request: { headers: { 'x-request-id': 'abc' } },
      },
      want: { 'X-Request-Id': ['The X-Request-Id must be a valid UUID.'] },
    },
  ],
  [
    'a required header',
    {
      given: {
        parameters: [{ name: 'X-Tenant', in: 'header', required: true, schema: integer }],
        request: {},
      },
      want: { 'X-Tenant': ['The X-Tenant field is required.'] },
    },
  ],
  [
    'a header array',
    {
      given: {
        parameters: [{ name: 'X-Ids', in: 'header', schema: ids }],
        request: { headers: { 'x-ids': '1, 2, x' } },
      },
      want: { 'X-Ids.2': ['The X-Ids.2 must be an integer.'] },
    },
  ],
  [
    'a repeated header',
    {
      given: {
        parameters: [{ name: 'X-Ids', in: 'header', schema: ids }],
        request: { headers: { 'x-ids': ['1', 'x'] } },
      },
      want: { 'X-Ids.1': ['The X-Ids.1 must be an integer.'] },
    },
  ],
  [
    'Authorization as a parameter is ignored',
    {
      given: {
        parameters: [{ name: 'Authorization', in: 'header', required: true, schema: integer }],
        request: {},
      },
      want: null,
    },
  ],
  [
    'a cookie',
    {
      given: {
        parameters: [{ name: 'page', in: 'cookie', schema: integer }],
        request: { cookies: { page: '2' } },
      },
      want: null,
    },
  ],
  [
    'a cookie, invalid',
    {
      given: {
        parameters: [{ name: 'page', in: 'cookie', schema: integer }],
        request: { cookies: { page: 'two' } },
      },
      want: { page: ['The page must be an integer.'] },
    },
  ],
  [
    'a required cookie',
    {
      given: {
        parameters: [
          { name: 'session_id', in: 'cookie', required: true, schema: { type: 'string' } },
        ],
        request: {},
      },
      want: { session_id: ['The session id field is required.'] },
    },
  ],
];

describe('parameters', () => {
  describe.each([
    ['coercion', coercion],
    ['presence', presence],
    ['query styles', queryStyles],
    ['path styles', pathStyles],
    ['headers and cookies', headersAndCookies],
  ])('%s', (_group, rows) => {
    it.each(rows)('%s', (_name, { given, want }) => {
      expect(validateParams(given.parameters, given.request)).toEqual(want);
    });
  });
});

describe('parameter merging', () => {
  const doc = makeDoc({
    parameters: {
      Page: { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } },
    },
  });
  const pathItem = {
    parameters: [
      { name: 'limit', in: 'query', schema: integer },
      { name: 'id', in: 'path', required: true, schema: integer },
    ] as ParameterObject[],
  };
  const operation = {
    parameters: [{ $ref: '#/components/parameters/Page' }, q('limit', { type: 'string' })],
  };

  it.each<[string, { given: GivenRequest; want: ValidationErrors | null }]>([
    [
      "the operation's parameter wins",
      { given: { path: { id: '1' }, query: 'limit=ten' }, want: null },
    ],
    [
      "the path item's are checked",
      { given: { path: { id: 'x' } }, want: { id: ['The id must be an integer.'] } },
    ],
    [
      '$ref parameters are resolved',
      {
        given: { path: { id: '1' }, query: 'page=0' },
        want: { page: ['The page must be at least 1.'] },
      },
    ],
    [
      'errors of all locations, in declaration order',
      {
        given: { path: { id: 'x' }, query: 'page=0' },
        want: { id: ['The id must be an integer.'], page: ['The page must be at least 1.'] },
      },
    ],
  ])('%s', (_name, { given, want }) => {
    expect(validate(doc, operation, given, pathItem)).toEqual(want);
  });
});
