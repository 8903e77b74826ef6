import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../../../src/core/types.js';
import { resourceModel } from '../../../../src/core/engine/resources/recognise.js';
import { concretePath, pathShape } from '../../../../src/core/engine/resources/shape.js';

const item = (props: Record<string, unknown>) => ({ type: 'object', properties: props });
const Book = item({ id: { type: 'integer' }, title: { type: 'string' } });
const Post = item({ id: { type: 'integer' }, slug: { type: 'string' }, title: { type: 'string' } });
const json = (schema: unknown) => ({
  '200': { description: 'OK', content: { 'application/json': { schema } } },
});
const page = (schema: unknown) =>
  json({
    type: 'object',
    properties: {
      data: { type: 'array', items: schema },
      links: { type: 'object', properties: { next: { type: 'string', nullable: true } } },
      meta: { type: 'object', properties: { total: { type: 'integer' } } },
    },
  });
const wrapped = (schema: unknown) => json({ type: 'object', properties: { data: schema } });
const param = (name: string, type = 'integer') => ({
  name,
  in: 'path',
  required: true,
  schema: { type },
});

function doc(paths: Record<string, unknown>): OpenApiDocument {
  return { openapi: '3.0.3', info: { title: 't', version: '1' }, paths } as OpenApiDocument;
}

/** `METHOD /path` → `kind collection-key idField` of its role, or `-` for none. */
function roles(paths: Record<string, unknown>): Record<string, string> {
  const model = resourceModel(doc(paths));
  const out: Record<string, string> = {};
  for (const [path, item] of Object.entries(paths)) {
    for (const method of Object.keys(item as object)) {
      const role = model.roleOf(method, path);
      out[`${method.toUpperCase()} ${path}`] = role
        ? `${role.kind} ${role.collection.key} ${role.collection.idField ?? '-'}${role.itemAt ? ` at[${role.itemAt.join('.')}]` : ''}`
        : '-';
    }
  }
  return out;
}

describe('resource recognition from path shapes', () => {
  it.each([
    [
      'a Laravel resource with {id}',
      {
        '/api/books': { get: { responses: page(Book) }, post: { responses: wrapped(Book) } },
        '/api/books/{id}': {
          get: { parameters: [param('id')], responses: wrapped(Book) },
          put: { parameters: [param('id')], responses: wrapped(Book) },
          patch: { parameters: [param('id')], responses: wrapped(Book) },
          delete: { parameters: [param('id')], responses: { '204': { description: 'gone' } } },
        },
      },
      {
        'GET /api/books': 'list /api/books id',
        'POST /api/books': 'create /api/books id at[data]',
        'GET /api/books/{id}': 'read /api/books id at[data]',
        'PUT /api/books/{id}': 'update /api/books id at[data]',
        'PATCH /api/books/{id}': 'update /api/books id at[data]',
        'DELETE /api/books/{id}': 'delete /api/books id',
      },
    ],
    [
      'the parameter named the Laravel way ({post}), the body not wrapped',
      {
        '/api/posts': { get: { responses: json({ type: 'array', items: Post }) } },
        '/api/posts/{post}': { get: { parameters: [param('post')], responses: json(Post) } },
      },
      {
        'GET /api/posts': 'list /api/posts id',
        'GET /api/posts/{post}': 'read /api/posts id at[]',
      },
    ],
    [
      '{post:slug}: the binding field names the property',
      {
        '/api/posts/{post:slug}': {
          get: { parameters: [param('post:slug', 'string')], responses: wrapped(Post) },
        },
      },
      { 'GET /api/posts/{post:slug}': 'read /api/posts slug at[data]' },
    ],
    [
      '{slug} names a property of its own; {user_id} the id',
      {
        '/api/pages/{slug}': {
          get: { parameters: [param('slug', 'string')], responses: json(Post) },
        },
        '/api/users/{user_id}': { get: { parameters: [param('user_id')], responses: json(Book) } },
      },
      {
        'GET /api/pages/{slug}': 'read /api/pages slug at[]',
        'GET /api/users/{user_id}': 'read /api/users id at[]',
      },
    ],
    [
      'nested collections are keyed by their template, parameters blanked',
      {
        '/api/posts/{post}/comments': {
          get: { parameters: [param('post')], responses: page(Book) },
          post: { parameters: [param('post')], responses: wrapped(Book) },
        },
        '/api/posts/{id}/comments/{comment}': {
          delete: { parameters: [param('id'), param('comment')], responses: {} },
        },
      },
      {
        'GET /api/posts/{post}/comments': 'list /api/posts/{}/comments id',
        'POST /api/posts/{post}/comments': 'create /api/posts/{}/comments id at[data]',
        'DELETE /api/posts/{id}/comments/{comment}': 'delete /api/posts/{}/comments id',
      },
    ],
    [
      'not collections: actions, singletons, lists of nothing, inner parameters',
      {
        '/api/login': { post: { responses: json({ type: 'object', properties: { token: {} } }) } },
        '/api/user': { get: { responses: json(Book) } },
        '/api/tags': { get: { responses: json({ type: 'array', items: { type: 'string' } }) } },
        '/api/posts/{post}/publish': { post: { parameters: [param('post')], responses: {} } },
        '/api/files/{name}.json': { get: { parameters: [param('name')], responses: json(Book) } },
        '/{id}': { get: { parameters: [param('id')], responses: json(Book) } },
      },
      {
        'POST /api/login': '-',
        'GET /api/user': '-',
        'GET /api/tags': '-',
        'POST /api/posts/{post}/publish': '-',
        'GET /api/files/{name}.json': '-',
        'GET /{id}': '-',
      },
    ],
    [
      'a POST beside an item path creates, without a list',
      {
        '/api/orders': { post: { responses: wrapped(Book) } },
        '/api/orders/{order}': { get: { parameters: [param('order')], responses: wrapped(Book) } },
      },
      {
        'POST /api/orders': 'create /api/orders id at[data]',
        'GET /api/orders/{order}': 'read /api/orders id at[data]',
      },
    ],
  ])('%s', (_name, paths, want) => {
    expect(roles(paths)).toEqual(want);
  });

  it("names the collection's model as Laravel would", () => {
    const model = resourceModel(
      doc({
        '/api/blog-categories/{category}': {
          get: { parameters: [param('category')], responses: json(Book) },
        },
        '/api/people/{person}': { get: { parameters: [param('person')], responses: json(Book) } },
      }),
    );
    expect(model.collections.map((c) => c.model)).toEqual([
      'App\\Models\\BlogCategory',
      'App\\Models\\Person',
    ]);
  });
});

describe('pathShape and concretePath', () => {
  it.each([
    ['/api/books', '/api/books', {}, '/api/books'],
    [
      '/api/posts/{post}/comments',
      '/api/posts/{}/comments',
      { post: '42' },
      '/api/posts/42/comments',
    ],
    ['/api/x/{a}/y', '/api/x/{}/y', { a: 'a b/c' }, '/api/x/a%20b%2Fc/y'],
  ])('%s', (template, key, params, concrete) => {
    const shape = pathShape(template)!;
    expect(shape.key).toBe(key);
    expect(concretePath(shape.segments, params)).toBe(concrete);
  });

  it.each(['/a/{b}.json', '/a/{b}:publish', '/a?x=1', '/a#frag'])('%s is no resource path', (t) => {
    expect(pathShape(t)).toBeUndefined();
  });
});
