/**
 * The mock on a generated document answers as the app's Laravel would, without PHP: a login
 * whose token the same mock accepts, route-model binding's 404s, the rules' 422s worded with
 * the app's messages; and a hand-written document (no `x-laravel*`) keeps JSON Schema's answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../src/core/types.js';
import { generateOpenApi } from '../../src/laravel/generate.js';
import { createMockServer, type MockServer } from '../../src/mock/server.js';
import { LARAVEL_8 } from './generate-support.js';

const JSON_HEADERS = { accept: 'application/json', 'content-type': 'application/json' };

describe('the mock with the x-laravel extensions of the Laravel 8 fixture', () => {
  let mock: MockServer;
  let url: string;
  let document: OpenApiDocument;
  beforeAll(async () => {
    document = (await generateOpenApi(LARAVEL_8, { cache: false })).document;
    mock = createMockServer(document);
    ({ url } = await mock.listen(0, '127.0.0.1'));
  });
  afterAll(() => mock.close());

  it('login → me: the token the mock hands out is one it accepts', async () => {
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ email: 'ada@example.com', password: 'password' }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    expect(token).toMatch(/^mock-token-/);
    const me = await fetch(`${url}/api/auth/me`, {
      headers: { accept: 'application/json', authorization: `Bearer ${token}` },
    });
    expect(me.status).toBe(200);
  });

  it.each([
    ['/api/products/abc', 'No query results for model [App\\Models\\Product] abc'],
    ['/api/categories/engineering', undefined],
  ])('GET %s: route-model binding', async (path, message) => {
    const response = await fetch(url + path, { headers: { accept: 'application/json' } });
    if (message === undefined) expect(response.status).toBe(200);
    else expect(await response.json()).toEqual({ message });
  });

  it("a route constraint that fails is Laravel 8's empty 404", async () => {
    const response = await fetch(`${url}/api/users/abc`, {
      headers: { accept: 'application/json', authorization: 'Bearer mock-token-1' },
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: '' });
  });

  it('cross-field rules, custom messages and attributes', async () => {
    const response = await fetch(`${url}/api/rules/bookings`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({
        type: 'company',
        email: 'ada@example.com',
        start_date: '2030-07-01 19:00:00',
        end_date: '2030-06-01',
        guests: '9',
        tags: ['a', 'a'],
        password: 'secret-pass',
        password_confirmation: 'secret-pass',
      }),
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      message: 'The given data was invalid.',
      errors: {
        company_name: ['The company name field is required when type is company.'],
        end_date: ['The end date must be a date after arrival date.'],
        guests: ['Bookings take 1 to 8 guests.'],
        'tags.0': ['Each tag only once.'],
        'tags.1': ['Each tag only once.'],
        accept_terms: ['Please accept the terms of booking.'],
      },
    });
  });
});

describe('the mock on the same document without extensions', () => {
  let mock: MockServer;
  let url: string;
  beforeAll(async () => {
    const document = (await generateOpenApi(LARAVEL_8, { cache: false })).document;
    const plain = JSON.parse(JSON.stringify(document), (key, value: unknown) =>
      key.startsWith('x-laravel') ? undefined : value,
    ) as OpenApiDocument;
    mock = createMockServer(plain);
    ({ url } = await mock.listen(0, '127.0.0.1'));
  });
  afterAll(() => mock.close());

  it('validates with JSON Schema, as before', async () => {
    const response = await fetch(`${url}/api/products/abc`, {
      headers: { accept: 'application/json' },
    });
    expect(response.status).toBe(422);
  });
});
