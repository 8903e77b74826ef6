/**
 * `apidoc mock --proxy` through the built CLI, against the Node backend of
 * test/support/node-backend.ts: what passes unchanged, what is reported, what the mock answers
 * instead, and how a backend that fails is told to the client.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, runCli, startMock, type RunningMock } from './helpers.js';
import { BACKEND_TOKEN, startNodeBackend, type NodeBackend } from '../support/node-backend.js';

const SPEC = path.join(FIXTURES, 'node-backend.yaml');
const AUTH = { authorization: `Bearer ${BACKEND_TOKEN}` };
const JSON_TYPE = { 'content-type': 'application/json' };

interface Violation {
  location: string;
  message: string;
}

/** The proxy's log, once it has a line matching `pattern` (lines are written after the answer). */
async function logged(proxy: RunningMock, pattern: RegExp): Promise<string> {
  for (let i = 0; i < 250 && !pattern.test(proxy.stderr()); i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return proxy.stderr();
}

function violationsOf(response: Response): Violation[] {
  const header = response.headers.get('apidoc-violations');
  return header === null ? [] : (JSON.parse(header) as Violation[]);
}

describe('apidoc mock --proxy, reporting', () => {
  let backend: NodeBackend;
  let proxy: RunningMock;
  beforeAll(async () => {
    backend = await startNodeBackend();
    proxy = await startMock([
      '--spec',
      SPEC,
      '--proxy',
      backend.url,
      '--proxy-timeout',
      '2000',
      '--proxy-fallback',
    ]);
  });
  afterAll(async () => {
    await proxy?.stop();
    await backend?.stop();
  });

  it('passes an answer that keeps the document through as it is, with no violations header', async () => {
    const direct = await fetch(`${backend.url}/api/items`);
    const proxied = await fetch(`${proxy.url}/api/items`);
    expect(proxied.status).toBe(200);
    expect(proxied.headers.get('apidoc-violations')).toBeNull();
    expect(proxied.headers.get('apidoc-source')).toBeNull();
    expect(await proxied.text()).toBe(await direct.text());
    const head = await fetch(`${proxy.url}/api/items/1`, { method: 'HEAD' });
    expect([head.status, violationsOf(head)]).toEqual([200, []]);
  });

  it('forwards method, target, headers and body unchanged, with Host rewritten', async () => {
    const response = await fetch(`${proxy.url}/api/echo?q=a%20b&q=2`, {
      method: 'POST',
      headers: { ...JSON_TYPE, 'X-Custom': 'one', cookie: 'session=abc' },
      body: JSON.stringify({ hello: 'wörld' }),
    });
    expect(response.status).toBe(200);
    const echo = (await response.json()) as {
      method: string;
      url: string;
      headers: Record<string, string>;
      body: string;
    };
    expect(echo.method).toBe('POST');
    expect(echo.url).toBe('/api/echo?q=a%20b&q=2');
    expect(echo.headers.host).toBe(new URL(backend.url).host);
    expect(echo.headers['x-custom']).toBe('one');
    expect(echo.headers.cookie).toBe('session=abc');
    expect(echo.body).toBe('{"hello":"wörld"}');
    expect(violationsOf(response)).toEqual([]);
  });

  it('streams a request body sent in chunks', async () => {
    const body = await new Promise<string>((resolve, reject) => {
      const url = new URL(`${proxy.url}/api/echo`);
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve(text));
        },
      );
      req.on('error', reject);
      req.write('first part, ');
      setImmediate(() => req.end('second part'));
    });
    const echo = JSON.parse(body) as { body: string; headers: Record<string, string> };
    expect(echo.body).toBe('first part, second part');
    expect(echo.headers['transfer-encoding']).toBe('chunked');
  });

  it.each([
    [
      'a renamed field',
      '/api/drift/renamed',
      200,
      [
        {
          location: '/response/body/data/name',
          message: "required property 'name' is missing (the object has undeclared 'label')",
        },
      ],
    ],
    [
      'an undeclared status',
      '/api/drift/status',
      418,
      [{ location: '/response/status', message: 'status 418 is not declared (declared: 200)' }],
    ],
    [
      'an undeclared media type',
      '/api/drift/html',
      200,
      [
        {
          location: '/response/headers/content-type',
          message: 'text/html is not declared for 200 (declared: application/json)',
        },
      ],
    ],
    [
      'a required header missing',
      '/api/drift/header',
      200,
      [{ location: '/response/headers/x-total', message: "required header 'X-Total' is missing" }],
    ],
    [
      'a request that matches no operation',
      '/api/nowhere',
      404,
      [{ location: '/request', message: 'GET /api/nowhere matches no operation of the document' }],
    ],
  ])(
    'reports %s in the apidoc-violations header, the answer unchanged',
    async (_name, target, status, want) => {
      const direct = await fetch(backend.url + target);
      const response = await fetch(proxy.url + target);
      expect(response.status).toBe(status);
      expect(await response.text()).toBe(await direct.text());
      expect(violationsOf(response)).toEqual(want);
    },
  );

  it('reports a request the document refuses, and still forwards it', async () => {
    const response = await fetch(`${proxy.url}/api/items?page=x`, {
      method: 'POST',
      headers: { ...AUTH, ...JSON_TYPE },
      body: JSON.stringify({ name: 7 }),
    });
    expect(response.status).toBe(422);
    expect(violationsOf(response)).toEqual([
      { location: '/request/body/price', message: 'The price field is required.' },
      { location: '/request/body/name', message: 'The name must be a string.' },
    ]);
    expect(backend.seen).toContain('POST /api/items?page=x');
  });

  it('logs each violation under its request line', async () => {
    const line =
      /GET \/api\/drift\/status 418 [\d.]+ms 1 violation\n {2}\/response\/status: status 418 is not declared \(declared: 200\)/;
    expect(await logged(proxy, line)).toMatch(line);
  });

  it('answers operations the backend does not route yet from the mock, credentials and all', async () => {
    for (const target of ['/api/unrouted', '/api/unrouted-laravel8']) {
      const response = await fetch(proxy.url + target);
      expect([target, response.status, response.headers.get('apidoc-source')]).toEqual([
        target,
        200,
        'mock',
      ]);
      expect(await response.json()).toEqual({ status: 'planned' });
    }
    const created = await fetch(`${proxy.url}/api/not-implemented`, {
      method: 'POST',
      headers: { ...AUTH, ...JSON_TYPE },
      body: JSON.stringify({ name: 'x' }),
    });
    expect([created.status, created.headers.get('apidoc-source')]).toEqual([201, 'mock']);
    expect(((await created.json()) as { id: number }).id).toBe(7);
    // A 404 the operation declares is the backend's answer, not a route it lacks.
    const missing = await fetch(`${proxy.url}/api/items/999`);
    expect([missing.status, missing.headers.get('apidoc-source'), violationsOf(missing)]).toEqual([
      404,
      null,
      [],
    ]);
    const line = /GET \/api\/unrouted 200 [\d.]+ms \(answered by the mock\)/;
    expect(await logged(proxy, line)).toMatch(line);
  });

  it('pipes a stream through as it comes', async () => {
    const response = await fetch(`${proxy.url}/api/events`);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('data: 1');
    expect(first).not.toContain('data: 5');
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      rest += new TextDecoder().decode(chunk.value);
    expect(rest).toContain('data: 5');
  });

  it('forwards a preflight as it is, held to no operation', async () => {
    const response = await fetch(`${proxy.url}/api/items`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    expect(violationsOf(response)).toEqual([]);
    expect(backend.seen).toContain('OPTIONS /api/items');
  });

  it('streams a request body past 10 MiB on unchecked, and says so in the log', async () => {
    const big = 'x'.repeat(11 * 1024 * 1024);
    const response = await fetch(`${proxy.url}/api/echo`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: big,
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { body: string }).body.length).toBe(big.length);
    const line = /POST \/api\/echo 200 [\d.]+ms \(request body not checked: larger than 10 MiB\)/;
    expect(await logged(proxy, line)).toMatch(line);
  });

  it('passes a body past 16 MiB through unchecked, and says so in the log', async () => {
    const response = await fetch(`${proxy.url}/api/huge`);
    const body = await response.arrayBuffer();
    expect(body.byteLength).toBeGreaterThan(20 * 1024 * 1024);
    expect(violationsOf(response)).toEqual([]);
    const line = /GET \/api\/huge 200 [\d.]+ms \(response body not checked: larger than 16 MiB\)/;
    expect(await logged(proxy, line)).toMatch(line);
  });

  it.each([
    ['a backend that never answers: 504', '/api/slow', 504, /did not answer within 2000 ms\.$/],
    ['a body that stops coming: 504', '/api/stall-body', 504, /did not answer within 2000 ms\.$/],
    [
      'a connection closed without an answer: 502',
      '/api/reset',
      502,
      /closed the connection without a complete answer/,
    ],
    [
      'a body broken off: 502',
      '/api/reset-midway',
      502,
      /closed the connection without a complete answer/,
    ],
  ])('%s, in JSON', async (_name, target, status, message) => {
    const response = await fetch(proxy.url + target);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(((await response.json()) as { message: string }).message).toMatch(message);
  });
});

describe.runIf(process.platform === 'linux')('apidoc mock --proxy, large answers at once', () => {
  let backend: NodeBackend;
  let proxy: RunningMock;
  beforeAll(async () => {
    backend = await startNodeBackend();
    proxy = await startMock(['--spec', SPEC, '--proxy', backend.url, '--proxy-timeout', '5000']);
  });
  afterAll(async () => {
    await proxy?.stop();
    await backend?.stop();
  });

  const threadsOf = (pid: number) =>
    Number(/^Threads:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);

  it('checks 40 answers of 15 MiB in worker threads: each whole, the broken one flagged, no 504', async () => {
    const before = threadsOf(proxy.child.pid!);
    const answers = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const response = await fetch(`${proxy.url}/api/large${i === 39 ? '?drift=1' : ''}`);
        const bytes = (await response.arrayBuffer()).byteLength;
        return { status: response.status, bytes, violations: violationsOf(response) };
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 40 }, () => 200));
    const size = answers[0]!.bytes;
    expect(size).toBeGreaterThan(15 * 1_000_000);
    expect(answers.slice(0, 39).every((a) => a.bytes === size && a.violations.length === 0)).toBe(
      true,
    );
    expect(answers[39]!.violations).toEqual([
      { location: '/response/body/data/15360', message: 'must be string, is 42' },
    ]);
    // The checks ran beside the server's thread, in threads of their own.
    expect(threadsOf(proxy.child.pid!)).toBeGreaterThan(before);
    const log = await logged(proxy, /GET \/api\/large\?drift=1 200/);
    expect(log).not.toContain('not checked');
  }, 120_000);
});

describe('apidoc mock --proxy --proxy-strict', () => {
  let backend: NodeBackend;
  let proxy: RunningMock;
  beforeAll(async () => {
    backend = await startNodeBackend();
    proxy = await startMock(['--spec', SPEC, '--proxy', backend.url, '--proxy-strict', '--quiet']);
  });
  afterAll(async () => {
    await proxy?.stop();
    await backend?.stop();
  });

  it('turns a response that breaks the document into a 502 problem listing the violations', async () => {
    const response = await fetch(`${proxy.url}/api/drift/renamed`);
    expect(response.status).toBe(502);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toEqual({
      title: 'The response violates the OpenAPI document',
      status: 502,
      detail:
        'The backend answered GET /api/drift/renamed with 200, which breaks the document in 1 place(s).',
      violations: [
        {
          location: '/response/body/data/name',
          message: "required property 'name' is missing (the object has undeclared 'label')",
        },
      ],
    });
  });

  it('answers a request the document refuses with the mock’s 422, without forwarding it', async () => {
    const before = backend.seen.length;
    const response = await fetch(`${proxy.url}/api/items`, {
      method: 'POST',
      headers: { ...AUTH, ...JSON_TYPE },
      body: JSON.stringify({ name: 'x' }),
    });
    expect([response.status, response.headers.get('apidoc-source')]).toEqual([422, 'mock']);
    expect(await response.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { price: ['The price field is required.'] },
    });
    expect(backend.seen.length).toBe(before);
  });

  it('answers a body past 10 MiB with the mock’s 413, without forwarding it', async () => {
    const before = backend.seen.length;
    const response = await fetch(`${proxy.url}/api/echo`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'x'.repeat(11 * 1024 * 1024),
    });
    expect([response.status, response.headers.get('apidoc-source')]).toEqual([413, 'mock']);
    expect(await response.json()).toEqual({ message: 'The request body is larger than 10 MiB.' });
    expect(backend.seen.length).toBe(before);
  });

  it('passes what keeps the document through', async () => {
    const response = await fetch(`${proxy.url}/api/items`, {
      method: 'POST',
      headers: { ...AUTH, ...JSON_TYPE },
      body: JSON.stringify({ name: 'Lamp', price: 34 }),
    });
    expect([response.status, violationsOf(response)]).toEqual([201, []]);
    expect(response.headers.get('location')).toMatch(/^\/api\/items\/\d+$/);
  });
});

describe('apidoc mock --proxy --no-proxy-fallback, and a backend that is down', () => {
  it('passes the backend’s 404 on, reported; and answers 502 when nothing listens', async () => {
    const backend = await startNodeBackend();
    const proxy = await startMock([
      '--spec',
      SPEC,
      '--proxy',
      backend.url,
      '--no-proxy-fallback',
      '--quiet',
    ]);
    try {
      const response = await fetch(`${proxy.url}/api/unrouted`);
      expect([response.status, response.headers.get('apidoc-source')]).toEqual([404, null]);
      expect(violationsOf(response)).toEqual([
        { location: '/response/status', message: 'status 404 is not declared (declared: 200)' },
      ]);
      await backend.stop();
      const refused = await fetch(`${proxy.url}/api/items`);
      expect(refused.status).toBe(502);
      expect(((await refused.json()) as { message: string }).message).toBe(
        `The backend at ${backend.url} refused the connection (ECONNREFUSED): is it running?`,
      );
    } finally {
      await proxy.stop();
      await backend.stop();
    }
  });
});

describe('apidoc mock --proxy options', () => {
  it('shows the proxy in the configuration table', async () => {
    const backend = await startNodeBackend();
    const proxy = await startMock(['--spec', SPEC, '--proxy', backend.url, '--quiet']);
    try {
      expect(proxy.stdout()).toMatch(/│ Proxy Target +│ http:\/\/127\.0\.0\.1:\d+ +│/);
      expect(proxy.stdout()).toMatch(
        /│ Proxy Mode +│ report violations, mock fallback, timeout 30000 ms +│/,
      );
      expect(proxy.stdout()).toMatch(
        /running at http:\/\/127\.0\.0\.1:\d+ \(proxying to http:\/\/127\.0\.0\.1:\d+\)/,
      );
    } finally {
      await proxy.stop();
      await backend.stop();
    }
  });

  it('a path in the --proxy URL prefixes every request', async () => {
    const backend = await startNodeBackend();
    const proxy = await startMock(['--spec', SPEC, '--proxy', `${backend.url}/base/`, '--quiet']);
    try {
      await (await fetch(`${proxy.url}/api/items?page=1`)).arrayBuffer();
      expect(backend.seen).toEqual(['GET /base/api/items?page=1']);
    } finally {
      await proxy.stop();
      await backend.stop();
    }
  });

  it('--delay holds the backend’s answers too', async () => {
    const backend = await startNodeBackend();
    const proxy = await startMock([
      '--spec',
      SPEC,
      '--proxy',
      backend.url,
      '--quiet',
      '--delay',
      '250',
    ]);
    try {
      const started = performance.now();
      expect((await fetch(`${proxy.url}/api/items`)).status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(245);
    } finally {
      await proxy.stop();
      await backend.stop();
    }
  });

  it.each([
    [
      ['--proxy', 'nope'],
      'Invalid value for --proxy: "nope". Use an absolute http(s) URL such as http://127.0.0.1:8000.',
    ],
    [
      ['--proxy', 'ftp://127.0.0.1'],
      'Invalid value for --proxy: "ftp://127.0.0.1". Use an absolute http(s) URL such as http://127.0.0.1:8000.',
    ],
    [
      ['--proxy', 'http://127.0.0.1:1', '--proxy-timeout', '0'],
      'Invalid value for --proxy-timeout: "0". Use a whole number of milliseconds from 1 to 2147483647.',
    ],
    [['--proxy-strict'], '--proxy-strict needs --proxy <url>: name the backend to forward to.'],
    [
      ['--proxy-timeout', '100'],
      '--proxy-timeout needs --proxy <url>: name the backend to forward to.',
    ],
    [
      ['--no-proxy-fallback'],
      '--no-proxy-fallback needs --proxy <url>: name the backend to forward to.',
    ],
  ])('refuses %j with one line and exit code 2', async (args, message) => {
    const run = await runCli(['mock', '--spec', SPEC, ...args]);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe(`Error: ${message}`);
    expect(run.stdout).toBe('');
  });
});
