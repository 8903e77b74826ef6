import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAjv } from '../../src/core/ajv.js';
import { loadSpec } from '../../src/core/load.js';
import { toJsonSchema } from '../../src/core/schema.js';
import { FIXTURES } from '../e2e/helpers.js';
import { useMock } from './harness.js';

const SPEC = path.join(FIXTURES, 'resources.yaml');
const request = useMock(SPEC);
const { document } = await loadSpec(SPEC);
const ajv = createAjv();
const validates = (name: string, value: unknown) =>
  ajv.compile(
    toJsonSchema(document, { $ref: `#/components/schemas/${name}` }, 'response') as object,
  )(value);

describe('consistent resources', () => {
  it('an item is the same object in a list page, read by its path, and as a write answers it', async () => {
    const list = await request('GET', '/api/posts?page=1&per_page=5');
    const third = list.body.data.find((post: { id: number }) => post.id === 3);
    expect(list.body.data.map((post: { id: number }) => post.id)).toEqual([1, 2, 3, 4, 5]);
    const read = await request('GET', '/api/posts/3');
    expect(read.body.data).toEqual(third);
    const put = await request('PUT', '/api/posts/3', { body: { title: 'New' } });
    expect(put.body.data).toEqual(third);
    const page2 = await request('GET', '/api/posts?page=2&per_page=2');
    expect(page2.body.data[0]).toEqual(third);
  });

  it('a trailing slash gives the same answer', async () => {
    const [plain, slashed] = await Promise.all([
      request('GET', '/api/posts/7'),
      request('GET', '/api/posts/7/'),
    ]);
    expect(slashed.body).toEqual(plain.body);
    const list = await request('GET', '/api/posts/?page=2');
    expect(list.body.links.next).toMatch(/\/api\/posts\?page=3$/);
  });

  it('a create answers the item after the seeded ones, which reading it shows', async () => {
    const created = await request('POST', '/api/posts', { body: { title: 'Hello' } });
    expect(created.status).toBe(201);
    expect(created.body.data.id).toBe(51);
    expect((await request('GET', '/api/posts/51')).body).toEqual(created.body);
  });

  it('echoes the path parameter into the id whatever its name, and {page:slug} into slug', async () => {
    expect((await request('GET', '/api/posts/42')).body.data.id).toBe(42);
    const page = await request('GET', '/api/pages/about-us');
    expect(page.status).toBe(200);
    expect(page.body.data.slug).toBe('about-us');
  });

  it('keeps nested collections per parent', async () => {
    const one = await request('GET', '/api/posts/1/comments');
    const ids = one.body.data.map((c: { id: number }) => c.id);
    expect(ids).toEqual(ids.map((_: number, i: number) => i + 1));
    expect((await request('GET', '/api/posts/1/comments/2')).body.data).toEqual(one.body.data[1]);
    const two = await request('GET', '/api/posts/2/comments');
    expect(two.body.data[0]).not.toEqual(one.body.data[0]);
  });
});

describe('the pagination envelope, whatever the spec types from/to and prev/next as', () => {
  it.each([
    [
      'first page',
      '/api/posts',
      { current_page: 1, from: 1, to: 10, total: 50, last_page: 5 },
      1,
      2,
    ],
    ['last page', '/api/posts?page=5', { current_page: 5, from: 41, to: 50, last_page: 5 }, 4, 5],
    ['past the end', '/api/posts?page=9', { current_page: 9, from: 0, to: 0, total: 50 }, 8, 5],
    [
      'the empty scenario',
      '/api/posts?_scenario=empty',
      { current_page: 1, from: 0, to: 0, total: 0, last_page: 1 },
      1,
      1,
    ],
  ])('%s: arithmetic, real links, a valid body', async (_name, target, meta, prev, next) => {
    const answer = await request('GET', target);
    expect(answer.body.meta).toMatchObject(meta);
    // Not nullable here: the first and last page's URLs stand in for Laravel's nulls.
    expect(new URL(answer.body.links.prev).searchParams.get('page')).toBe(String(prev));
    expect(new URL(answer.body.links.next).searchParams.get('page')).toBe(String(next));
    expect(new URL(answer.body.links.first).origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(validates('PostPage', answer.body)).toBe(true);
  });
});

describe('validation_error always names a field', () => {
  it.each([
    ['the required body fields', 'POST', '/api/posts', { title: ['The title field is required.'] }],
    ['else the bound model', 'GET', '/api/posts/3', { post: ['The selected post is invalid.'] }],
    ['else the input as a whole', 'GET', '/api/status', { data: ['The data field is required.'] }],
  ])('%s', async (_name, method, target, errors) => {
    const answer = await request(method, `${target}?_scenario=validation_error`);
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ message: 'The given data was invalid.', errors });
  });
});

describe("Prism's preferences and the scenario header", () => {
  it.each([
    ['a named example', { prefer: 'example=degraded' }, '', 200, { status: 'degraded' }],
    ['its query form', {}, '?__example=degraded', 200, { status: 'degraded' }],
    ['a declared status', { prefer: 'code=503' }, '', 503, { status: 'down' }],
    ['its query form', {}, '?__code=503', 503, { status: 'down' }],
    [
      'an undeclared error status',
      { prefer: 'code=404' },
      '',
      404,
      { message: 'Resource not found.' },
    ],
    [
      'a status neither declared nor a scenario',
      { prefer: 'code=418' },
      '',
      400,
      { message: 'The operation declares no response with status 418. Declared: 200, 503.' },
    ],
    [
      'an example not declared',
      {},
      '?__example=nope',
      400,
      { message: "The response declares no example named 'nope'. Examples: ok, degraded." },
    ],
    ['X-Apidoc-Scenario', { 'x-apidoc-scenario': 'forbidden' }, '', 403, undefined],
  ])('%s', async (_name, headers, query, status, body) => {
    const answer = await request('GET', `/api/status${query}`, { headers });
    expect(answer.status).toBe(status);
    if (body) expect(answer.body).toEqual(body);
  });

  it('dynamic=true gives fresh data on every request', async () => {
    const headers = { prefer: 'dynamic=true' };
    const [a, b] = [
      await request('GET', '/api/posts/3', { headers }),
      await request('GET', '/api/posts/3', { headers }),
    ];
    expect(a.body.data.id).toBe(3);
    expect(a.body).not.toEqual(b.body);
    const [c, d] = [await request('GET', '/api/posts/3'), await request('GET', '/api/posts/3')];
    expect(c.body).toEqual(d.body);
  });
});

describe('406 when Accept excludes every type the operation answers', () => {
  it.each([
    ['/api/reports/1', undefined, 200],
    ['/api/reports/1', 'text/csv', 200],
    ['/api/reports/1', 'text/*', 200],
    ['/api/reports/1', 'application/json', 406],
    ['/api/reports/1', 'text/csv;q=0, */*', 406],
    ['/api/posts/1', 'application/json, text/plain, */*', 200],
    ['/api/posts/1', 'text/html', 406],
  ])('%s with Accept: %s', async (target, accept, status) => {
    const answer = await request('GET', target, { headers: accept ? { accept } : {} });
    expect(answer.status).toBe(status);
    if (status === 406)
      expect(answer.body.message).toMatch(/^Not Acceptable: the operation answers /);
  });
});
