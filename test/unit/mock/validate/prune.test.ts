import { describe, expect, it } from 'vitest';
import { toJsonSchema } from '../../../../src/core/schema.js';
import type { SchemaObject } from '../../../../src/core/types.js';
import { compileSchema } from '../../../../src/core/engine/validate/compile.js';
import { pruneFor } from '../../../../src/core/engine/validate/prune.js';
import { makeDoc } from './helpers.js';

const doc = makeDoc({
  schemas: {
    Entity: {
      type: 'object',
      required: ['@odata.type'],
      properties: { id: { type: 'string' }, '@odata.type': { type: 'string' } },
    },
    User: {
      allOf: [
        { $ref: '#/components/schemas/Entity' },
        {
          type: 'object',
          properties: {
            name: { type: 'string', minLength: 2 },
            manager: { anyOf: [{ $ref: '#/components/schemas/User' }, { type: 'null' }] },
            groups: { type: 'array', items: { $ref: '#/components/schemas/Group' } },
            pet: { oneOf: [{ $ref: '#/components/schemas/Cat' }, { type: 'string' }] },
            constructor: { type: 'integer' },
            const: { const: { properties: { a: 1 } } },
          },
          additionalProperties: { type: 'boolean' },
        },
      ],
    },
    Group: {
      type: 'object',
      required: ['title'],
      properties: { title: { type: 'string' }, owner: { $ref: '#/components/schemas/User' } },
    },
    Cat: { type: 'object', properties: { lives: { type: 'integer', maximum: 9 } } },
  },
});
const schema = toJsonSchema(doc, { $ref: '#/components/schemas/User' } as SchemaObject, 'request');

/** ajv's errors without the schema paths, which differ between the two documents. */
function errorsOf(validate: ReturnType<typeof compileSchema>, data: unknown): unknown {
  const valid = validate(data);
  return [
    valid,
    JSON.parse(
      JSON.stringify(validate.errors ?? [], (k, v) => (k === 'schemaPath' ? undefined : v)),
    ),
  ];
}

describe('pruneFor', () => {
  const full = compileSchema(schema, 'strict');
  it.each<[string, unknown]>([
    ['an empty body', {}],
    ['a valid body', { '@odata.type': 'u', name: 'Al' }],
    ['a short name', { '@odata.type': 'u', name: 'A' }],
    ['a nested manager', { name: 'Al', manager: { name: 'B', manager: null } }],
    ['a group without title', { '@odata.type': 'u', groups: [{ owner: { name: 5 } }] }],
    ['a pet of neither branch', { '@odata.type': 'u', pet: { lives: 10 } }],
    ['extra properties', { '@odata.type': 'u', extra: 'x', other: true }],
    ['the inherited constructor', { '@odata.type': 'u' }],
    ['a const that looks like a schema', { '@odata.type': 'u', const: { properties: { a: 1 } } }],
    ['not an object', 'text'],
  ])('gives the same verdict and errors for %s', (_name, data) => {
    const pruned = compileSchema(pruneFor(schema, data), 'strict');
    expect(errorsOf(pruned, data)).toEqual(errorsOf(full, data));
  });

  it('leaves out the properties the data does not hold', () => {
    const pruned = pruneFor(schema, { name: 'x' }) as {
      $defs: Record<string, { allOf: { properties: Record<string, unknown> }[] }>;
    };
    const own = pruned.$defs.User!.allOf[1]!.properties;
    expect(own.manager).toBe(true);
    expect(own.name).toEqual({ type: 'string', minLength: 2 });
  });
});
