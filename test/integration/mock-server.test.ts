import { describe, expect, it } from 'vitest';
import { createAjv } from '../../src/core/ajv.js';
import { loadSpec } from '../../src/core/load.js';
import { toJsonSchema } from '../../src/core/schema.js';
import { createMockServer } from '../../src/mock/server.js';
import { EXAMPLE_SPEC } from '../e2e/helpers.js';
import { TOKEN, useMock } from './harness.js';

const request = useMock(EXAMPLE_SPEC);
const { document } = await loadSpec(EXAMPLE_SPEC);
const ajv = createAjv();
const validates = (schemaName: string, value: unknown) =>
  ajv.compile(
    toJsonSchema(document, { $ref: `#/components/schemas/${schemaName}` }, 'response') as object,
  )(value);

const validBook = { title: 'Dune', author_id: 3, genre: 'fiction', price: 9.5, tags: ['classic'] };

describe('responses', () => {
  it('generates a body valid against the schema, echoing the id of the URL', async () => {
    const answer = await request('GET', '/api/books/7', { headers: TOKEN });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(answer.body.data.id).toBe(7);
    expect(validates('BookResource', answer.body)).toBe(true);
    expect(Object.keys(answer.body.data)).toEqual(
      expect.arrayContaining(['isbn', 'price', 'tags', 'cover_url']),
    );
  });

  it('is deterministic: the same request gives the same body', async () => {
    const [a, b] = await Promise.all([
      request('GET', '/api/books/3', { headers: TOKEN }),
      request('GET', '/api/books/3', { headers: TOKEN }),
    ]);
    expect(a.body).toEqual(b.body);
  });

  it('changes with --seed', async () => {
    const mock = createMockServer(document, { seed: 'other' });
    const { url } = await mock.listen(0);
    const other = await (await fetch(`${url}/api/books/3`, { headers: TOKEN })).json();
    await mock.close();
    const mine = await request('GET', '/api/books/3', { headers: TOKEN });
    expect(other).not.toEqual(mine.body);
  });

  it('serves the declared example', async () => {
    expect((await request('GET', '/api/health')).body).toEqual({ status: 'ok' });
  });

  it.each([
    ['POST that declares 201', 'POST', '/api/books', 201],
    ['DELETE that declares 204, with no body', 'DELETE', '/api/books/1', 204],
    ['PUT', 'PUT', '/api/books/1', 200],
  ])('status: %s', async (_name, method, path, status) => {
    const answer = await request(method, path, {
      headers: TOKEN,
      body: method === 'DELETE' ? undefined : validBook,
    });
    expect(answer.status).toBe(status);
    if (status === 204) expect(answer.text).toBe('');
  });

  it('answers HEAD like GET, without a body', async () => {
    const answer = await request('HEAD', '/api/books/2', { headers: TOKEN });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('');
    const get = await request('GET', '/api/books/2', { headers: TOKEN });
    expect(answer.headers.get('content-length')).toBe(String(Buffer.byteLength(get.text)));
  });
});

describe('scenarios', () => {
  it.each([
    ['success', 200, undefined],
    ['error', 500, { message: 'Server Error' }],
    ['unauthorized', 401, { message: 'Unauthenticated.' }],
    ['forbidden', 403, { message: 'This action is unauthorized.' }],
    ['not_found', 404, { message: 'No query results for model [App\\Models\\Book] 999' }],
    ['validation_error', 422, undefined],
  ])('%s', async (scenario, status, body) => {
    const answer = await request('GET', `/api/books/1?_scenario=${scenario}`, { headers: TOKEN });
    expect(answer.status).toBe(status);
    if (body) expect(answer.body).toEqual(body);
  });

  it('validation_error lists the required fields of the body', async () => {
    const answer = await request('POST', '/api/books?_scenario=validation_error');
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({
      title: ['The title field is required.'],
      author_id: ['The author id field is required.'],
      genre: ['The genre field is required.'],
    });
  });

  it("error uses the operation's declared 5xx", async () => {
    const answer = await request('GET', '/api/health?_scenario=error');
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({ status: 'down' });
  });

  it('empty: arrays empty, pagination at zero', async () => {
    const answer = await request('GET', '/api/books?_scenario=empty', { headers: TOKEN });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([]);
    expect(answer.body.meta).toMatchObject({
      total: 0,
      from: null,
      to: null,
      last_page: 1,
      current_page: 1,
    });
  });

  it('forced errors win over auth and validation', async () => {
    const answer = await request('POST', '/api/books?_scenario=forbidden', {
      headers: { authorization: 'Bearer wrong' },
      raw: '{bad json',
    });
    expect(answer.status).toBe(403);
  });

  it('refuses an unknown scenario', async () => {
    const answer = await request('GET', '/api/health?_scenario=bogus');
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(
      "Unknown scenario 'bogus'. Valid scenarios: success, error, empty, unauthorized, forbidden, not_found, validation_error.",
    );
  });
});

describe('authentication', () => {
  const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
  const basic = `Basic ${Buffer.from('ann:secret').toString('base64')}`;
  it.each([
    ['no token on a secured endpoint', '/api/books/1', {}, 401],
    ['a mock token', '/api/books/1', TOKEN, 200],
    ['a token off the pattern', '/api/books/1', { authorization: 'Bearer abc' }, 401],
    ['an invalid token on an open endpoint', '/api/health', { authorization: 'Bearer abc' }, 401],
    ['an invalid X-API-Key on an open endpoint', '/api/health', { 'x-api-key': 'abc' }, 401],
    [
      'X-API-Key for an apiKey scheme',
      '/api/authors/1',
      { 'x-api-key': 'mock-api-key-partner' },
      200,
    ],
    ["the scheme's own header", '/api/authors/1', { 'x-partner-key': 'mock-api-key-partner' }, 200],
    ['a bearer token where an API key is needed', '/api/authors/1', TOKEN, 401],
    [
      'Basic with any user and password',
      '/api/reports/sales?from=2026-01-01',
      { authorization: basic },
      200,
    ],
    ['a JWT for OAuth2', '/api/integrations', { authorization: `Bearer ${JWT}` }, 200],
    ['a JWT for a plain bearer scheme', '/api/books/1', { authorization: `Bearer ${JWT}` }, 401],
  ])('%s', async (_name, path, headers, status) => {
    const answer = await request('GET', path, { headers });
    expect(answer.status).toBe(status);
    if (status === 401) {
      expect(answer.body).toEqual({ message: 'Unauthenticated.' });
      expect(answer.headers.get('www-authenticate')).toMatch(/^(Bearer|Basic|ApiKey) /);
    }
  });

  it('accepts api_key in the query', async () => {
    expect((await request('GET', '/api/authors/1?api_key=mock-api-key-1')).status).toBe(200);
  });
});

describe('validation', () => {
  it.each([
    [
      'missing required fields',
      {},
      {
        title: ['The title field is required.'],
        author_id: ['The author id field is required.'],
        genre: ['The genre field is required.'],
      },
    ],
    [
      'a string where an integer is expected',
      { ...validBook, author_id: 'three' },
      { author_id: ['The author id must be an integer.'] },
    ],
    [
      'an unknown enum value',
      { ...validBook, genre: 'cooking' },
      { genre: ['The selected genre is invalid.'] },
    ],
    [
      'too long',
      { ...validBook, title: 'x'.repeat(256) },
      { title: ['The title must not be greater than 255 characters.'] },
    ],
    [
      'a bad email',
      { ...validBook, contact_email: 'nope' },
      { contact_email: ['The contact email must be a valid email address.'] },
    ],
    [
      'a nested array item',
      { ...validBook, tags: ['ok', 5] },
      { 'tags.1': ['The tags.1 must be a string.'] },
    ],
  ])('%s', async (_name, body, errors) => {
    const answer = await request('POST', '/api/books', { headers: TOKEN, body });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ message: 'The given data was invalid.', errors });
  });

  it('coerces and checks query parameters', async () => {
    expect(
      (await request('GET', '/api/books?per_page=abc', { headers: TOKEN })).body.errors,
    ).toEqual({
      per_page: ['The per page must be an integer.'],
    });
    expect(
      (await request('GET', '/api/books?genre=cooking', { headers: TOKEN })).body.errors,
    ).toEqual({
      genre: ['The selected genre is invalid.'],
    });
    expect((await request('GET', '/api/books/0', { headers: TOKEN })).body.errors).toEqual({
      id: ['The id must be at least 1.'],
    });
  });

  it('checks required query parameters', async () => {
    const basic = `Basic ${Buffer.from('a:b').toString('base64')}`;
    const answer = await request('GET', '/api/reports/sales', {
      headers: { authorization: basic },
    });
    expect(answer.body.errors).toEqual({ from: ['The from field is required.'] });
  });

  it('accepts a form-urlencoded body where JSON is declared', async () => {
    const answer = await request('POST', '/api/login', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      raw: 'email=ann%40example.com&password=long-enough',
    });
    expect([200, 415]).toContain(answer.status);
  });

  it.each([
    [
      'malformed JSON',
      { 'content-type': 'application/json' },
      '{"title":',
      400,
      /^Malformed JSON body: /,
    ],
    [
      'an undeclared content type',
      { 'content-type': 'text/csv' },
      'a,b',
      415,
      /^Unsupported content type 'text\/csv'/,
    ],
  ])('answers %s with a JSON error', async (_name, headers, raw, status, message) => {
    const answer = await request('POST', '/api/books', { headers: { ...TOKEN, ...headers }, raw });
    expect(answer.status).toBe(status);
    expect(answer.body.message).toMatch(message);
  });

  it('refuses a body over 10 MiB with 413 and keeps serving', async () => {
    const answer = await request('POST', '/api/books', {
      headers: TOKEN,
      raw: `{"title":"${'x'.repeat(10 * 1024 * 1024)}"}`,
    }).catch(() => undefined);
    if (answer) expect(answer.status).toBe(413);
    expect((await request('GET', '/api/health')).status).toBe(200);
  });
});

describe('pagination', () => {
  it.each([
    [
      'defaults',
      '',
      { current_page: 1, per_page: 15, from: 1, to: 15, total: 50, last_page: 4 },
      15,
    ],
    [
      'page 2 of 10',
      '?page=2&per_page=10',
      { current_page: 2, per_page: 10, from: 11, to: 20, last_page: 5 },
      10,
    ],
    ['the last, partial page', '?page=4', { current_page: 4, from: 46, to: 50 }, 5],
    ['past the end', '?page=9', { current_page: 9, from: null, to: null }, 0],
  ])('%s', async (_name, query, meta, count) => {
    const answer = await request('GET', `/api/books${query}`, { headers: TOKEN });
    expect(answer.status).toBe(200);
    expect(answer.body.meta).toMatchObject(meta);
    expect(answer.body.data).toHaveLength(count);
  });

  it('builds absolute links from the request', async () => {
    const answer = await request('GET', '/api/books?genre=poetry&page=2&per_page=10', {
      headers: TOKEN,
    });
    const { links } = answer.body;
    const origin = new URL(links.first).origin;
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(links).toEqual({
      first: `${origin}/api/books?genre=poetry&page=1&per_page=10`,
      last: `${origin}/api/books?genre=poetry&page=5&per_page=10`,
      prev: `${origin}/api/books?genre=poetry&page=1&per_page=10`,
      next: `${origin}/api/books?genre=poetry&page=3&per_page=10`,
    });
    expect(answer.body.data.map((b: { id: number }) => b.id)).toEqual([
      11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
    ]);
    expect(validates('BookCollection', answer.body)).toBe(true);
  });

  it('refuses a page that is not a positive integer when declared as an integer', async () => {
    const answer = await request('GET', '/api/books?page=0', { headers: TOKEN });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)).toEqual(['page']);
  });

  it('caps per_page at 100 where the spec sets no maximum', async () => {
    const answer = await request('GET', '/api/authors?per_page=500', {
      headers: { 'x-api-key': 'mock-api-key-1' },
    });
    expect(answer.body).toMatchObject({ per_page: 100, from: 1, to: 50, last_page: 1 });
    expect(answer.body.data).toHaveLength(50);
  });

  it("fills Laravel's flat paginator", async () => {
    const answer = await request('GET', '/api/authors?page=2', {
      headers: { 'x-api-key': 'mock-api-key-1' },
    });
    expect(answer.body).toMatchObject({
      current_page: 2,
      from: 16,
      to: 30,
      total: 50,
      last_page: 4,
      per_page: 15,
    });
    expect(new URL(answer.body.prev_page_url).searchParams.get('page')).toBe('1');
    expect(new URL(answer.body.next_page_url).searchParams.get('page')).toBe('3');
    expect(answer.body.data).toHaveLength(15);
    expect(validates('AuthorPage', answer.body)).toBe(true);
  });
});

describe('routing and CORS', () => {
  it('404 for an unknown route, as Laravel words it', async () => {
    const answer = await request('GET', '/api/nothing/here');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: 'The route api/nothing/here could not be found.' });
  });

  it('405 with Allow for a known path and another method', async () => {
    const answer = await request('PATCH', '/api/books');
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('GET, HEAD, POST');
    expect(answer.body).toEqual({
      message:
        'The PATCH method is not supported for route api/books. Supported methods: GET, HEAD, POST.',
    });
  });

  it('ignores trailing slashes', async () => {
    expect((await request('GET', '/api/health/')).status).toBe(200);
  });

  it('answers a malformed URL with a JSON 400 and keeps serving', async () => {
    const answer = await request('GET', '/api/books/%E0%A4%A');
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBeTypeOf('string');
    expect((await request('GET', '/api/health')).status).toBe(200);
  });

  it('adds CORS headers to every response', async () => {
    const withOrigin = await request('GET', '/api/books/1', {
      headers: { origin: 'http://localhost:5173' },
    });
    expect(withOrigin.status).toBe(401);
    expect(withOrigin.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(withOrigin.headers.get('access-control-allow-credentials')).toBe('true');
    expect(withOrigin.headers.get('vary')).toBe('Origin');
    expect(withOrigin.headers.get('access-control-expose-headers')).toBe('www-authenticate');
    const without = await request('GET', '/api/health');
    expect(without.headers.get('access-control-allow-origin')).toBe('*');
    expect(without.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it.each([
    ['a plain JSON 200: nothing a browser hides', 'GET', '/api/health', {}, null],
    ['a 401: its WWW-Authenticate', 'GET', '/api/books/1', {}, 'www-authenticate'],
    ['a 405: its Allow', 'PATCH', '/api/books', {}, 'allow'],
  ])(
    'exposes the headers a script could not otherwise read, and only those: %s',
    async (_name, method, path, headers, exposed) => {
      const answer = await request(method, path, {
        headers: { ...headers, origin: 'http://localhost:5173' },
      });
      // Content-Type and Content-Length are CORS-safelisted: readable without being exposed.
      // @see https://fetch.spec.whatwg.org/#cors-safelisted-response-header-name
      expect(answer.headers.get('content-type')).toBe('application/json');
      expect(answer.headers.get('access-control-expose-headers')).toBe(exposed);
    },
  );

  it.each([
    ['a known path', '/api/books/1', 'GET, HEAD, PUT, DELETE, OPTIONS'],
    ['an unknown path', '/api/unknown', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS'],
  ])('answers a preflight for %s', async (_name, path, methods) => {
    const answer = await request('OPTIONS', path, {
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-methods')).toBe(methods);
    expect(answer.headers.get('access-control-allow-headers')).toBe('authorization,content-type');
    expect(answer.headers.get('access-control-max-age')).toBe('86400');
    expect(answer.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });
});

describe('delay', () => {
  it('delays every response, errors included, while serving others', async () => {
    const mock = createMockServer(document, { delay: 300 });
    const { url } = await mock.listen(0);
    const started = performance.now();
    const answers = await Promise.all([
      fetch(`${url}/api/health`),
      fetch(`${url}/api/nothing`),
      fetch(`${url}/api/books/1`),
    ]);
    const elapsed = performance.now() - started;
    await mock.close();
    expect(answers.map((a) => a.status)).toEqual([200, 404, 401]);
    expect(elapsed).toBeGreaterThanOrEqual(295);
  });
});
