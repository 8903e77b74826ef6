/**
 * The mock's newer features held to the core's standard, through the built CLI over real HTTP:
 * own properties only, bounded memory, a control API no other origin may use, and the rest.
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, runCli, startMock, type RunningMock } from './helpers.js';
import { startTinyBackend, type TinyBackend } from '../support/tiny-backend.js';
import { hasRedis, noRedisReason, startRedis, type RunningRedis } from '../support/redis-server.js';

const OWN = path.join(FIXTURES, 'own-properties.yaml');
const JSON_TYPE = { 'content-type': 'application/json' };

describe('properties named constructor, toString, valueOf', () => {
  let mock: RunningMock;
  let backend: TinyBackend;
  let proxy: RunningMock;
  beforeAll(async () => {
    backend = await startTinyBackend((_req, res) => {
      res.writeHead(200, JSON_TYPE).end('{"name":"Alonso"}');
    });
    [mock, proxy] = await Promise.all([
      startMock(['--spec', OWN, '--quiet']),
      startMock(['--spec', OWN, '--quiet', '--proxy', backend.url, '--proxy-strict']),
    ]);
  });
  afterAll(async () => {
    await Promise.all([mock?.stop(), proxy?.stop()]);
    await backend?.stop();
  });

  it('are optional when the body leaves them out, and checked when it has them', async () => {
    const post = (body: unknown) =>
      fetch(`${mock.url}/api/drivers`, {
        method: 'POST',
        headers: JSON_TYPE,
        body: JSON.stringify(body),
      });
    expect((await post({ name: 'Alonso' })).status).toBe(201);
    const bad = await post({ name: 'Alonso', constructor: 7, valueOf: 'x' });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({
      message: 'The given data was invalid.',
      errors: {
        constructor: ['The constructor must be a string.'],
        valueOf: ['The valueOf must be an integer.'],
      },
    });
  });

  it('a backend answer without them passes the proxy unchanged', async () => {
    const res = await fetch(`${proxy.url}/api/drivers/1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('apidoc-violations')).toBeNull();
    expect(await res.json()).toEqual({ name: 'Alonso' });
  });

  it('verify passes a backend answer without them', async () => {
    const run = await runCli([
      'verify',
      '--url',
      backend.url,
      '--spec',
      OWN,
      '--operation',
      'GET /api/drivers/{id}',
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });
});

/** The resident memory of a process, in MiB (Linux). */
function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

describe.runIf(process.platform === 'linux')('the journal holds no reply bodies', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock(['--spec', path.join(FIXTURES, 'big-items.yaml'), '--quiet']);
  });
  afterAll(() => mock?.stop());

  it('60 distinct 1 MB answers leave the memory where the reply cache bounds it', async () => {
    const read = (id: number) => fetch(`${mock.url}/api/blobs/${id}`).then((r) => r.arrayBuffer());
    for (let id = 1; id <= 10; id++) await read(id);
    const warm = rssMiB(mock.child.pid!);
    for (let id = 11; id <= 70; id += 2) await Promise.all([read(id), read(id + 1)]);
    // The journal kept each body (60 MB); the reply cache holds at most 16 MiB of them, and
    // what the collector has not yet given back varies with the machine's load.
    expect(rssMiB(mock.child.pid!) - warm).toBeLessThan(44);
    const journal = (await (await fetch(`${mock.url}/__apidoc/requests`)).json()) as {
      data: unknown[];
    };
    expect(journal.data).toHaveLength(70);
  }, 90_000);
});

describe('the control API', () => {
  let open: RunningMock;
  let guarded: RunningMock;
  const TOKEN = 'a-token-of-32-characters-or-so-x';
  beforeAll(async () => {
    [open, guarded] = await Promise.all([
      startMock(['--spec', OWN]),
      startMock(['--spec', OWN, '--quiet', '--control-token', TOKEN]),
    ]);
  });
  afterAll(() => Promise.all([open?.stop(), guarded?.stop()]));

  it('refuses another origin, preflight or not, and sends no CORS headers', async () => {
    const evil = { origin: 'https://evil.example' };
    const reset = await fetch(`${open.url}/__apidoc/reset`, { method: 'POST', headers: evil });
    expect(reset.status).toBe(403);
    expect(reset.headers.get('access-control-allow-origin')).toBeNull();
    expect(reset.headers.get('access-control-allow-credentials')).toBeNull();
    const preflight = await fetch(`${open.url}/__apidoc/reset`, {
      method: 'OPTIONS',
      headers: { ...evil, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const read = await fetch(`${open.url}/__apidoc/requests`, { headers: evil });
    expect(read.status).toBe(403);
    expect(await read.json()).toEqual({
      message: 'The control API does not answer requests from other origins.',
    });
    // The API itself still answers every origin.
    const api = await fetch(`${open.url}/api/drivers/1`, { headers: evil });
    expect(api.headers.get('access-control-allow-origin')).toBe('https://evil.example');
    // Its own origin, and a client that sends none (curl), are answered.
    const same = await fetch(`${open.url}/__apidoc/health`, { headers: { origin: open.url } });
    expect(same.status).toBe(200);
    expect((await fetch(`${open.url}/__apidoc/reset`, { method: 'POST' })).status).toBe(204);
  });

  it('on loopback, refuses a Host that names another machine (DNS rebinding), API aside', async () => {
    const { port } = new URL(open.url);
    const send = (method: string, target: string, host: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', port, method, path: target, headers: { host } },
          (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
        req.end();
      });
    for (const host of ['evil.example', `evil.example:${port}`, `localhost.evil.example:${port}`]) {
      const reset = await send('POST', '/__apidoc/reset', host);
      expect(reset.status).toBe(403);
      expect(JSON.parse(reset.body)).toEqual({
        message:
          'On a loopback address the control API answers only the Host localhost or a loopback IP: a page on another name that resolves here must not drive the mock.',
      });
      expect((await send('GET', '/__apidoc/requests', host)).status).toBe(403);
      // The API itself answers whatever the Host.
      expect((await send('GET', '/api/drivers/1', host)).status).toBe(200);
    }
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, 'app.localhost', '127.0.0.2']) {
      expect((await send('GET', '/__apidoc/health', host)).status).toBe(200);
    }
  });

  it('keeps no secret of a query in the journal or the log', async () => {
    await fetch(
      `${open.url}/api/drivers/1?api_key=sk-live-1&access_token=at-2&token=t3&password=p4&page=2`,
    );
    const journal = (await (await fetch(`${open.url}/__apidoc/requests`)).json()) as {
      data: { query: Record<string, string> }[];
    };
    expect(journal.data[0]!.query).toEqual({
      api_key: '[redacted]',
      access_token: '[redacted]',
      token: '[redacted]',
      password: '[redacted]',
      page: '2',
    });
    for (let i = 0; i < 50 && !open.stderr().includes('page=2'); i++) await sleep(20);
    expect(open.stderr()).toContain('api_key=[redacted]&access_token=[redacted]');
    expect(open.stderr()).not.toMatch(/sk-live-1|at-2|=t3|p4/);
  });

  it('asks for --control-token, as a Bearer token or X-Apidoc-Token', async () => {
    const none = await fetch(`${guarded.url}/__apidoc/reset`, { method: 'POST' });
    expect(none.status).toBe(401);
    const wrong = await fetch(`${guarded.url}/__apidoc/requests`, {
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrong.status).toBe(401);
    const bearer = await fetch(`${guarded.url}/__apidoc/reset`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(bearer.status).toBe(204);
    const header = await fetch(`${guarded.url}/__apidoc/health`, {
      headers: { 'x-apidoc-token': TOKEN },
    });
    expect(header.status).toBe(200);
  });

  it('is off with --no-control, and by default on a host other than loopback', async () => {
    const off = await startMock(['--spec', OWN, '--quiet', '--no-control']);
    const wide = await startMock(['--spec', OWN, '--quiet', '--host', '0.0.0.0']);
    try {
      for (const mock of [off, wide]) {
        const url = mock.url.replace('0.0.0.0', '127.0.0.1');
        const reset = await fetch(`${url}/__apidoc/reset`, { method: 'POST' });
        expect(reset.status).toBe(403);
        expect(((await reset.json()) as { message: string }).message).toMatch(/control API is off/);
        expect((await fetch(`${url}/api/drivers/1`)).status).toBe(200);
      }
    } finally {
      await Promise.all([off.stop(), wide.stop()]);
    }
    const bad = await runCli(['mock', '--spec', OWN, '--control-token', 'short']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--control-token/);
  });
});

describe('options past what a timer or the machine can do are refused, exit 2', () => {
  it.each([
    [['mock', '--delay', '99999999999'], /--delay.*2147483647/],
    [['mock', '--delay', '5-99999999999'], /--delay/],
    [
      ['mock', '--proxy', 'http://127.0.0.1:9', '--proxy-timeout', '3000000000'],
      /--proxy-timeout.*1 to 2147483647/,
    ],
    [['mock', '--request-timeout', '3000000000'], /--request-timeout/],
    [['mock', '--workers', '4096'], /--workers.*core/],
    [['verify', '--url', 'http://127.0.0.1:9', '--timeout', '3000000000'], /--timeout/],
  ])('%j', async (args, message) => {
    const run = await runCli([...args, '--spec', OWN]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('a delay past a timer is refused by the control API too', async () => {
    const mock = await startMock(['--spec', OWN, '--quiet']);
    try {
      const res = await fetch(`${mock.url}/__apidoc/scenario`, {
        method: 'PUT',
        headers: JSON_TYPE,
        body: JSON.stringify({ delay: 99999999999 }),
      });
      expect(res.status).toBe(422);
    } finally {
      await mock.stop();
    }
  });
});

const RESOURCES = path.join(FIXTURES, 'resources.yaml');

async function json(
  url: string,
  method = 'GET',
  body?: unknown,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; body: any }> {
  const res = await fetch(url, {
    method,
    headers: { ...JSON_TYPE, connection: 'close' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

describe('--stateful keeps a bounded number of items', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock([
      '--spec',
      RESOURCES,
      '--quiet',
      '--stateful',
      '--state-max-items',
      '3',
    ]);
  });
  afterAll(() => mock?.stop());

  it('past --state-max-items the oldest created item goes', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await json(`${mock.url}/api/posts`, 'POST', { title: `T${i}` })).body.data.id);
    }
    const list = await json(`${mock.url}/api/posts?page=18&per_page=3`);
    expect(list.body.meta.total).toBe(53);
    expect(list.body.data.map((p: { id: number }) => p.id)).toEqual(ids.slice(3));
    expect((await json(`${mock.url}/api/posts/${ids[0]}`)).status).toBe(404);
    expect((await json(`${mock.url}/api/posts/${ids[4]}`)).body.data.title).toBe('T4');
    const bad = await runCli(['mock', '--spec', RESOURCES, '--state-max-items', '0']);
    expect(bad.code).toBe(2);
  });
});

const redisTitle = 'Redis state under racing workers, slow or away';
describe.skipIf(!hasRedis)(hasRedis ? redisTitle : `${redisTitle} (${noRedisReason})`, () => {
  let redis: RunningRedis;
  let mock: RunningMock;
  beforeAll(async () => {
    redis = await startRedis();
    mock = await startMock([
      '--spec',
      RESOURCES,
      '--quiet',
      '--state',
      redis.url,
      '--workers',
      '2',
    ]);
  });
  afterAll(async () => {
    await mock?.stop();
    await redis?.stop();
  });

  it('concurrent PATCHes of different fields both land; a DELETE stays deleted', async () => {
    for (let round = 0; round < 30; round++) {
      const id = (await json(`${mock.url}/api/posts`, 'POST', { title: 'T' })).body.data.id;
      const item = `${mock.url}/api/posts/${id}`;
      await Promise.all([
        json(item, 'PATCH', { title: `A${round}` }),
        json(item, 'PATCH', { body: `B${round}` }),
      ]);
      expect((await json(item)).body.data).toMatchObject({ title: `A${round}`, body: `B${round}` });
      const [deleted] = await Promise.all([
        json(item, 'DELETE'),
        json(item, 'PATCH', { title: 'again' }),
      ]);
      expect(deleted.status).toBe(204);
      expect((await json(item)).status).toBe(404);
    }
    // A seeded item too.
    await Promise.all([
      json(`${mock.url}/api/posts/7`, 'PATCH', { title: 'S' }),
      json(`${mock.url}/api/posts/7`, 'PATCH', { body: 'SB' }),
    ]);
    expect((await json(`${mock.url}/api/posts/7`)).body.data).toMatchObject({
      title: 'S',
      body: 'SB',
    });
  }, 60_000);

  it('a frozen Redis: requests get a 503 in seconds, health says so, and all recovers', async () => {
    process.kill(redis.pid, 'SIGSTOP');
    try {
      const started = Date.now();
      const read = await json(`${mock.url}/api/posts/3`);
      expect(read.status).toBe(503);
      expect(Date.now() - started).toBeLessThan(4_000);
      const health = await json(`${mock.url}/__apidoc/health`);
      expect(health.status).toBe(503);
      expect(health.body).toMatchObject({ status: 'unavailable', store: 'unavailable' });
    } finally {
      process.kill(redis.pid, 'SIGCONT');
    }
    await sleep(200);
    expect((await json(`${mock.url}/__apidoc/health`)).body).toMatchObject({
      status: 'ok',
      store: 'ok',
    });
  }, 20_000);

  it('a reset with Redis away is a JSON 503, not a stack trace', async () => {
    const other = await startRedis();
    const alone = await startMock(['--spec', RESOURCES, '--quiet', '--state', other.url]);
    try {
      await other.stop();
      const reset = await json(`${alone.url}/__apidoc/reset`, 'POST');
      expect(reset.status).toBe(503);
      expect(reset.body.message).toMatch(/state store is unavailable/);
      expect(alone.stderr()).not.toMatch(/\n\s+at /);
    } finally {
      await alone.stop();
    }
  });

  it('a --state URL with a database that is no number is one line, exit 2', async () => {
    const run = await runCli([
      'mock',
      '--spec',
      RESOURCES,
      '--state',
      'redis://127.0.0.1:6379/abc',
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/--state/);
  });
});

/** A document whose one operation answers the schema `ref` names. */
const refSpec = (ref: string, extra = '') => `openapi: 3.0.3
info: { title: Refs, version: '1' }
paths:
  /api/things:
    get:
      responses:
        '200':
          description: One
          content:
            application/json:
              schema: { $ref: '${ref}' }
${extra}`;

async function until(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(50)) if (await check()) return;
  throw new Error('timed out');
}

describe.runIf(process.platform === 'linux')('--watch survives what the disk does', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'apidoc-endure-watch-'));
  const spec = path.join(dir, 'openapi.yaml');
  const thing = path.join(dir, 'thing.yaml');
  let mock: RunningMock;
  beforeAll(async () => {
    writeFileSync(thing, 'type: object\nproperties: { name: { type: string, example: first } }\n');
    writeFileSync(spec, refSpec('thing.yaml'));
    mock = await startMock(['--spec', spec, '--quiet', '--watch']);
  });
  afterAll(() => mock?.stop());
  const name = () =>
    fetch(`${mock.url}/api/things`).then(async (r) => ((await r.json()) as { name: string }).name);

  it('a $ref to a FIFO is refused, the last good document still served', async () => {
    execFileSync('mkfifo', [path.join(dir, 'pipe.yaml')]);
    writeFileSync(spec, refSpec('pipe.yaml'));
    await until(() => /pipe\.yaml is not a regular file/.test(mock.stderr()));
    expect(await name()).toBe('first');
    writeFileSync(thing, 'type: object\nproperties: { name: { type: string, example: second } }\n');
    writeFileSync(spec, refSpec('thing.yaml'));
    await until(async () => (await name()) === 'second');
  });

  it('the document turned into a symbolic link loop: said, and still serving', async () => {
    rmSync(spec);
    symlinkSync(spec, spec);
    await sleep(500);
    expect(mock.child.exitCode).toBeNull();
    expect(await name()).toBe('second');
    rmSync(spec);
    writeFileSync(thing, 'type: object\nproperties: { name: { type: string, example: third } }\n');
    writeFileSync(spec, refSpec('thing.yaml'));
    await until(async () => (await name()) === 'third');
  });
});

describe('$ref reads files under the spec folder only', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'apidoc-endure-ref-'));
  mkdirSync(path.join(dir, 'api'));
  writeFileSync(path.join(dir, 'secret.yaml'), 'type: object\nexample: { secret: s3cr3t }\n');
  const write = (ref: string, extra = '') => {
    const file = path.join(dir, 'api', `spec-${Math.random().toString(36).slice(2)}.yaml`);
    writeFileSync(file, refSpec(ref, extra));
    return file;
  };

  it.each([['../secret.yaml'], ['/etc/passwd']])(
    '%s is refused at startup, exit 1',
    async (ref) => {
      const run = await runCli(['mock', '--spec', write(ref), '--port', '0']);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/outside the spec's folder/);
      expect(run.stderr).toMatch(/--allow-ref-outside/);
    },
  );

  it('--allow-ref-outside reads it', async () => {
    const mock = await startMock([
      '--spec',
      write('../secret.yaml'),
      '--quiet',
      '--allow-ref-outside',
    ]);
    try {
      expect(await (await fetch(`${mock.url}/api/things`)).json()).toEqual({ secret: 's3cr3t' });
    } finally {
      await mock.stop();
    }
  });
});

it('a $ref to a component that does not exist stops the mock at startup, naming where', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'apidoc-endure-dangling-'));
  const file = path.join(dir, 'openapi.yaml');
  writeFileSync(file, refSpec('#/components/schemas/Nope'));
  const run = await runCli(['mock', '--spec', file, '--port', '0']);
  expect(run.code).toBe(1);
  expect(run.stderr).toContain(
    'cannot resolve $ref "#/components/schemas/Nope" at #/paths/~1api~1things/get/responses/200/content/application~1json/schema',
  );
});

/** The ids of a process's children (Linux). */
function childrenOf(pid: number): number[] {
  const text = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return text === '' ? [] : text.split(/\s+/).map(Number);
}

describe.runIf(process.platform === 'linux')('--workers: a dead worker is replaced', () => {
  it('is reported and replaced; when they keep dying, the mock stops with exit 1', async () => {
    const ready = path.join(mkdtempSync(path.join(tmpdir(), 'apidoc-endure-workers-')), 'ready');
    const mock = await startMock([
      '--spec',
      OWN,
      '--quiet',
      '--workers',
      '2',
      '--ready-file',
      ready,
    ]);
    try {
      const pid = mock.child.pid!;
      await until(() => childrenOf(pid).length === 2);
      const [first] = childrenOf(pid);
      process.kill(first!, 'SIGKILL');
      await until(() => /exited with signal SIGKILL; starting another/.test(mock.stderr()));
      await until(() => childrenOf(pid).length === 2 && !childrenOf(pid).includes(first!));
      await until(async () => {
        const answers = await Promise.all(
          Array.from({ length: 6 }, () =>
            fetch(`${mock.url}/api/drivers/1`, { headers: { connection: 'close' } }).then(
              (r) => r.status,
              () => 0,
            ),
          ),
        );
        return answers.every((status) => status === 200);
      });
      for (let i = 0; i < 12 && mock.child.exitCode === null; i++) {
        for (const child of childrenOf(pid)) process.kill(child, 'SIGKILL');
        await sleep(300);
      }
      await until(() => mock.child.exitCode !== null);
      expect(mock.child.exitCode).toBe(1);
      expect(mock.stderr()).toMatch(/workers keep dying/);
      expect(existsSync(ready)).toBe(false);
    } finally {
      await mock.stop('SIGKILL');
    }
  }, 30_000);
});

describe('--proxy: encodings, stalls, chaos', () => {
  const payload = JSON.stringify({ name: 'Alonso', constructor: 'Aston Martin' });
  let backend: TinyBackend;
  beforeAll(async () => {
    backend = await startTinyBackend((req, res) => {
      const id = /\/api\/drivers\/(\d+)/.exec(req.url ?? '')?.[1];
      const type = { 'content-type': 'application/json' };
      if (id === '1')
        res.writeHead(200, { ...type, 'content-encoding': 'gzip' }).end(gzipSync(payload));
      else if (id === '2')
        res.writeHead(200, { ...type, 'content-encoding': 'br' }).end(brotliCompressSync(payload));
      else if (id === '3')
        res.writeHead(200, { ...type, 'content-encoding': 'deflate' }).end(deflateSync(payload));
      else if (req.url === '/stall') {
        // Half a body, then nothing: a backend stalled mid-answer.
        res.writeHead(200, { ...type, 'content-length': '1000000' });
        res.write('{"name":"');
      } else res.writeHead(200, type).end(payload);
    });
  });
  afterAll(() => backend?.stop());

  it('checks gzip, br and deflate answers decoded, and passes them on as they came', async () => {
    const proxy = await startMock([
      '--spec',
      OWN,
      '--quiet',
      '--proxy',
      backend.url,
      '--proxy-strict',
    ]);
    try {
      for (const id of [1, 2, 3]) {
        const res = await fetch(`${proxy.url}/api/drivers/${id}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('apidoc-violations')).toBeNull();
        expect(await res.json()).toEqual(JSON.parse(payload));
      }
    } finally {
      await proxy.stop();
    }
  });

  it('--proxy-timeout cuts a body the backend stalls in', async () => {
    const proxy = await startMock([
      '--spec',
      OWN,
      '--quiet',
      '--proxy',
      backend.url,
      '--proxy-timeout',
      '300',
    ]);
    try {
      const started = Date.now();
      // A path the document does not have: the body is piped, not read for checking.
      const res = await fetch(`${proxy.url}/stall`);
      expect(res.status).toBe(200);
      await expect(res.text()).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await proxy.stop();
    }
  });

  it('--fail-rate applies to proxied requests too, and the control API changes it', async () => {
    const proxy = await startMock([
      '--spec',
      OWN,
      '--quiet',
      '--proxy',
      backend.url,
      '--fail-rate',
      '1',
    ]);
    try {
      const failed = await fetch(`${proxy.url}/api/drivers/5`);
      expect(failed.status).toBe(500);
      expect(failed.headers.get('apidoc-source')).toBe('mock');
      await fetch(`${proxy.url}/__apidoc/chaos`, {
        method: 'PUT',
        headers: JSON_TYPE,
        body: JSON.stringify({ failRate: 0, delay: 300 }),
      });
      const started = Date.now();
      expect((await fetch(`${proxy.url}/api/drivers/5`)).status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    } finally {
      await proxy.stop();
    }
  });
});

describe('verify reads at most 16 MiB of an answer', () => {
  let backend: TinyBackend;
  const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024));
  let mode = 'endless';
  beforeAll(async () => {
    backend = await startTinyBackend((_req, res) => {
      if (mode === 'endless') {
        // A body that never ends.
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        const pump = () => {
          while (res.write(chunk));
        };
        res.on('drain', pump);
        res.write('{"name":');
        pump();
      } else {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        res.end(bomb);
      }
    });
  });
  afterAll(() => backend?.stop());

  it.each([
    ['endless', 'a body that never ends'],
    ['bomb', 'a gzip bomb'],
  ])(
    '%s: %s',
    async (kind) => {
      mode = kind;
      const run = await runCli(
        [
          'verify',
          '--url',
          `${backend.url}`,
          '--spec',
          OWN,
          '--operation',
          'GET /api/drivers/{id}',
          '--json',
          path.join(mkdtempSync(path.join(tmpdir(), 'apidoc-endure-verify-')), 'r.json'),
        ],
        { env: { NODE_OPTIONS: '--max-old-space-size=128' }, timeoutMs: 20_000 },
      );
      expect(run.code).toBe(1);
      expect(run.stdout + run.stderr).toMatch(/larger than 16 MiB/);
    },
    30_000,
  );
});

describe('ids, list bodies and the empty scenario', () => {
  let mock: RunningMock;
  let tags: RunningMock;
  beforeAll(async () => {
    [mock, tags] = await Promise.all([
      startMock(['--spec', RESOURCES, '--quiet']),
      startMock(['--spec', path.join(FIXTURES, 'slug-tags.yaml'), '--quiet', '--stateful']),
    ]);
  });
  afterAll(() => Promise.all([mock?.stop(), tags?.stop()]));

  it('a collection keyed by slug hands out a new id on every POST', async () => {
    const slugs: string[] = [];
    for (let i = 0; i < 40; i++) {
      const created = await json(`${tags.url}/api/tags`, 'POST', { name: `n${i}` });
      slugs.push(created.body.data.slug);
    }
    expect(new Set(slugs).size).toBe(40);
    for (const [i, slug] of slugs.entries()) {
      expect((await json(`${tags.url}/api/tags/${slug}`)).body.data.name).toBe(`n${i}`);
    }
  });

  it('a JSON list where an object is expected lacks the required fields, as Laravel reads it', async () => {
    const res = await json(`${mock.url}/api/posts`, 'POST', [1]);
    expect(res).toEqual({
      status: 422,
      body: {
        message: 'The given data was invalid.',
        errors: { title: ['The title field is required.'] },
      },
    });
  });

  it('?_scenario=empty answers the same item for the same id, and an empty list', async () => {
    const item = await json(`${mock.url}/api/posts/3`);
    expect((await json(`${mock.url}/api/posts/3?_scenario=empty`)).body).toEqual(item.body);
    expect((await json(`${mock.url}/api/posts?_scenario=empty`)).body.data).toEqual([]);
  });
});
