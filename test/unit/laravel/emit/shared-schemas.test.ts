import { describe, expect, it } from 'vitest';
import type { PathItemObject, SchemaObject } from '../../../../src/core/types.js';
import { shareRepeatedSchemas } from '../../../../src/laravel/emit/shared-schemas.js';

/** An object schema large enough to be shared (its JSON is over 200 characters). */
function object(...names: string[]): SchemaObject {
  const properties: Record<string, SchemaObject> = {};
  for (const name of names) properties[name] = { type: 'string', maxLength: 255, nullable: true };
  return { type: 'object', properties, required: names };
}

const SERVER = object('uuid', 'name', 'ip', 'description', 'proxy_type', 'created_at');
const SMALL: SchemaObject = { type: 'object', properties: { id: { type: 'integer' } } };

const json = (schema: SchemaObject) => ({ content: { 'application/json': { schema } } });
const ok = (schema: SchemaObject, status = '200') => ({
  responses: { [status]: { description: 'OK', ...json(schema) } },
});
const refTo = (name: string) => ({ $ref: `#/components/schemas/${name}` });

type Case = [
  name: string,
  given: { paths: Record<string, PathItemObject>; components?: Record<string, SchemaObject> },
  want: { at: (paths: Record<string, PathItemObject>) => unknown; is: unknown; schemas: string[] },
];

const CASES: Case[] = [
  [
    'a large schema in two responses: one component, named for the resource the paths share',
    {
      paths: {
        '/api/v1/servers/{uuid}': { get: ok(SERVER) },
        '/api/v1/servers/{uuid}/restart': { post: ok(SERVER) },
      },
    },
    {
      at: (p) => p['/api/v1/servers/{uuid}']!.get!.responses!['200'],
      is: { description: 'OK', ...json(refTo('ServerResponse')) },
      schemas: ['ServerResponse'],
    },
  ],
  [
    'a small schema in two responses stays where it is',
    { paths: { '/a': { get: ok(SMALL) }, '/b': { get: ok(SMALL) } } },
    {
      at: (p) => p['/b']!.get!.responses!['200'],
      is: { description: 'OK', ...json(SMALL) },
      schemas: [],
    },
  ],
  [
    'a large schema used once stays where it is',
    { paths: { '/servers': { get: ok(SERVER) } } },
    {
      at: (p) => p['/servers']!.get!.responses!['200'],
      is: { description: 'OK', ...json(SERVER) },
      schemas: [],
    },
  ],
  [
    'a schema only inside a shared one is written once, inside it: not a component of its own',
    {
      paths: {
        '/a': {
          get: ok({ type: 'object', properties: { server: SERVER, at: { type: 'string' } } }),
        },
        '/b': {
          get: ok({ type: 'object', properties: { server: SERVER, at: { type: 'string' } } }),
        },
      },
    },
    { at: () => undefined, is: undefined, schemas: ['SharedResponse'] },
  ],
  [
    'inside a shared one and elsewhere too: both are components, named for the property',
    {
      paths: {
        '/a': {
          get: ok({ type: 'object', properties: { server: SERVER, at: { type: 'string' } } }),
        },
        '/b': {
          get: ok({ type: 'object', properties: { server: SERVER, at: { type: 'string' } } }),
        },
        '/c': { get: ok({ type: 'array', items: SERVER }) },
      },
    },
    {
      at: (p) => p['/c']!.get!.responses!['200'],
      is: { description: 'OK', ...json({ type: 'array', items: refTo('Server') }) },
      schemas: ['Server', 'SharedResponse'],
    },
  ],
  [
    'an inline copy of an existing component becomes a $ref to it, even once',
    {
      paths: { '/servers': { get: ok({ type: 'array', items: SERVER }) } },
      components: { Server: SERVER },
    },
    {
      at: (p) => p['/servers']!.get!.responses!['200'],
      is: { description: 'OK', ...json({ type: 'array', items: refTo('Server') }) },
      schemas: ['Server'],
    },
  ],
  [
    'a schema that says nothing ({}) is not made a $ref to a component that is just {}',
    {
      paths: {
        '/a': { get: ok({ type: 'object', properties: { error: {} }, required: ['error'] }) },
        '/b': { get: ok(refTo('Users')) },
      },
      components: { Users: {} },
    },
    {
      at: (p) => p['/a']!.get!.responses!['200'],
      is: {
        description: 'OK',
        ...json({ type: 'object', properties: { error: {} }, required: ['error'] }),
      },
      schemas: ['Users'],
    },
  ],
  [
    'the items of a list property, by the singular of its name; a taken name gets a number',
    {
      paths: {
        '/a': {
          get: ok({ type: 'object', properties: { servers: { type: 'array', items: SERVER } } }),
        },
        '/b': {
          get: ok({ type: 'object', properties: { servers: { type: 'array', items: SERVER } } }),
        },
        '/c': {
          get: ok({
            type: 'object',
            properties: { servers: { type: 'array', items: SERVER, maxItems: 10 } },
          }),
        },
      },
      components: { Server: SMALL },
    },
    { at: () => undefined, is: undefined, schemas: ['Server', 'Server2', 'SharedResponse'] },
  ],
  [
    'an error body with one message, on many operations',
    {
      paths: {
        '/a': {
          get: ok(
            {
              ...object('docs', 'hint'),
              properties: {
                ...object('docs', 'hint').properties,
                message: { type: 'string', enum: ['Invalid token.'] },
              },
            },
            '400',
          ),
        },
        '/b': {
          get: ok(
            {
              ...object('docs', 'hint'),
              properties: {
                ...object('docs', 'hint').properties,
                message: { type: 'string', enum: ['Invalid token.'] },
              },
            },
            '400',
          ),
        },
      },
    },
    { at: () => undefined, is: undefined, schemas: ['InvalidTokenError'] },
  ],
  [
    'an error body without one message: by its status',
    { paths: { '/a': { get: ok(SERVER, '409') }, '/b': { post: ok(SERVER, '409') } } },
    { at: () => undefined, is: undefined, schemas: ['ConflictError'] },
  ],
  [
    "a resource's response around a component: by that component",
    {
      paths: {
        '/v1/posts/{post}': {
          get: ok({
            ...object('self', 'edit'),
            properties: { data: refTo('PostResource'), ...object('self', 'edit').properties },
          }),
        },
        '/v2/posts/{post}': {
          get: ok({
            ...object('self', 'edit'),
            properties: { data: refTo('PostResource'), ...object('self', 'edit').properties },
          }),
        },
      },
      components: { PostResource: SMALL },
    },
    { at: () => undefined, is: undefined, schemas: ['PostResource', 'PostResourceResponse'] },
  ],
  [
    'a request body of several routes: the resource their paths end with',
    {
      paths: {
        '/api/applications/{uuid}/envs': { post: { requestBody: json(SERVER), ...ok(SMALL) } },
        '/api/services/{uuid}/envs': { post: { requestBody: json(SERVER), ...ok(SMALL) } },
      },
    },
    { at: () => undefined, is: undefined, schemas: ['EnvRequest'] },
  ],
];

describe('schemas written more than once become components', () => {
  it.each(CASES)('%s', (_name, given, want) => {
    const before = JSON.stringify(given);
    const { paths, schemas } = shareRepeatedSchemas(
      given.paths,
      new Map(Object.entries(given.components ?? {})),
    );
    expect([...schemas.keys()].sort()).toEqual(want.schemas);
    if (want.at(given.paths) !== undefined) expect(want.at(paths)).toEqual(want.is);
    expect(JSON.stringify(given)).toBe(before);
  });

  it('says the same after a round trip: every $ref resolves to what was written inline', () => {
    const given = {
      '/a': {
        get: ok({
          type: 'object',
          properties: { server: SERVER, list: { type: 'array', items: SERVER } },
        }),
      },
      '/b': {
        get: ok({
          type: 'object',
          properties: { server: SERVER, list: { type: 'array', items: SERVER } },
        }),
      },
    };
    const { paths, schemas } = shareRepeatedSchemas(given, new Map());
    const inline = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(inline);
      if (typeof node !== 'object' || node === null) return node;
      const ref = (node as { $ref?: string }).$ref;
      if (ref) return inline(schemas.get(ref.split('/').at(-1)!));
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, inline(v)]));
    };
    expect(inline(paths)).toEqual(given);
  });

  it('names a schema the same whether its uses are one object or copies of it', () => {
    const envelope: SchemaObject = {
      type: 'object',
      properties: { mentions: { type: 'array', items: SERVER }, total: { type: 'integer' } },
    };
    const account: SchemaObject = { type: 'object', properties: { account: SERVER } };
    const paths = (copy: (s: SchemaObject) => SchemaObject) => ({
      '/a': { get: ok(copy(envelope)) },
      '/b': { get: ok(copy(envelope)) },
      '/c': { get: ok(copy(envelope)) },
      '/d': { get: ok(structuredClone(account)) },
      '/e': { post: ok(structuredClone(account)) },
    });
    const written = (copy: (s: SchemaObject) => SchemaObject) => {
      const { paths: out, schemas } = shareRepeatedSchemas(paths(copy), new Map());
      return { paths: out, schemas: Object.fromEntries(schemas) };
    };
    const shared = written((s) => s);
    expect(shared).toEqual(written(structuredClone));
    expect(Object.keys(shared.schemas)).toContain('Mention');
  });

  it('names a schema as the project knows it when it can', () => {
    const { schemas } = shareRepeatedSchemas(
      { '/a': { get: ok(SERVER) }, '/b': { get: ok(SERVER) } },
      new Map(),
      (schema) => (schema.properties?.proxy_type ? 'Server' : undefined),
    );
    expect([...schemas.keys()]).toEqual(['Server']);
  });
});
