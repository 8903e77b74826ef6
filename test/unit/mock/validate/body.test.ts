import { describe, expect, it } from 'vitest';
import type { OperationObject } from '../../../../src/core/types.js';
import {
  requiredFieldErrors,
  type ValidationErrors,
} from '../../../../src/mock/validate/request.js';
import { type GivenRequest, jsonBody, makeDoc, validate } from './helpers.js';

const doc = makeDoc({
  schemas: {
    Address: {
      type: 'object',
      required: ['city'],
      properties: {
        city: { type: 'string', maxLength: 10 },
        zip: { type: 'string', pattern: '^\\d{5}$' },
      },
    },
    User: {
      type: 'object',
      required: ['id', 'first_name', 'email'],
      properties: {
        id: { type: 'integer', readOnly: true },
        first_name: { type: 'string' },
        email: { type: 'string', format: 'email' },
        age: { type: 'integer' },
        active: { type: 'boolean' },
        address: { $ref: '#/components/schemas/Address' },
        items: {
          type: 'array',
          items: {
            type: 'object',
            required: ['name'],
            properties: { name: { type: 'string' }, qty: { type: 'integer', minimum: 1 } },
          },
        },
      },
    },
    Category: {
      type: 'object',
      required: ['name'],
      properties: {
        name: { type: 'string' },
        children: { type: 'array', items: { $ref: '#/components/schemas/Category' } },
      },
    },
    Cat: {
      type: 'object',
      required: ['pet_type', 'meows'],
      properties: { pet_type: { const: 'cat' }, meows: { type: 'boolean' } },
    },
    Dog: {
      type: 'object',
      required: ['pet_type', 'barks'],
      properties: { pet_type: { const: 'dog' }, barks: { type: 'boolean' } },
    },
    Pet: { oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }] },
  },
  requestBodies: {
    CreateUser: {
      required: true,
      content: {
        'application/json': {
          schema: {
            allOf: [
              { $ref: '#/components/schemas/User' },
              {
                type: 'object',
                required: ['password'],
                properties: { password: { type: 'string' } },
              },
            ],
          },
        },
      },
    },
  },
});

type Row = [string, { given: GivenRequest; want: ValidationErrors | null }];
const user = { first_name: 'Ada', email: 'ada@example.com' };
const createUser = jsonBody({ $ref: '#/components/schemas/User' });

const shapes: Row[] = [
  ['a valid body', { given: { body: user }, want: null }],
  [
    'readOnly properties are not required in requests',
    { given: { body: { first_name: 'Ada', email: 'ada@example.com' } }, want: null },
  ],
  [
    'required fields, top level',
    {
      given: { body: { age: 3 } },
      want: {
        first_name: ['The first name field is required.'],
        email: ['The email field is required.'],
      },
    },
  ],
  [
    'nested objects',
    {
      given: { body: { ...user, address: { city: 'Amsterdam-Noord', zip: 'x' } } },
      want: {
        'address.city': ['The address.city must not be greater than 10 characters.'],
        'address.zip': ['The address.zip format is invalid.'],
      },
    },
  ],
  [
    'a nested required field',
    {
      given: { body: { ...user, address: {} } },
      want: { 'address.city': ['The address.city field is required.'] },
    },
  ],
  [
    'arrays of objects',
    {
      given: { body: { ...user, items: [{ name: 'a', qty: 1 }, { qty: 0 }, { name: 5 }] } },
      want: {
        'items.1.name': ['The items.1.name field is required.'],
        'items.1.qty': ['The items.1.qty must be at least 1.'],
        'items.2.name': ['The items.2.name must be a string.'],
      },
    },
  ],
  [
    'a field of the wrong type hides its children',
    {
      given: { body: { ...user, address: 'Main St 1' } },
      want: { address: ['The address must be an array.'] },
    },
  ],
  [
    'a body that is not an object',
    { given: { body: 'hello' }, want: { body: ['The body must be an array.'] } },
  ],
  [
    // Laravel reads a JSON list as input keyed 0, 1, ...: the object's fields are missing.
    'a list where an object is expected',
    {
      given: { body: [user] },
      want: {
        first_name: ['The first name field is required.'],
        email: ['The email field is required.'],
      },
    },
  ],
];

const strictness: Row[] = [
  [
    'JSON is not coerced: "5" is not an integer',
    { given: { body: { ...user, age: '5' } }, want: { age: ['The age must be an integer.'] } },
  ],
  [
    'JSON is not coerced: "true" is not a boolean',
    {
      given: { body: { ...user, active: 'true' } },
      want: { active: ['The active field must be true or false.'] },
    },
  ],
  [
    'a +json media type is JSON',
    {
      given: { body: { ...user, age: '5' }, mediaType: 'application/vnd.api+json' },
      want: { age: ['The age must be an integer.'] },
    },
  ],
  [
    'a form is coerced',
    {
      given: {
        body: { ...user, age: '5', active: 'true' },
        mediaType: 'application/x-www-form-urlencoded',
      },
      want: null,
    },
  ],
  [
    'a form sends a boolean as 1 or 0, as Laravel reads it',
    {
      given: {
        body: { ...user, age: '5', active: '1' },
        mediaType: 'multipart/form-data',
      },
      want: null,
    },
  ],
  [
    'a form boolean other than true, false, 1 or 0',
    {
      given: { body: { ...user, active: '2' }, mediaType: 'application/x-www-form-urlencoded' },
      want: { active: ['The active field must be true or false.'] },
    },
  ],
  [
    'a form is still validated',
    {
      given: { body: { ...user, age: 'five' }, mediaType: 'application/x-www-form-urlencoded' },
      want: { age: ['The age must be an integer.'] },
    },
  ],
  [
    'bodies of other media types are not validated',
    { given: { body: '<user/>', mediaType: 'application/xml' }, want: null },
  ],
];

const missing: Row[] = [
  [
    'no body: every required field',
    {
      given: {},
      want: {
        first_name: ['The first name field is required.'],
        email: ['The email field is required.'],
      },
    },
  ],
  [
    'an empty body',
    {
      given: { body: '' },
      want: {
        first_name: ['The first name field is required.'],
        email: ['The email field is required.'],
      },
    },
  ],
  [
    'a JSON null body',
    {
      given: { body: null },
      want: {
        first_name: ['The first name field is required.'],
        email: ['The email field is required.'],
      },
    },
  ],
];

const composition: Row[] = [
  [
    'oneOf: the matching branch',
    { given: { body: { pet: { pet_type: 'dog', barks: true } } }, want: null },
  ],
  [
    'oneOf: the closest branch',
    {
      given: { body: { pet: { pet_type: 'dog', barks: 'yes' } } },
      want: { 'pet.barks': ['The pet.barks field must be true or false.'] },
    },
  ],
  [
    'oneOf: the closest branch, missing field',
    {
      given: { body: { pet: { pet_type: 'cat' } } },
      want: { 'pet.meows': ['The pet.meows field is required.'] },
    },
  ],
  [
    'oneOf: a discriminating value no branch allows',
    {
      given: { body: { pet: { pet_type: 'bird', barks: true } } },
      want: { 'pet.pet_type': ['The selected pet.pet type is invalid.'] },
    },
  ],
  [
    'oneOf: no branch of its type',
    { given: { body: { pet: 'rex' } }, want: { pet: ['The pet is invalid.'] } },
  ],
  [
    'oneOf: several branches match',
    { given: { body: { id: 5 } }, want: { id: ['The id is invalid.'] } },
  ],
  ['anyOf: one branch is enough', { given: { body: { code: 5 } }, want: null }],
  [
    'anyOf: the closest branch',
    {
      given: { body: { code: 'abcdef' } },
      want: { code: ['The code must not be greater than 3 characters.'] },
    },
  ],
  [
    'anyOf: no branch of its type',
    { given: { body: { code: true } }, want: { code: ['The code is invalid.'] } },
  ],
  ['nullable $ref: null is fine', { given: { body: { home: null } }, want: null }],
  [
    'nullable $ref: the errors of the schema, not of null',
    {
      given: { body: { home: { zip: '1' } } },
      want: {
        'home.city': ['The home.city field is required.'],
        'home.zip': ['The home.zip format is invalid.'],
      },
    },
  ],
  [
    'nullable $ref: the wrong type',
    { given: { body: { home: 'Main St' } }, want: { home: ['The home must be an array.'] } },
  ],
];
const composed = jsonBody({
  type: 'object',
  properties: {
    pet: { $ref: '#/components/schemas/Pet' },
    id: { oneOf: [{ type: 'integer' }, { type: 'number' }] },
    code: { anyOf: [{ type: 'integer' }, { type: 'string', maxLength: 3 }] },
    home: { nullable: true, allOf: [{ $ref: '#/components/schemas/Address' }] },
  },
});

const circular: Row[] = [
  [
    'a circular schema, valid',
    { given: { body: { name: 'a', children: [{ name: 'b', children: [] }] } }, want: null },
  ],
  [
    'a circular schema, deep',
    {
      given: { body: { name: 'a', children: [{ name: 'b', children: [{ name: 3 }, {}] }] } },
      want: {
        'children.0.children.0.name': ['The children.0.children.0.name must be a string.'],
        'children.0.children.1.name': ['The children.0.children.1.name field is required.'],
      },
    },
  ],
];

describe('request bodies', () => {
  describe.each<[string, OperationObject, Row[]]>([
    ['shapes', createUser, shapes],
    ['JSON strictness and form coercion', createUser, strictness],
    ['a missing required body', createUser, missing],
    ['oneOf and anyOf', composed, composition],
    ['$ref and circular schemas', jsonBody({ $ref: '#/components/schemas/Category' }), circular],
  ])('%s', (_group, operation, rows) => {
    it.each(rows)('%s', (_name, { given, want }) => {
      expect(validate(doc, operation, given)).toEqual(want);
    });
  });

  it.each<
    [
      string,
      {
        given: { operation: OperationObject; request: GivenRequest };
        want: ValidationErrors | null;
      },
    ]
  >([
    [
      'a required body without required fields',
      {
        given: { operation: jsonBody({ type: 'object' }), request: {} },
        want: { body: ['The body field is required.'] },
      },
    ],
    [
      'an optional body may be left out',
      {
        given: { operation: jsonBody({ $ref: '#/components/schemas/User' }, false), request: {} },
        want: null,
      },
    ],
    [
      'a $ref request body',
      {
        given: {
          operation: { requestBody: { $ref: '#/components/requestBodies/CreateUser' } },
          request: { body: user },
        },
        want: { password: ['The password field is required.'] },
      },
    ],
    [
      'a form sent where JSON is declared is coerced',
      {
        given: {
          operation: createUser,
          request: { body: { ...user, age: '5' }, mediaType: 'application/x-www-form-urlencoded' },
        },
        want: null,
      },
    ],
    [
      'the declared media type matching the request',
      {
        given: {
          operation: {
            requestBody: {
              content: {
                'application/json': { schema: { type: 'object', required: ['a'] } },
                'application/x-www-form-urlencoded': {
                  schema: { type: 'object', required: ['b'] },
                },
              },
            },
          },
          request: { body: {}, mediaType: 'application/x-www-form-urlencoded' },
        },
        want: { b: ['The b field is required.'] },
      },
    ],
    [
      'a wildcard media type',
      {
        given: {
          operation: {
            requestBody: { content: { '*/*': { schema: { type: 'object', required: ['a'] } } } },
          },
          request: { body: {} },
        },
        want: { a: ['The a field is required.'] },
      },
    ],
  ])('%s', (_name, { given, want }) => {
    expect(validate(doc, given.operation, given.request)).toEqual(want);
  });

  it.each([
    ['10,000 values: every error', 9_999, 9_999],
    ['more: the first error only (a million took 12 s and 1.3 GB)', 20_000, 1],
  ])('an invalid body of %s', (_name, count, errors) => {
    const operation = jsonBody({ type: 'array', items: { type: 'string' } });
    const body = Array.from({ length: count }, (_, i) => i);
    const found = validate(doc, operation, { body });
    expect(Object.keys(found ?? {})).toHaveLength(errors);
    expect(found?.['0']).toEqual(['The 0 must be a string.']);
  });

  it('coerces a copy of a form, never the caller’s object', () => {
    const body = { ...user, age: '5', tags: ['1'] };
    const check = validate(doc, createUser, {
      body,
      mediaType: 'application/x-www-form-urlencoded',
    });
    expect(check).toBeNull();
    expect(body).toEqual({ ...user, age: '5', tags: ['1'] });
  });
});

describe('requiredFieldErrors', () => {
  it.each<[string, { given: OperationObject; want: ValidationErrors }]>([
    [
      'a $ref request body with allOf, readOnly left out',
      {
        given: { requestBody: { $ref: '#/components/requestBodies/CreateUser' } },
        want: {
          first_name: ['The first name field is required.'],
          email: ['The email field is required.'],
          password: ['The password field is required.'],
        },
      },
    ],
    ['no request body', { given: {}, want: {} }],
    [
      'no required fields',
      { given: jsonBody({ type: 'object', properties: { a: { type: 'string' } } }), want: {} },
    ],
    [
      'the JSON media type first',
      {
        given: {
          requestBody: {
            content: {
              'application/xml': { schema: { required: ['x'] } },
              'application/json': { schema: { required: ['j'] } },
            },
          },
        },
        want: { j: ['The j field is required.'] },
      },
    ],
  ])('%s', (_name, { given, want }) => {
    expect(requiredFieldErrors(doc, given)).toEqual(want);
  });
});
