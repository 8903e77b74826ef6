import type { OpenApiDocument, SchemaObject } from '../../../../../src/core/types.js';

/** A Laravel-flavoured document whose components the fixtures below reference. */
export const doc: OpenApiDocument = {
  openapi: '3.0.3',
  info: { title: 'fixtures', version: '1' },
  components: {
    schemas: {
      User: {
        type: 'object',
        required: ['id', 'name', 'email', 'password'],
        properties: {
          id: { type: 'integer', readOnly: true },
          name: { type: 'string', maxLength: 255 },
          email: { type: 'string', format: 'email' },
          password: { type: 'string', writeOnly: true, minLength: 8 },
          email_verified_at: { type: 'string', format: 'date-time', nullable: true },
          avatarUrl: { type: 'string' },
          role: { type: 'string', enum: ['admin', 'editor', 'viewer'] },
          address: { $ref: '#/components/schemas/Address' },
          created_at: { type: 'string', readOnly: true },
        },
      },
      Address: {
        type: 'object',
        properties: {
          street: { type: 'string' },
          city: { type: 'string' },
          zip_code: { type: 'string', pattern: '^\\d{5}$' },
          country_code: { type: 'string', minLength: 2, maxLength: 2 },
        },
      },
      Node: {
        type: 'object',
        required: ['id', 'children'],
        properties: {
          id: { type: 'integer' },
          label: { type: 'string' },
          children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
        },
      },
      A: {
        type: 'object',
        required: ['b'],
        properties: { name: { type: 'string' }, b: { $ref: '#/components/schemas/B' } },
      },
      B: {
        type: 'object',
        required: ['a'],
        properties: { a: { allOf: [{ $ref: '#/components/schemas/A' }], nullable: true } },
      },
      Pet: {
        type: 'object',
        required: ['pet_type', 'name'],
        properties: { pet_type: { type: 'string' }, name: { type: 'string' } },
        discriminator: { propertyName: 'pet_type' },
      },
      Cat: {
        allOf: [
          { $ref: '#/components/schemas/Pet' },
          { type: 'object', properties: { lives: { type: 'integer', minimum: 1, maximum: 9 } } },
        ],
      },
      Dog: {
        allOf: [
          { $ref: '#/components/schemas/Pet' },
          { type: 'object', properties: { bark: { type: 'boolean' } }, required: ['bark'] },
        ],
      },
      Money: {
        type: 'object',
        required: ['amount', 'currency'],
        properties: {
          amount: { type: 'number', multipleOf: 0.01, minimum: 0 },
          currency: { type: 'string', pattern: '^[A-Z]{3}$' },
        },
        example: { amount: 12.5, currency: 'EUR' },
      },
      Stale: {
        type: 'object',
        required: ['id'],
        properties: { id: { type: 'integer' } },
        example: { id: 'not-an-integer' },
      },
      Paginated: {
        type: 'object',
        required: ['data', 'meta'],
        properties: {
          data: { type: 'array', items: { $ref: '#/components/schemas/User' } },
          meta: {
            type: 'object',
            properties: {
              current_page: { type: 'integer', minimum: 1 },
              per_page: { type: 'integer', enum: [15, 25, 50] },
              total: { type: 'integer', minimum: 0 },
            },
          },
          links: {
            type: 'object',
            additionalProperties: { type: 'string', format: 'uri', nullable: true },
          },
        },
      },
    },
  },
};

const s = (name: string): SchemaObject => ({ $ref: `#/components/schemas/${name}` });

/** Varied schemas for the property test: every one must validate for every seed and mode. */
export const schemas: Record<string, SchemaObject> = {
  'plain string': { type: 'string' },
  'bounded string': { type: 'string', minLength: 20, maxLength: 24 },
  'tiny string': { type: 'string', maxLength: 1 },
  'pattern string': { type: 'string', pattern: '^[A-Z]{2}-\\d{3,5}$' },
  'unanchored pattern': { type: 'string', pattern: '\\d{2}' },
  'lookahead pattern': { type: 'string', pattern: '^(?=.*[A-Z])(?=.*\\d)[A-Za-z\\d]{8,}$' },
  'pattern + length': { type: 'string', pattern: '^[a-z]+$', minLength: 12, maxLength: 14 },
  'formats object': {
    type: 'object',
    properties: Object.fromEntries(
      [
        'date',
        'date-time',
        'time',
        'duration',
        'uuid',
        'email',
        'idn-email',
        'uri',
        'url',
        'uri-reference',
        'hostname',
        'ipv4',
        'ipv6',
        'byte',
        'binary',
        'password',
        'regex',
        'json-pointer',
        'relative-json-pointer',
        'uri-template',
        'iso-time',
        'iso-date-time',
      ].map((f) => [f, { type: 'string', format: f }]),
    ),
  },
  'short email': { type: 'string', format: 'email', maxLength: 10 },
  'long uri': { type: 'string', format: 'uri', minLength: 60 },
  'integer bounds': { type: 'integer', minimum: -5, maximum: -2 },
  'integer exclusive 3.0': {
    type: 'integer',
    minimum: 0,
    exclusiveMinimum: true,
    maximum: 2,
    exclusiveMaximum: true,
  },
  'number exclusive 3.1': { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 0.001 },
  'multipleOf 0.1': { type: 'number', multipleOf: 0.1 },
  'integer multipleOf': { type: 'integer', multipleOf: 7, minimum: 100 },
  'int32 huge min': { type: 'integer', format: 'int32', minimum: 2147483000 },
  'number int32': { type: 'number', format: 'int32' },
  'enum with null': { type: 'string', enum: [null, 'a', 'b'], nullable: true },
  'type array 3.1': { type: ['null', 'integer'], minimum: 3 },
  'nullable only null': { type: 'null' } as SchemaObject,
  'untyped keywords': { properties: { a: { minimum: 1 } }, required: ['a'] },
  'array unique enum': {
    type: 'array',
    items: { type: 'string', enum: ['x', 'y', 'z'] },
    uniqueItems: true,
    minItems: 3,
  },
  'array bounds': { type: 'array', items: { type: 'integer' }, minItems: 4, maxItems: 5 },
  'array max 1': { type: 'array', items: { type: 'boolean' }, maxItems: 1, uniqueItems: true },
  'tuple 3.1': {
    type: 'array',
    prefixItems: [{ type: 'string' }, { type: 'integer' }],
    items: false,
  } as unknown as SchemaObject,
  'additionalProperties map': {
    type: 'object',
    additionalProperties: { type: 'integer', minimum: 10 },
  },
  'minProperties map': {
    type: 'object',
    additionalProperties: { type: 'string' },
    minProperties: 3,
    maxProperties: 3,
  },
  'maxProperties trims optional': {
    type: 'object',
    required: ['a'],
    properties: { a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string' } },
    maxProperties: 2,
  },
  'closed allOf': {
    allOf: [
      { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
      { type: 'object', properties: { b: { type: 'string' } } },
    ],
  },
  'allOf constraints': {
    allOf: [{ type: 'integer', minimum: 10 }, { maximum: 12 }, { multipleOf: 3 }],
  },
  'allOf same property': {
    allOf: [
      { type: 'object', properties: { code: { type: 'string', minLength: 3 } } },
      {
        type: 'object',
        properties: { code: { type: 'string', maxLength: 3, pattern: '^[a-z]+$' } },
        required: ['code'],
      },
    ],
  },
  'oneOf overlapping': { oneOf: [{ type: 'number' }, { type: 'integer' }] },
  'oneOf objects': {
    oneOf: [
      { type: 'object', properties: { kind: { const: 'a' } }, required: ['kind'] },
      { type: 'object', properties: { kind: { const: 'b' } }, required: ['kind'] },
    ],
  },
  'oneOf discriminator': {
    oneOf: [s('Cat'), s('Dog')],
    discriminator: { propertyName: 'pet_type' },
  },
  'anyOf with sibling': {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'integer' } },
    anyOf: [{ required: ['x'] }, { required: ['y'] }],
  },
  'not enum': { type: 'string', enum: ['a', 'b', 'c'], not: { enum: ['a', 'b'] } },
  'not type': { not: { type: 'string' } },
  user: s('User'),
  paginated: s('Paginated'),
  tree: s('Node'),
  'mutual cycle': s('A'),
  'money example': s('Money'),
  'stale example': s('Stale'),
  'dangling ref': s('Missing'),
  'nullable ref': { allOf: [s('Address')], nullable: true },
  'ref with siblings 3.1': { $ref: '#/components/schemas/Address', required: ['city'] },
  'const object': { const: { a: [1, 2] } },
  'boolean schema true': true as unknown as SchemaObject,
  'patternProperties only': {
    type: 'object',
    patternProperties: { '^x-[a-z]+$': { type: 'integer' } },
    additionalProperties: false,
  },
  '3.1 nullable format': { type: ['string', 'null'], format: 'date-time' },
  'ref with description sibling': { $ref: '#/components/schemas/Address', description: 'home' },
  'inline discriminated oneOf': {
    oneOf: [
      {
        type: 'object',
        required: ['type', 'n'],
        properties: { type: { enum: ['num'] }, n: { type: 'number' } },
      },
      {
        type: 'object',
        required: ['type', 's'],
        properties: { type: { enum: ['str'] }, s: { type: 'string' } },
      },
    ],
    discriminator: { propertyName: 'type' },
  },
  'allOf with nested oneOf': {
    allOf: [
      { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
      {
        oneOf: [
          { required: ['a'], properties: { a: { type: 'string' } } },
          { required: ['b'], properties: { b: { type: 'integer' } } },
        ],
      },
    ],
  },
  'required readOnly declared in another allOf branch': {
    allOf: [
      { type: 'object', required: ['id'] },
      { properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' } } },
    ],
  },
  'nested unique arrays': {
    type: 'array',
    uniqueItems: true,
    minItems: 3,
    items: { type: 'array', items: { type: 'integer', minimum: 0, maximum: 2 }, maxItems: 2 },
  },
  'zero-length string': { type: 'string', maxLength: 0 },
  'enum of objects': { enum: [{ a: 1 }, { b: 2 }] },
  'point range': { type: 'number', minimum: 0.5, maximum: 0.5 },
  'open object with minProperties': {
    type: 'object',
    additionalProperties: true,
    minProperties: 2,
  },
  'nullable enum default null': { type: 'string', enum: ['x', 'y'], nullable: true, default: null },
  propertyNames: {
    type: 'object',
    propertyNames: { pattern: '^[A-Z]+$' },
    additionalProperties: { type: 'boolean' },
    minProperties: 1,
  },
};
