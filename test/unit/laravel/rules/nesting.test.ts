import { describe, expect, it } from 'vitest';
import type { SchemaObject } from '../../../../src/core/types.js';
import type { PhpValue } from '../../../../src/laravel/php/value.js';
import { context, php, rulesToSchema, schemaOf, validator } from './helpers.js';

type Case = [string, { given: Record<string, PhpValue>; want: SchemaObject }];

const cases: Case[] = [
  [
    'dot keys make objects, created when the parent has no rules',
    {
      given: { 'address.city': 'string', 'address.zip': 'string|size:5' },
      want: {
        type: 'object',
        properties: {
          address: {
            type: 'object',
            properties: {
              city: { type: 'string' },
              zip: { type: 'string', minLength: 5, maxLength: 5 },
            },
          },
        },
      },
    },
  ],
  [
    'a parent with rules of its own keeps them',
    {
      given: { address: 'nullable|array', 'address.city': 'nullable|string' },
      want: {
        type: 'object',
        properties: {
          address: {
            type: 'object',
            properties: { city: { type: 'string', nullable: true } },
            nullable: true,
          },
        },
      },
    },
  ],
  [
    'a required child makes its parents required (Laravel checks address.city on its own)',
    {
      given: { address: 'array', 'address.geo.lat': 'required|numeric' },
      want: {
        type: 'object',
        properties: {
          address: {
            type: 'object',
            properties: {
              geo: { type: 'object', properties: { lat: { type: 'number' } }, required: ['lat'] },
            },
            required: ['geo'],
          },
        },
        required: ['address'],
      },
    },
  ],
  [
    '.* makes an array',
    {
      given: { tags: 'required|array|max:5', 'tags.*': 'string|max:20' },
      want: {
        type: 'object',
        properties: {
          tags: { type: 'array', items: { type: 'string', maxLength: 20 }, maxItems: 5 },
        },
        required: ['tags'],
      },
    },
  ],
  [
    '.*.x makes an array of objects; required stays inside the items',
    {
      given: {
        items: 'array',
        'items.*.sku': 'required|string',
        'items.*.qty': 'required|integer|min:1',
      },
      want: {
        type: 'object',
        properties: {
          items: {
            type: 'array',
            items: {
              type: 'object',
              properties: { sku: { type: 'string' }, qty: { type: 'integer', minimum: 1 } },
              required: ['sku', 'qty'],
            },
          },
        },
      },
    },
  ],
  [
    'an array with no rules of its own',
    {
      given: { 'ids.*': 'integer|distinct' },
      want: {
        type: 'object',
        properties: { ids: { type: 'array', items: { type: 'integer' }, uniqueItems: true } },
      },
    },
  ],
  [
    'arrays of arrays',
    {
      given: { matrix: 'array', 'matrix.*': 'array|size:3', 'matrix.*.*': 'numeric' },
      want: {
        type: 'object',
        properties: {
          matrix: {
            type: 'array',
            items: { type: 'array', items: { type: 'number' }, minItems: 3, maxItems: 3 },
          },
        },
      },
    },
  ],
  [
    'array:keys with rules for its keys',
    {
      given: {
        user: 'required|array:name,email',
        'user.name': 'required|string',
        'user.email': 'email',
      },
      want: {
        type: 'object',
        properties: {
          user: {
            type: 'object',
            properties: { name: { type: 'string' }, email: { type: 'string', format: 'email' } },
            required: ['name'],
            additionalProperties: false,
          },
        },
        required: ['user'],
      },
    },
  ],
  [
    'required_array_keys',
    {
      given: { settings: 'array|required_array_keys:theme', 'settings.locale': 'string' },
      want: {
        type: 'object',
        properties: {
          settings: {
            type: 'object',
            properties: { theme: {}, locale: { type: 'string' } },
            required: ['theme'],
          },
        },
      },
    },
  ],
  [
    'named keys and .* together: an object whose other values follow .*',
    {
      given: { meta: 'array', 'meta.*': 'string', 'meta.count': 'integer' },
      want: {
        type: 'object',
        properties: {
          meta: {
            type: 'object',
            properties: { count: { type: 'integer' } },
            additionalProperties: { type: 'string' },
          },
        },
      },
    },
  ],
  [
    'in on an array (each item) merges with the .* rules',
    {
      given: { roles: 'array|in:admin,editor', 'roles.*': 'string' },
      want: {
        type: 'object',
        properties: {
          roles: { type: 'array', items: { type: 'string', enum: ['admin', 'editor'] } },
        },
      },
    },
  ],
  [
    'properties keep the order of the rules, parents where first named',
    {
      given: { b: 'string', 'a.y': 'string', c: 'string', 'a.x': 'string', a: 'array' },
      want: {
        type: 'object',
        properties: {
          b: { type: 'string' },
          a: { type: 'object', properties: { y: { type: 'string' }, x: { type: 'string' } } },
          c: { type: 'string' },
        },
      },
    },
  ],
  ['no rules', { given: {}, want: { type: 'object', properties: {} } }],
];

describe('nesting', () => {
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(schemaOf(given)).toEqual({ schema: want, multipart: false, unknown: [] });
  });

  it.each([
    [
      'a rule for the value under every key',
      { '*': 'required|numeric|min:0.0000000001' },
      {
        type: 'object',
        properties: {},
        additionalProperties: { type: 'number', minimum: 0.0000000001 },
      },
    ],
    [
      'rules for the fields of every key, beside named fields',
      { '*.name': 'required|string', title: 'string' },
      {
        type: 'object',
        properties: { title: { type: 'string' } },
        additionalProperties: {
          type: 'object',
          properties: { name: { type: 'string' } },
          required: ['name'],
        },
      },
    ],
  ])('top-level wildcards: %s, as additionalProperties', (_name, given, want) => {
    expect(schemaOf(given)).toEqual({ schema: want, multipart: false, unknown: [] });
  });

  it('validates nested bodies as Laravel would', () => {
    const { schema } = schemaOf({
      'address.city': 'required|string',
      items: 'array|min:1',
      'items.*.sku': 'required|string',
    });
    const validate = validator(schema);
    expect(validate({ address: { city: 'Paris' } })).toBe(true);
    expect(validate({})).toBe(false);
    expect(validate({ address: { city: 'Paris' }, items: [{}] })).toBe(false);
    expect(validate({ address: { city: 'Paris' }, items: [{ sku: 'A1' }] })).toBe(true);
  });
});

describe('unknown rules and determinism', () => {
  it('reports rules it does not understand, with their field', () => {
    const { unknown } = schemaOf({
      name: 'required|string|shout|regex:/(?>a)/',
      'items.*.code': php.arr('string', php.rule('forEach', php.unknown('fn () => [...]'))),
      tags: php.arr(php.rule('anyOf', php.arr())),
      rules: php.unknown('$this->baseRules()'),
      role: php.arr(php.rule('enum', php.cls('App\\Enums\\Unread'))),
      broken: php.arr('required|string'),
    });
    expect(unknown).toEqual([
      { field: 'name', rule: 'shout' },
      { field: 'name', rule: 'regex:/(?>a)/' },
      { field: 'items.*.code', rule: 'Rule::forEach' },
      { field: 'tags', rule: 'Rule::anyOf' },
      { field: 'rules', rule: '$this->baseRules()' },
      { field: 'role', rule: 'enum:App\\Enums\\Unread' },
      // Laravel splits only whole strings on `|`: inside an array this is one (unknown) rule.
      { field: 'broken', rule: 'required|string' },
    ]);
  });

  it('skips closures and the application’s own rule objects silently', () => {
    expect(
      schemaOf({
        name: php.arr(
          'required',
          php.unknown('function ($attribute, $value, $fail) {...}'),
          php.new('App\\Rules\\Uppercase'),
          'string',
        ),
      }),
    ).toEqual({
      schema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      multipart: false,
      unknown: [],
    });
  });

  it('gives byte-identical output, keys in a fixed order', () => {
    const rules = { 'b.*': 'integer|max:5|min:1|nullable', a: 'required|max:10|string|email' };
    const first = JSON.stringify(rulesToSchema(rules, context));
    expect(JSON.stringify(rulesToSchema(rules, context))).toBe(first);
    expect(first).toBe(
      '{"schema":{"type":"object","properties":{"b":{"type":"array","items":{"type":"integer","minimum":1,"maximum":5,"nullable":true}},' +
        '"a":{"type":"string","format":"email","maxLength":10}},"required":["a"]},"multipart":false,"unknown":[]}',
    );
  });
});
