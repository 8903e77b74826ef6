/**
 * Generate, then mock: the document `apidoc generate` writes works in `apidoc mock` unchanged,
 * and the mock answers like the Laravel app would (statuses, body shapes, 422 on the same bad
 * input). The mock runs in-process, as users run it inside their own test suites.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../src/core/types.js';
import { generateOpenApi } from '../../src/laravel/generate.js';
import { createMockServer, type MockServer } from '../../src/mock/server.js';
import { LARAVEL_11, LARAVEL_8 } from './generate-support.js';

const BEARER = { authorization: 'Bearer mock-token-e2e', accept: 'application/json' };

async function json(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}

describe('generate, then mock: the Laravel 8 fixture', () => {
  let mock: MockServer;
  let url: string;
  let document: OpenApiDocument;
  beforeAll(async () => {
    document = (await generateOpenApi(LARAVEL_8, { cache: false })).document;
    mock = createMockServer(document);
    ({ url } = await mock.listen(0, '127.0.0.1'));
  });
  afterAll(() => mock.close());

  it('serves every operation, with no routing warnings', () => {
    const count = Object.values(document.paths ?? {}).reduce(
      (n, item) => n + Object.keys(item).length,
      0,
    );
    expect(mock.operations).toHaveLength(count);
    expect(mock.warnings).toEqual([]);
  });

  it('a paginated resource collection: data, links and meta, as Laravel sends them', async () => {
    const response = await fetch(`${url}/api/users?page=2`, { headers: BEARER });
    expect(response.status).toBe(200);
    const body = await json(response);
    expect(Object.keys(body).sort()).toEqual(['data', 'links', 'meta']);
    expect(body.meta).toMatchObject({ current_page: 2 });
    expect(Object.keys(body.links as object).sort()).toEqual(['first', 'last', 'next', 'prev']);
    const [user] = body.data as Record<string, unknown>[];
    expect(user).toMatchObject({
      id: expect.any(Number),
      name: expect.any(String),
      is_admin: expect.any(Boolean),
    });
  });

  it('Laravel’s flat paginator for a paginator returned as is', async () => {
    const body = await json(await fetch(`${url}/api/orders`, { headers: BEARER }));
    expect(body).toMatchObject({
      current_page: 1,
      per_page: expect.any(Number),
      total: expect.any(Number),
    });
    expect(Array.isArray(body.data)).toBe(true);
  });

  it('$wrap: a single product is wrapped in "product"', async () => {
    const body = await json(await fetch(`${url}/api/products/1`, { headers: BEARER }));
    expect(Object.keys(body)).toEqual(['product']);
  });

  it('401 without a token on an auth:sanctum route, 200 on a public one', async () => {
    expect(
      (await fetch(`${url}/api/users`, { headers: { accept: 'application/json' } })).status,
    ).toBe(401);
    expect(
      (await fetch(`${url}/api/categories`, { headers: { accept: 'application/json' } })).status,
    ).toBe(200);
  });

  it('422 with Laravel’s messages for the same bad input', async () => {
    const response = await fetch(`${url}/api/users`, {
      method: 'POST',
      headers: { ...BEARER, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'not-an-email', password: 'short' }),
    });
    expect(response.status).toBe(422);
    const body = await json(response);
    expect(body.message).toBe('The given data was invalid.');
    expect(body.errors).toMatchObject({
      name: ['The name field is required.'],
      email: ['The email must be a valid email address.'],
    });
  });

  it('201 for a store that creates, 204 for a destroy', async () => {
    const created = await fetch(`${url}/api/posts`, {
      method: 'POST',
      headers: { ...BEARER, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Hello',
        body: 'Twenty characters at the very least.',
        status: 'draft',
      }),
    });
    expect(created.status).toBe(201);
    // PostResource::with() adds links.self to a single post, as in Laravel.
    expect(Object.keys(await json(created))).toEqual(['data', 'links']);
    const deleted = await fetch(`${url}/api/posts/3`, { method: 'DELETE', headers: BEARER });
    expect(deleted.status).toBe(204);
  });

  it('HTTP Basic on auth.basic routes', async () => {
    const basic = `Basic ${Buffer.from('ada@example.com:password').toString('base64')}`;
    expect(
      (await fetch(`${url}/api/auth/token`, { headers: { authorization: basic } })).status,
    ).toBe(200);
    expect((await fetch(`${url}/api/auth/token`)).status).toBe(401);
  });
});

describe('generate, then mock: the Laravel 11 fixture', () => {
  let mock: MockServer;
  let url: string;
  beforeAll(async () => {
    const { document } = await generateOpenApi(LARAVEL_11, { cache: false });
    mock = createMockServer(document);
    ({ url } = await mock.listen(0, '127.0.0.1'));
  });
  afterAll(() => mock.close());

  it('an API key route accepts the configured header', async () => {
    const send = (headers: Record<string, string>) =>
      fetch(`${url}/api/v2/partners/stock/ABC-1234`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ quantity: 5, warehouse: 'AMS' }),
      });
    expect((await send({ 'x-partner-key': 'mock-api-key-warehouse' })).status).toBe(200);
    expect((await send({})).status).toBe(401);
  });

  it('a cursor-paginated collection', async () => {
    const body = await json(await fetch(`${url}/api/v2/orders`, { headers: BEARER }));
    expect(Object.keys(body).sort()).toEqual(['data', 'links', 'meta']);
    expect(body.meta).toMatchObject({ per_page: expect.any(Number) });
  });

  it('a path constrained by where() refuses what Laravel would not route', async () => {
    const response = await fetch(`${url}/api/v2/orders/abc`, { headers: BEARER });
    expect([404, 422]).toContain(response.status);
  });
});
