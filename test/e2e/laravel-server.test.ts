/**
 * Proves that the Laravel 8 fixture really runs on Debian's PHP packages, so the ground-truth
 * tests built on test/support/laravel-server.ts compare `apidoc generate` with a real Laravel.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hasPhp,
  listLaravelRoutes,
  noPhpReason,
  startLaravel,
  type LaravelRoute,
  type RunningLaravel,
} from '../support/laravel-server.js';

const APP = fileURLToPath(new URL('../fixtures/laravel-8', import.meta.url));
const C = 'App\\Http\\Controllers\\';

/** Every route of routes/api.php and routes/api/admin.php: method(s), URI, action. */
const API_ROUTES: Array<[string, string, string]> = [
  ['GET|HEAD', 'api/health', 'Closure'],
  ['OPTIONS', 'api/health', 'Closure'],
  ['GET|HEAD', 'api/insights/authors', `${C}InsightsController@authors`],
  ['GET|HEAD', 'api/insights/feed', `${C}InsightsController@feed`],
  ['GET|HEAD', 'api/insights/latest', `${C}InsightsController@latest`],
  ['GET|HEAD', 'api/insights/ping', `${C}InsightsController@ping`],
  ['GET|HEAD', 'api/insights/posts/{post}', `${C}InsightsController@raw`],
  ['GET|HEAD', 'api/insights/posts/{post}/card', `${C}InsightsController@card`],
  ['GET|HEAD', 'api/insights/stats', `${C}InsightsController@stats`],
  ['POST', 'api/auth/login', `${C}AuthController@login`],
  ['POST', 'api/auth/register', `${C}AuthController@register`],
  ['GET|HEAD', 'api/auth/token', `${C}AuthController@token`],
  ['GET|HEAD', 'api/auth/me', `${C}AuthController@me`],
  ['POST', 'api/auth/logout', `${C}AuthController@logout`],
  ['GET|HEAD', 'api/categories', `${C}CategoryController@index`],
  ['GET|HEAD', 'api/categories/{category}', `${C}CategoryController@show`],
  ['GET|HEAD', 'api/products', `${C}ProductController@index`],
  ['GET|HEAD', 'api/products/{product}', `${C}ProductController@show`],
  ['GET|HEAD', 'api/pages/{slug?}', `${C}PageController@show`],
  ['GET|HEAD', 'api/search', `${C}SearchController`],
  [
    'GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS',
    'api/webhooks/payments',
    `${C}WebhookController@handle`,
  ],
  ['GET|HEAD', 'api/users', `${C}UserController@index`],
  ['POST', 'api/users', `${C}UserController@store`],
  ['GET|HEAD', 'api/users/{user}', `${C}UserController@show`],
  ['PUT|PATCH', 'api/users/{user}', `${C}UserController@update`],
  ['DELETE', 'api/users/{user}', `${C}UserController@destroy`],
  ['POST', 'api/users/{user}/avatar', `${C}UserController@uploadAvatar`],
  ['GET|HEAD', 'api/posts', `${C}PostController@index`],
  ['POST', 'api/posts', `${C}PostController@store`],
  ['GET|HEAD', 'api/posts/{post}', `${C}PostController@show`],
  ['PUT|PATCH', 'api/posts/{post}', `${C}PostController@update`],
  ['DELETE', 'api/posts/{post}', `${C}PostController@destroy`],
  ['GET|HEAD', 'api/posts/{post}/comments', `${C}CommentController@index`],
  ['POST', 'api/posts/{post}/comments', `${C}CommentController@store`],
  ['DELETE', 'api/posts/{post}/comments/{comment}', `${C}CommentController@destroy`],
  ['POST', 'api/products', `${C}ProductController@store`],
  ['PUT|PATCH', 'api/products/{product}', `${C}ProductController@update`],
  ['DELETE', 'api/products/{product}', `${C}ProductController@destroy`],
  ['GET|HEAD', 'api/orders', `${C}OrderController@index`],
  ['POST', 'api/orders', `${C}OrderController@store`],
  ['GET|HEAD', 'api/orders/{id}', `${C}OrderController@show`],
  ['POST', 'api/orders/{order}/cancel', `${C}OrderController@cancel`],
  ['PUT', 'api/partners/settings', `${C}PartnerController@settings`],
  ['POST', 'api/rules/bookings', `${C}RulesController@booking`],
  ['PUT', 'api/rules/profile', `${C}RulesController@profile`],
  ['POST', 'api/partners/products', `${C}PartnerController@products`],
  ['GET|HEAD', 'api/admin/dashboard', `${C}Admin\\DashboardController@index`],
  ['GET|HEAD', 'api/admin/reports/sales', `${C}Admin\\ReportController@sales`],
  ['GET|HEAD', 'api/admin/reports/sales/{year}/{month?}', `${C}Admin\\ReportController@monthly`],
];

const TOKEN = 'test-token-1';

const title = 'Laravel 8 fixture on a real PHP';

describe.skipIf(!hasPhp)(hasPhp ? title : `${title} (skipped: ${noPhpReason})`, () => {
  let app: RunningLaravel;

  beforeAll(async () => {
    app = await startLaravel(APP);
  }, 60_000);

  afterAll(async () => {
    await app?.stop();
  });

  async function call(
    method: string,
    uri: string,
    options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<{ status: number; body: unknown; headers: Headers }> {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(`${app.url}${uri}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text === '' ? null : JSON.parse(text);
    } catch {
      // not JSON: keep the text, the assertion will show it
    }
    return { status: response.status, body, headers: response.headers };
  }

  it('lists every route the fixture declares, with the prefix, namespace and middleware', async () => {
    const routes = await listLaravelRoutes(APP);
    const api = routes.filter((route) => route.uri.startsWith('api/'));
    const key = (method: string, uri: string, action: string) => `${method} ${uri} ${action}`;
    expect(api.map((r) => key(r.method, r.uri, r.action)).sort()).toEqual(
      API_ROUTES.map(([method, uri, action]) => key(method, uri, action)).sort(),
    );

    const find = (method: string, uri: string): LaravelRoute =>
      api.find((r) => r.methods.includes(method) && r.uri === uri)!;
    expect(find('GET', 'api/users').middleware).toEqual(['api', 'auth:sanctum']);
    expect(find('GET', 'api/auth/token').middleware).toEqual(['api', 'auth.basic']);
    expect(find('POST', 'api/posts/{post}/comments').middleware).toEqual([
      'api',
      'auth:sanctum',
      'throttle:30,1',
      'verified',
    ]);
    expect(find('POST', 'api/products').middleware).toEqual(['api', 'auth:sanctum', 'can:admin']);
    expect(find('GET', 'api/admin/dashboard').middleware).toEqual([
      'api',
      'auth:sanctum',
      'can:admin',
    ]);
    expect(find('GET', 'api/orders/{id}').name).toBe('orders.show');
    expect(find('DELETE', 'api/posts/{post}/comments/{comment}').name).toBe(
      'posts.comments.destroy',
    );
  });

  it('answers GET /api/users with the paginated resource envelope', async () => {
    const { status, body } = await call('GET', '/api/users', { token: TOKEN });
    expect(status).toBe(200);
    const page = body as {
      data: Array<Record<string, unknown>>;
      links: Record<string, unknown>;
      meta: Record<string, unknown>;
    };
    expect(Object.keys(page)).toEqual(['data', 'links', 'meta']);
    expect(page.data).toHaveLength(3);
    expect(page.data[0]).toMatchObject({
      id: 1,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      is_admin: true,
      email_verified_at: '2024-03-01T09:00:00.000000Z',
      posts_count: 2,
      settings: { locale: 'en', newsletter: true },
    });
    expect(page.data[0]).not.toHaveProperty('posts');
    expect(page.links).toEqual({
      first: `${app.url}/api/users?page=1`,
      last: `${app.url}/api/users?page=1`,
      prev: null,
      next: null,
    });
    expect(page.meta).toEqual({
      current_page: 1,
      from: 1,
      last_page: 1,
      links: [
        { url: null, label: '&laquo; Previous', active: false },
        { url: `${app.url}/api/users?page=1`, label: '1', active: true },
        { url: null, label: 'Next &raquo;', active: false },
      ],
      path: `${app.url}/api/users`,
      per_page: 15,
      to: 3,
      total: 3,
    });
  });

  it("answers invalid input with 422 and Laravel's messages", async () => {
    const { status, body } = await call('POST', '/api/users', {
      token: TOKEN,
      body: { name: 'x'.repeat(256), email: 'not-an-email', password: 'short' },
    });
    expect(status).toBe(422);
    expect(body).toEqual({
      message: 'The given data was invalid.',
      errors: {
        name: ['The name must not be greater than 255 characters.'],
        email: ['The email must be a valid email address.'],
        password: [
          'The password must be at least 8 characters.',
          'The password confirmation does not match.',
        ],
      },
    });

    const nested = await call('POST', '/api/orders', {
      token: TOKEN,
      body: { items: [{ sku: 'NOPE', quantity: 0 }], address: { country: 'GBR' } },
    });
    expect(nested.status).toBe(422);
    expect(nested.body).toMatchObject({
      errors: {
        'items.0.sku': ['The selected items.0.sku is invalid.'],
        'items.0.quantity': ['The items.0.quantity must be at least 1.'],
        'address.city': ['The city field is required.'],
        'address.country': ['The country must be 2 characters.'],
      },
    });
  });

  it('answers 401 without a token, on auth:sanctum and on auth.basic routes', async () => {
    expect(await call('GET', '/api/users')).toMatchObject({
      status: 401,
      body: { message: 'Unauthenticated.' },
    });
    expect(await call('GET', '/api/users', { token: 'wrong-token' })).toMatchObject({
      status: 401,
      body: { message: 'Unauthenticated.' },
    });
    const basic = await call('GET', '/api/auth/token', {
      headers: {
        Authorization: `Basic ${Buffer.from('ada@example.com:wrong').toString('base64')}`,
      },
    });
    expect(basic.status).toBe(401);
    expect(basic.headers.get('www-authenticate')).toBe('Basic');
    expect(basic.body).toEqual({ message: 'Invalid credentials.' });
  });

  it('answers 404 for a missing model, bound or fetched with findOrFail', async () => {
    expect(await call('GET', '/api/users/999', { token: TOKEN })).toEqual(
      expect.objectContaining({
        status: 404,
        body: { message: 'No query results for model [App\\Models\\User] 999' },
      }),
    );
    expect(await call('GET', '/api/orders/3', { token: TOKEN })).toEqual(
      expect.objectContaining({
        status: 404,
        body: { message: 'No query results for model [App\\Models\\Order] 3' },
      }),
    );
    expect(await call('GET', '/api/pages/nope')).toEqual(
      expect.objectContaining({ status: 404, body: { message: '' } }),
    );
  });

  it('answers the other response shapes the generator must predict', async () => {
    const product = await call('GET', '/api/products/1');
    expect(product.status).toBe(200);
    expect(product.body).toMatchObject({ product: { sku: 'KEY-001', price: '89.90' } });

    const orders = await call('GET', '/api/orders', { token: TOKEN });
    expect(orders.status).toBe(200);
    expect(Object.keys(orders.body as object).sort()).toEqual(
      [
        'current_page',
        'data',
        'first_page_url',
        'from',
        'last_page',
        'last_page_url',
        'links',
        'next_page_url',
        'path',
        'per_page',
        'prev_page_url',
        'to',
        'total',
      ].sort(),
    );

    const search = await call('GET', '/api/search?q=pagination');
    expect(search.status).toBe(200);
    expect((search.body as { meta: object }).meta).toEqual({
      current_page: 1,
      from: 1,
      path: `${app.url}/api/search`,
      per_page: 10,
      to: 1,
    });

    const created = await call('POST', '/api/posts', {
      token: 'test-token-2',
      body: {
        title: 'Ground truth',
        body: 'Long enough to pass the min:20 rule.',
        status: 'draft',
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      data: { slug: 'ground-truth', is_featured: false, view_count: 0 },
      links: { self: expect.stringMatching(/\/api\/posts\/\d+$/) },
    });

    expect(
      await call('POST', '/api/posts/1/comments', { token: 'test-token-3', body: { body: 'Hi' } }),
    ).toMatchObject({ status: 403, body: { message: 'Your email address is not verified.' } });
    expect(await call('GET', '/api/admin/dashboard', { token: 'test-token-2' })).toMatchObject({
      status: 403,
      body: { message: 'This action is unauthorized.' },
    });
    expect(await call('DELETE', '/api/products/4', { token: TOKEN })).toMatchObject({
      status: 204,
      body: null,
    });
  });
});
