import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpec } from '../../src/core/load.js';
import { createMockServer, type MockServer } from '../../src/mock/server.js';
import { FIXTURES } from '../e2e/helpers.js';

const SPEC = path.join(FIXTURES, 'resources.yaml');
const { document } = await loadSpec(SPEC);

describe('the library: stateful mock, journal, runtime settings', () => {
  let mock: MockServer;
  let url: string;
  beforeAll(async () => {
    mock = createMockServer(document, { stateful: true });
    url = (await mock.listen(0)).url;
  });
  afterAll(() => mock.close());
  const call = async (method: string, target: string, body?: unknown) => {
    const response = await fetch(url + target, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
  };

  it('creates, reads, lists, updates in part and in whole, and deletes', async () => {
    const seeded = await call('GET', '/api/posts/51');
    expect(seeded.status).toBe(404);
    const created = await call('POST', '/api/posts', { title: 'Hello', published: true });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ id: 51, title: 'Hello', published: true });
    expect(Date.parse(created.body.data.created_at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await call('GET', '/api/posts/51')).body).toEqual(created.body);
    const last = await call('GET', '/api/posts?page=6');
    expect(last.body.meta).toMatchObject({ total: 51, last_page: 6, from: 51, to: 51 });
    expect(last.body.data).toEqual([created.body.data]);
    const patched = await call('PATCH', '/api/posts/51', { body: 'Text' });
    expect(patched.body.data).toMatchObject({ title: 'Hello', body: 'Text', published: true });
    const put = await call('PUT', '/api/posts/51', { title: 'Bye' });
    expect(put.body.data).toMatchObject({ id: 51, title: 'Bye', body: 'Text' });
    expect((await call('DELETE', '/api/posts/51')).status).toBe(204);
    expect(await call('GET', '/api/posts/51')).toEqual({
      status: 404,
      body: { message: 'No query results for model [App\\Models\\Post] 51' },
    });
    expect((await call('PATCH', '/api/posts/51', { title: 'x' })).status).toBe(404);
  });

  it('starts from the seeded items the stateless mock shows, and deletes seeded ones too', async () => {
    const stateless = createMockServer(document);
    const plain = (await stateless.listen(0)).url;
    const seeded = await (await fetch(`${plain}/api/posts/3`)).json();
    await stateless.close();
    expect((await call('GET', '/api/posts/3')).body).toEqual(seeded);
    expect((await call('DELETE', '/api/posts/3')).status).toBe(204);
    const page = await call('GET', '/api/posts?per_page=4');
    expect(page.body.data.map((p: { id: number }) => p.id)).toEqual([1, 2, 4, 5]);
    expect(page.body.meta.total).toBeLessThan(50);
  });

  it('a read answered again from what it kept shows each write at once', async () => {
    const first = await call('GET', '/api/posts/7');
    expect(await call('GET', '/api/posts/7')).toEqual(first);
    const patched = await call('PATCH', '/api/posts/7', { title: 'Changed' });
    expect(patched.body.data.title).toBe('Changed');
    expect((await call('GET', '/api/posts/7')).body).toEqual(patched.body);
    await call('PATCH', '/api/posts/7', { title: 'Again' });
    expect((await call('GET', '/api/posts/7')).body.data.title).toBe('Again');
    expect((await call('DELETE', '/api/posts/7')).status).toBe(204);
    expect((await call('GET', '/api/posts/7')).status).toBe(404);
    await mock.reset();
    expect(await call('GET', '/api/posts/7')).toEqual(first);
  });

  it('keeps nested collections per parent', async () => {
    const before = (await call('GET', '/api/posts/2/comments')).body.data.length;
    const created = await call('POST', '/api/posts/1/comments', { body: 'First!' });
    expect(created.body.data.body).toBe('First!');
    const comments = (await call('GET', '/api/posts/1/comments')).body.data;
    expect(comments.at(-1)).toEqual(created.body.data);
    expect((await call('GET', '/api/posts/2/comments')).body.data).toHaveLength(before);
    expect((await call('GET', `/api/posts/2/comments/${created.body.data.id}`)).status).toBe(404);
  });

  it('requests() lists the journal newest first, with validation errors', async () => {
    await call('POST', '/api/posts', {});
    await call('GET', '/api/posts?page=2&tag=a&tag=b');
    const [list, refused] = mock.requests();
    expect(list).toMatchObject({
      method: 'GET',
      path: '/api/posts',
      query: { page: '2', tag: ['a', 'b'] },
      operation: 'GET /api/posts',
      scenario: 'success',
      status: 200,
      validationErrors: null,
    });
    expect(list!.durationMs).toBeGreaterThanOrEqual(0);
    expect(refused).toMatchObject({
      operation: 'POST /api/posts',
      status: 422,
      validationErrors: { title: ['The title field is required.'] },
    });
  });

  it('setScenario() for one operation, then for all; reset() undoes it, and the state', async () => {
    mock.setScenario({ operation: 'GET /api/posts/{post}', scenario: 'not_found' });
    expect((await call('GET', '/api/posts/1')).status).toBe(404);
    expect((await call('GET', '/api/posts')).status).toBe(200);
    mock.setScenario({ scenario: 'forbidden' });
    expect((await call('GET', '/api/posts')).status).toBe(403);
    expect(() => mock.setScenario({ operation: 'GET /nope', scenario: 'error' })).toThrow(
      'The selected operation is invalid.',
    );
    await mock.reset();
    expect((await call('GET', '/api/posts/1')).status).toBe(200);
    expect((await call('GET', '/api/posts/3')).status).toBe(200);
    expect((await call('GET', '/api/posts')).body.meta.total).toBe(50);
    expect(mock.requests().map((r) => r.path)).toEqual([
      '/api/posts',
      '/api/posts/3',
      '/api/posts/1',
    ]);
  });
});
