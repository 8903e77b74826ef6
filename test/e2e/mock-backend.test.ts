import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasRedis, noRedisReason, startRedis, type RunningRedis } from '../support/redis-server.js';
import { FIXTURES, startMock, type RunningMock } from './helpers.js';

const SPEC = path.join(FIXTURES, 'resources.yaml');

interface Answer {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function call(
  url: string,
  method: string,
  target: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(url + target, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text ? JSON.parse(text) : undefined,
  };
}

/**
 * The create-read-list-update-delete walk. With `connection: close`, each request comes on a
 * connection of its own, which node:cluster hands to the workers in turn.
 */
async function crudWalk(url: string, headers: Record<string, string> = {}): Promise<void> {
  const send = (u: string, method: string, target: string, body?: unknown) =>
    call(u, method, target, body, headers);
  const created = await send(url, 'POST', '/api/posts', { title: 'Walk', published: false });
  expect(created.status).toBe(201);
  const id = created.body.data.id as number;
  expect(id).toBe(51);
  expect((await send(url, 'GET', `/api/posts/${id}`)).body).toEqual(created.body);
  const list = await send(url, 'GET', '/api/posts?page=6');
  expect(list.body.meta).toMatchObject({ total: 51, last_page: 6, current_page: 6 });
  expect(list.body.data).toEqual([created.body.data]);
  expect(new URL(list.body.links.prev).searchParams.get('page')).toBe('5');
  const patched = await send(url, 'PATCH', `/api/posts/${id}`, { published: true });
  expect(patched.body.data).toMatchObject({ id, title: 'Walk', published: true });
  const put = await send(url, 'PUT', `/api/posts/${id}`, { title: 'Walked' });
  expect(put.body.data).toMatchObject({ id, title: 'Walked', published: true });
  expect((await send(url, 'GET', `/api/posts/${id}`)).body.data.title).toBe('Walked');
  expect((await send(url, 'DELETE', `/api/posts/${id}`)).status).toBe(204);
  expect(await send(url, 'GET', `/api/posts/${id}`)).toMatchObject({
    status: 404,
    body: { message: `No query results for model [App\\Models\\Post] ${id}` },
  });
  expect((await send(url, 'GET', '/api/posts')).body.meta.total).toBe(50);
}

describe('apidoc mock --stateful (memory)', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock(['--spec', SPEC, '--quiet', '--stateful']);
  });
  afterAll(() => mock.stop());

  it('walks create, read, list, update, delete', async () => {
    await crudWalk(mock.url);
  });

  it('validates what it stores: a 422 stores nothing', async () => {
    const refused = await call(mock.url, 'POST', '/api/posts', { title: 5 });
    expect(refused.status).toBe(422);
    expect((await call(mock.url, 'GET', '/api/posts')).body.meta.total).toBe(50);
  });

  it('POST /__apidoc/reset brings back the seeded items', async () => {
    expect((await call(mock.url, 'DELETE', '/api/posts/1')).status).toBe(204);
    expect((await call(mock.url, 'GET', '/api/posts/1')).status).toBe(404);
    expect((await call(mock.url, 'POST', '/__apidoc/reset')).status).toBe(204);
    expect((await call(mock.url, 'GET', '/api/posts/1')).status).toBe(200);
  });
});

describe('what a created item shows of the fields its client did not send', () => {
  let mocks: RunningMock[];
  beforeAll(async () => {
    mocks = await Promise.all(
      ['7', '7', '8'].map((seed) =>
        startMock(['--spec', SPEC, '--quiet', '--stateful', '--seed', seed]),
      ),
    );
  });
  afterAll(() => Promise.all(mocks.map((mock) => mock.stop())));

  /** The item without its times, which are the clock's. */
  const untimed = (item: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(item).filter(([key]) => !key.endsWith('_at')));

  it('is the same in the answer, the read and the list; the seed decides it', async () => {
    const made: unknown[][] = [];
    for (const mock of mocks) {
      const items: Record<string, unknown>[] = [];
      for (let i = 0; i < 3; i++) {
        const created = await call(mock.url, 'POST', '/api/posts', { title: `T${i}` });
        const id = created.body.data.id as number;
        expect((await call(mock.url, 'GET', `/api/posts/${id}`)).body).toEqual(created.body);
        items.push(created.body.data);
      }
      expect((await call(mock.url, 'GET', '/api/posts?page=6')).body.data).toEqual(items);
      made.push(items.map(untimed));
    }
    expect(made[1]).toEqual(made[0]);
    expect(made[2]).not.toEqual(made[0]);
  });

  it('comes from a pool of 64 stand-ins: of 65 created items, two share them', async () => {
    const mock = mocks[0]!;
    const unsent = new Set<string>();
    for (let i = 0; i < 65; i++) {
      const { body } = await call(mock.url, 'POST', '/api/posts', { title: 'Same' });
      const { slug, body: text, published } = body.data;
      unsent.add(JSON.stringify({ slug, text, published }));
    }
    expect(unsent.size).toBeLessThan(65);
    expect(unsent.size).toBeGreaterThan(32);
  });
});

const redisTitle = 'apidoc mock --state redis:// with two --workers sharing it';
describe.skipIf(!hasRedis)(
  hasRedis ? redisTitle : `${redisTitle} (skipped: ${noRedisReason})`,
  () => {
    let redis: RunningRedis;
    let mock: RunningMock;
    beforeAll(async () => {
      redis = await startRedis();
      mock = await startMock(['--spec', SPEC, '--quiet', '--state', redis.url, '--workers', '2']);
    });
    afterAll(async () => {
      await mock?.stop();
      await redis?.stop();
    });

    it('walks create, read, list, update, delete over many connections, each worker seeing the others', async () => {
      expect(mock.stdout()).toContain('by 2 workers');
      await crudWalk(mock.url, { connection: 'close' });
    });

    it('a change through the control API reaches every worker, and a reset clears Redis for all', async () => {
      const put = await call(mock.url, 'PUT', '/__apidoc/scenario', {
        operation: 'GET /api/posts/{post}',
        scenario: 'not_found',
      });
      expect(put.body.operations).toEqual({ 'GET /api/posts/{post}': { scenario: 'not_found' } });
      const closing = { connection: 'close' };
      const statuses = [];
      for (let i = 0; i < 6; i++) {
        statuses.push((await call(mock.url, 'GET', '/api/posts/2', undefined, closing)).status);
      }
      expect(statuses).toEqual([404, 404, 404, 404, 404, 404]);
      await call(mock.url, 'POST', '/api/posts', { title: 'Kept' }, closing);
      expect((await call(mock.url, 'POST', '/__apidoc/reset', undefined, closing)).status).toBe(
        204,
      );
      for (let i = 0; i < 4; i++) {
        const read = await call(mock.url, 'GET', '/api/posts/2', undefined, closing);
        expect(read.status).toBe(200);
        const list = await call(mock.url, 'GET', '/api/posts', undefined, closing);
        expect(list.body.meta.total).toBe(50);
      }
    });
  },
);

describe('the control API with --workers 2', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock(['--spec', SPEC, '--quiet', '--workers', '2']);
  });
  afterAll(() => mock.stop());
  const closing = { connection: 'close' };

  it('GET /__apidoc/requests lists what every worker answered, whichever answers it', async () => {
    for (let i = 1; i <= 6; i++) await call(mock.url, 'GET', `/api/posts/${i}`, undefined, closing);
    for (let i = 0; i < 3; i++) {
      const { body } = await call(mock.url, 'GET', '/__apidoc/requests', undefined, closing);
      expect(body.data.map((r: { path: string }) => r.path)).toEqual(
        [6, 5, 4, 3, 2, 1].map((n) => `/api/posts/${n}`),
      );
    }
    expect((await call(mock.url, 'DELETE', '/__apidoc/requests', undefined, closing)).status).toBe(
      204,
    );
    for (let i = 0; i < 3; i++) {
      const { body } = await call(mock.url, 'GET', '/__apidoc/requests', undefined, closing);
      expect(body.data).toEqual([]);
    }
  });
});

describe('the control API under /__apidoc/', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock(['--spec', SPEC, '--quiet']);
  });
  afterAll(() => mock.stop());

  it('warns once at startup of envelope fields the spec does not let be null', () => {
    expect(mock.stderr().match(/may not be null/g)).toHaveLength(1);
    expect(mock.stderr()).toContain(
      "Warning: #/paths/~1api~1posts/get/responses/200/content/application~1json/schema: meta.from, meta.to, links.prev, links.next of GET /api/posts may not be null, where Laravel sends null (from/to on an empty page, prev/next at either end): the mock sends 0 for from/to and the first or last page's URL for prev/next instead",
    );
  });

  it('GET /__apidoc/health', async () => {
    expect(await call(mock.url, 'GET', '/__apidoc/health')).toMatchObject({
      status: 200,
      body: { status: 'ok', operations: 13, stateful: false, state: null },
    });
  });

  it('GET /__apidoc/requests lists recent requests newest first; DELETE clears it', async () => {
    expect((await call(mock.url, 'DELETE', '/__apidoc/requests')).status).toBe(204);
    await call(mock.url, 'POST', '/api/posts', { title: 7 });
    await call(mock.url, 'GET', '/api/posts/3?_scenario=forbidden');
    await call(mock.url, 'GET', '/api/nowhere');
    const { body } = await call(mock.url, 'GET', '/__apidoc/requests');
    expect(body.data).toMatchObject([
      { method: 'GET', path: '/api/nowhere', operation: null, status: 404 },
      {
        method: 'GET',
        path: '/api/posts/3',
        query: { _scenario: 'forbidden' },
        operation: 'GET /api/posts/{post}',
        scenario: 'forbidden',
        status: 403,
      },
      {
        method: 'POST',
        operation: 'POST /api/posts',
        status: 422,
        validationErrors: { title: ['The title must be a string.'] },
      },
    ]);
    expect(body.data).toHaveLength(3);
    expect(Date.parse(body.data[0].at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await call(mock.url, 'DELETE', '/__apidoc/requests')).status).toBe(204);
    expect((await call(mock.url, 'GET', '/__apidoc/requests')).body.data).toEqual([]);
  });

  it('PUT /__apidoc/scenario for one operation, then for all, and the delay; reset undoes it', async () => {
    const one = await call(mock.url, 'PUT', '/__apidoc/scenario', {
      operation: 'GET /api/posts/{post}',
      scenario: 'not_found',
    });
    expect(one.status).toBe(200);
    expect((await call(mock.url, 'GET', '/api/posts/1')).status).toBe(404);
    expect((await call(mock.url, 'GET', '/api/posts')).status).toBe(200);
    await call(mock.url, 'PUT', '/__apidoc/scenario', { scenario: 'error', delay: '0-5' });
    expect((await call(mock.url, 'GET', '/api/posts')).status).toBe(500);
    expect((await call(mock.url, 'GET', '/__apidoc/scenario')).body).toEqual({
      scenario: 'error',
      delay: { min: 0, max: 5 },
      failRate: 0,
      failMode: 'error',
      operations: { 'GET /api/posts/{post}': { scenario: 'not_found' } },
    });
    expect((await call(mock.url, 'POST', '/__apidoc/reset')).status).toBe(204);
    expect((await call(mock.url, 'GET', '/api/posts/1')).status).toBe(200);
    expect((await call(mock.url, 'GET', '/api/posts')).status).toBe(200);
  });

  it.each([
    [
      'an unknown scenario',
      { scenario: 'bogus' },
      { scenario: ['The selected scenario is invalid.'] },
    ],
    [
      'an unknown operation',
      { operation: 'GET /x', scenario: 'error' },
      { operation: ['The selected operation is invalid.'] },
    ],
    [
      'a bad delay',
      { delay: '800-100' },
      {
        delay: ['The delay must be a whole number of milliseconds, or a range such as "100-800".'],
      },
    ],
    [
      'a field of the chaos endpoint',
      { failRate: 0.5 },
      { failRate: ['The failRate field is not one of: operation, scenario, delay.'] },
    ],
  ])('PUT /__apidoc/scenario refuses %s with a 422', async (_name, body, errors) => {
    expect(await call(mock.url, 'PUT', '/__apidoc/scenario', body)).toMatchObject({
      status: 422,
      body: { message: 'The given data was invalid.', errors },
    });
  });

  it('is never routed to the document: 404 and 405 as Laravel words them, no CORS', async () => {
    expect((await call(mock.url, 'GET', '/__apidoc/nope')).body).toEqual({
      message: 'The route __apidoc/nope could not be found.',
    });
    const wrong = await call(mock.url, 'POST', '/__apidoc/health');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, HEAD');
    // Another origin's page may not drive the mock: no preflight approved, no CORS headers.
    const preflight = await call(mock.url, 'OPTIONS', '/__apidoc/scenario', undefined, {
      origin: 'http://localhost:5173',
      'access-control-request-method': 'PUT',
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const health = await call(mock.url, 'GET', '/__apidoc/health');
    expect(health.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe("Prism's conventions through the CLI", () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock(['--spec', SPEC, '--quiet', '--dynamic']);
  });
  afterAll(() => mock.stop());

  it('Prefer: code and example, X-Apidoc-Scenario, 406, and --dynamic', async () => {
    expect(
      await call(mock.url, 'GET', '/api/status', undefined, { prefer: 'code=503' }),
    ).toMatchObject({
      status: 503,
      body: { status: 'down' },
    });
    expect((await call(mock.url, 'GET', '/api/status?__example=degraded')).body).toEqual({
      status: 'degraded',
    });
    const header = await call(mock.url, 'GET', '/api/posts/1', undefined, {
      'x-apidoc-scenario': 'unauthorized',
    });
    expect(header.status).toBe(401);
    expect(
      (await call(mock.url, 'GET', '/api/reports/1', undefined, { accept: 'application/json' }))
        .status,
    ).toBe(406);
    const [a, b] = [
      await call(mock.url, 'GET', '/api/posts/1'),
      await call(mock.url, 'GET', '/api/posts/1'),
    ];
    expect(a.body.data.id).toBe(1);
    expect(a.body).not.toEqual(b.body);
  });
});

describe('chaos', () => {
  /** `count` requests, `parallel` at a time; how many got each status (0: the connection failed). */
  async function tally(url: string, count: number, parallel = 8): Promise<Map<number, number>> {
    const seen = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      while (next < count) {
        next++;
        const status = await fetch(`${url}/api/posts/1`).then(
          async (r) => (await r.arrayBuffer(), r.status),
          () => 0,
        );
        seen.set(status, (seen.get(status) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: parallel }, worker));
    return seen;
  }

  it('--fail-rate answers about that share with the error scenario; the control API changes it', async () => {
    const mock = await startMock(['--spec', SPEC, '--quiet', '--fail-rate', '0.3']);
    try {
      const seen = await tally(mock.url, 400);
      // 400 × 0.3 = 120 expected, standard deviation 9.2: these bounds are more than 5 of them.
      expect(seen.get(500)).toBeGreaterThanOrEqual(72);
      expect(seen.get(500)).toBeLessThanOrEqual(168);
      expect((seen.get(500) ?? 0) + (seen.get(200) ?? 0)).toBe(400);
      await call(mock.url, 'PUT', '/__apidoc/chaos', { failRate: 0 });
      expect((await tally(mock.url, 50)).get(200)).toBe(50);
      await call(mock.url, 'PUT', '/__apidoc/chaos', { failRate: 1 });
      expect((await tally(mock.url, 50)).get(500)).toBe(50);
    } finally {
      await mock.stop();
    }
  });

  it('--fail-mode reset resets the connection of that share instead', async () => {
    const mock = await startMock([
      '--spec',
      SPEC,
      '--quiet',
      '--fail-rate',
      '0.25',
      '--fail-mode',
      'reset',
      '--delay',
      '0-2',
    ]);
    try {
      const seen = await tally(mock.url, 400);
      // 100 expected, standard deviation 8.7.
      expect(seen.get(0)).toBeGreaterThanOrEqual(57);
      expect(seen.get(0)).toBeLessThanOrEqual(143);
      expect((seen.get(0) ?? 0) + (seen.get(200) ?? 0)).toBe(400);
      // The journal keeps the last 500 requests: every one of these, a reset as status 0.
      const journal = (await call(mock.url, 'GET', '/__apidoc/requests')).body.data;
      expect(journal.filter((r: { status: number }) => r.status === 0)).toHaveLength(seen.get(0)!);
    } finally {
      await mock.stop();
    }
  });
});
