import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_SPEC, FIXTURES, ROOT, runCli, startMock, type RunningMock } from './helpers.js';

const normalise = (text: string) =>
  text.replaceAll(ROOT, '<root>').replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>');

describe('apidoc mock on the bundled example', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock(['--spec', EXAMPLE_SPEC, '--quiet']);
  });
  afterAll(() => mock.stop());

  it('prints the startup output in order: message, spec path, configuration, endpoints, address', () => {
    const out = normalise(mock.stdout());
    const order = [
      'Starting apidoc mock server',
      'Loading OpenAPI specification: <root>examples/openapi.yaml',
      'API Title',
      'Method',
      'Mock server running at',
    ];
    const positions = order.map((text) => out.indexOf(text));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(out).toMatchSnapshot();
  });

  it('lists every operation with its summary, and no colour when not on a TTY', () => {
    const out = mock.stdout();
    expect(out).toMatch(/│ DELETE +│ \/api\/books\/\{id\} +│ Delete a book +│/);
    expect(out).toMatch(/│ Total Endpoints +│ 11 +│/);
    expect(out).toMatch(/│ Default Scenario +│ success +│/);
    expect(out.includes('\u001b[')).toBe(false);
  });

  it('serves generated data over HTTP', async () => {
    const response = await fetch(`${mock.url}/api/books/5`, {
      headers: { authorization: 'Bearer mock-token-e2e' },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { id: number; title: string } };
    expect(body.data.id).toBe(5);
    expect(body.data.title).toBeTypeOf('string');
  });
});

describe('options', () => {
  it.each([
    ['--scenario', ['--scenario', 'not_found'], '/api/health', 404],
    ['apidoc:mock alias with --scenario', ['--scenario', 'unauthorized'], '/api/health', 401],
  ])('%s', async (_name, args, path, status) => {
    const mock = await startMock(['--spec', EXAMPLE_SPEC, '--quiet', ...args]);
    try {
      expect((await fetch(mock.url + path)).status).toBe(status);
      expect(mock.stdout()).toMatch(new RegExp(`Default Scenario +│ ${args[1]}`));
    } finally {
      await mock.stop();
    }
  });

  it('--delay holds every response', async () => {
    const mock = await startMock(['--spec', EXAMPLE_SPEC, '--quiet', '--delay', '250']);
    try {
      const started = performance.now();
      expect((await fetch(`${mock.url}/api/health`)).status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(245);
    } finally {
      await mock.stop();
    }
  });

  it('--seed changes the generated data, and the same seed repeats it', async () => {
    const bodies: unknown[] = [];
    for (const seed of ['1', '1', '2']) {
      const mock = await startMock(['--spec', EXAMPLE_SPEC, '--quiet', '--seed', seed]);
      bodies.push(
        await (
          await fetch(`${mock.url}/api/books/1`, {
            headers: { authorization: 'Bearer mock-token-1' },
          })
        ).json(),
      );
      await mock.stop();
    }
    expect(bodies[0]).toEqual(bodies[1]);
    expect(bodies[0]).not.toEqual(bodies[2]);
  });

  it('--host binds the given address', async () => {
    const mock = await startMock(['--spec', EXAMPLE_SPEC, '--quiet', '--host', 'localhost']);
    try {
      expect((await fetch(`${mock.url}/api/health`)).status).toBe(200);
    } finally {
      await mock.stop();
    }
  });

  it('logs each request to stderr unless --quiet', async () => {
    const mock = await startMock(['--spec', EXAMPLE_SPEC]);
    await fetch(`${mock.url}/api/health`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await mock.stop();
    expect(mock.stderr()).toMatch(/GET \/api\/health 200 \d+\.\dms/);
  });

  it('accepts the apidoc:mock spelling', async () => {
    const run = await runCli(['apidoc:mock', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('--spec <file>');
  });

  it('--help lists every option with its default', async () => {
    const run = await runCli(['mock', '--help']);
    expect(run.code).toBe(0);
    const help = run.stdout.replace(/\s+/g, ' ');
    for (const text of [
      '--host <address>',
      '(default: "127.0.0.1")',
      '--port <number>',
      '(default: "8081")',
      '(default: "storage/app/spectrum/openapi.json")',
      '--delay <ms>',
      '--scenario <name>',
      '(default: "success")',
      '--seed <value>',
      '--strict',
      '--quiet',
      '--workers <count>',
      '(default: "1")',
      '--request-timeout <ms>',
      '(default: "60000")',
      '--ready-file <file>',
      '--stateful',
      '--state <where>',
      '--dynamic',
      '--fail-rate <share>',
      '--fail-mode <mode>',
      '(default: "error")',
      '--watch',
      'range such as 100-800',
    ]) {
      expect(help).toContain(text);
    }
    const top = await runCli(['--help']);
    expect(top.stdout).toContain('mock|apidoc:mock');
  });
});

describe('startup errors', () => {
  it.each([
    [
      '--port abc',
      ['--port', 'abc'],
      2,
      'Error: Invalid value for --port: "abc". Use an integer from 0 to 65535 (0 picks a free port).',
    ],
    ['--port 70000', ['--port', '70000'], 2, 'Error: Invalid value for --port: "70000".'],
    [
      '--workers 0',
      ['--workers', '0'],
      2,
      'Error: Invalid value for --workers: "0". Use a whole number of 1 or more.',
    ],
    [
      '--delay -5',
      ['--delay', '-5'],
      2,
      'Error: Invalid value for --delay: "-5". Use a whole number of milliseconds from 0 to 2147483647, or a range such as 100-800.',
    ],
    [
      '--delay 800-100',
      ['--delay', '800-100'],
      2,
      'Error: Invalid value for --delay: "800-100". Use a whole number of milliseconds from 0 to 2147483647, or a range such as 100-800.',
    ],
    [
      '--fail-rate 2',
      ['--fail-rate', '2'],
      2,
      'Error: Invalid value for --fail-rate: "2". Use a number from 0 to 1, such as 0.05.',
    ],
    [
      '--fail-mode bogus',
      ['--fail-mode', 'bogus'],
      2,
      'Error: Invalid value for --fail-mode: "bogus". Use one of: error, reset.',
    ],
    [
      '--state http://x',
      ['--state', 'http://x'],
      2,
      'Error: Invalid value for --state: "http://x". Use memory, or a Redis URL such as redis://127.0.0.1:6379/0.',
    ],
    [
      '--stateful with --workers 2 in memory',
      ['--stateful', '--workers', '2'],
      2,
      'Error: --stateful with --workers 2 needs --state redis://host:port/db: memory state is per process.',
    ],
    [
      '--scenario bogus',
      ['--scenario', 'bogus'],
      2,
      'Error: Invalid value for --scenario: "bogus". Use one of: success, error, empty, unauthorized, forbidden, not_found, validation_error.',
    ],
    ['an unknown option', ['--bogus'], 2, "error: unknown option '--bogus'"],
    [
      'a Redis that cannot be reached',
      ['--spec', EXAMPLE_SPEC, '--port', '0', '--state', 'redis://127.0.0.1:1/0'],
      1,
      'Error: Cannot reach Redis at redis://127.0.0.1:1/0: ',
    ],
    [
      'the default spec missing',
      [],
      1,
      'Error: OpenAPI specification file not found: storage/app/spectrum/openapi.json\nRun "apidoc generate" to create it, or pass --spec <file>.',
    ],
    [
      'a spec that is not OpenAPI',
      ['--spec', path.join(FIXTURES, 'not-openapi.json')],
      1,
      'not an OpenAPI document',
    ],
    [
      'a spec with a JSON syntax error',
      ['--spec', path.join(FIXTURES, 'broken.json')],
      1,
      'broken.json:4:',
    ],
  ])('%s', async (_name, args, code, message) => {
    const cwd = mkdtempSync(path.join(tmpdir(), 'apidoc-'));
    const run = await runCli(['mock', ...args], { cwd });
    expect(run.code).toBe(code);
    expect(run.stderr).toContain(message);
    expect(run.stdout).not.toContain('running at');
  });

  it('a spec that is a directory: one line saying so, exit 1', async () => {
    const run = await runCli(['mock', '--spec', 'test/fixtures/specs']);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'Error: OpenAPI specification is a directory, not a file: test/fixtures/specs\n',
    );
    expect(run.stdout).not.toContain('running at');
  });

  it('port already in use', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const run = await runCli(['mock', '--spec', EXAMPLE_SPEC, '--port', String(port)]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        `Error: Address already in use: 127.0.0.1:${port}\nStop the other process or pick another port with --port.`,
      );
      expect(run.stdout).not.toContain('running at');
    } finally {
      blocker.close();
    }
  });

  it('without --strict, a stale example is a warning and the server starts', async () => {
    const mock = await startMock(['--spec', path.join(FIXTURES, 'stale-example.yaml'), '--quiet']);
    await mock.stop();
    expect(mock.stderr()).toContain(
      'Warning: #/paths/~1users~1{id}/get/responses/200/content/application~1json/example: example does not match its schema; generated data is served instead',
    );
  });

  it('--strict refuses a spec with a stale example', async () => {
    const run = await runCli([
      'mock',
      '--strict',
      '--port',
      '0',
      '--spec',
      path.join(FIXTURES, 'stale-example.yaml'),
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/--strict.*example does not match its schema/);
  });
});

describe('--workers', () => {
  it('serves from N processes sharing the port, and stops them all', async () => {
    const mock = await startMock(['--spec', EXAMPLE_SPEC, '--quiet', '--workers', '2']);
    const children = execFileSync('ps', ['--ppid', String(mock.child.pid), '-o', 'pid='], {
      encoding: 'utf8',
    })
      .trim()
      .split(/\s+/)
      .map(Number);
    expect(mock.stdout()).toContain('by 2 workers');
    expect(children).toHaveLength(2);
    const statuses = await Promise.all(
      Array.from({ length: 6 }, () => fetch(`${mock.url}/api/health`).then((r) => r.status)),
    );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await mock.stop()).toBe(0);
    for (const pid of children) expect(() => process.kill(pid, 0)).toThrow();
  });

  it('reports a taken port from the workers', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const run = await runCli([
        'mock',
        '--spec',
        EXAMPLE_SPEC,
        '--port',
        String(port),
        '--workers',
        '2',
      ]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`Error: Address already in use: 127.0.0.1:${port}`);
    } finally {
      blocker.close();
    }
  });
});

describe('graceful shutdown', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s lets an in-flight response finish, releases the port, exits 0',
    async (signal) => {
      const mock = await startMock(['--spec', EXAMPLE_SPEC, '--quiet', '--delay', '400']);
      const inFlight = fetch(`${mock.url}/api/health`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const code = mock.stop(signal);
      expect((await inFlight).status).toBe(200);
      expect(await code).toBe(0);
      const port = Number(new URL(mock.url).port);
      const probe = createServer();
      await new Promise<void>((resolve, reject) =>
        probe.once('error', reject).listen(port, '127.0.0.1', resolve),
      );
      probe.close();
    },
  );
});

describe('spec formats', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'apidoc-spec-'));
  it.each([
    ['Swagger 2.0', 'swagger2.json', '/v1/pets/3', 200],
    ['OpenAPI 3.1', 'openapi31.yaml', '/things/abc', 200],
    ['external $refs across files, circular', 'multi/root.yaml', '/api/nodes/1', 200],
  ])('%s', async (_name, file, path_, status) => {
    const mock = await startMock(['--spec', path.join(FIXTURES, file), '--quiet']);
    try {
      const response = await fetch(mock.url + path_);
      expect(response.status).toBe(status);
      expect(await response.json()).toBeTypeOf('object');
    } finally {
      await mock.stop();
    }
  });

  it('the same spec as JSON serves the same bodies as YAML', async () => {
    const { parse } = await import('yaml');
    const { readFileSync } = await import('node:fs');
    const json = path.join(dir, 'openapi.json');
    writeFileSync(json, JSON.stringify(parse(readFileSync(EXAMPLE_SPEC, 'utf8'))));
    const bodies: unknown[] = [];
    for (const spec of [EXAMPLE_SPEC, json]) {
      const mock = await startMock(['--spec', spec, '--quiet']);
      bodies.push(
        await (
          await fetch(`${mock.url}/api/books/9`, {
            headers: { authorization: 'Bearer mock-token-1' },
          })
        ).json(),
      );
      await mock.stop();
    }
    expect(bodies[0]).toEqual(bodies[1]);
  });
});

describe('--ready-file', () => {
  const until = async (ok: () => boolean) => {
    while (!ok()) await new Promise((resolve) => setTimeout(resolve, 50));
  };
  const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : undefined);

  it('holds the URL once the mock answers, and is removed when it stops', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'apidoc-')), 'mock.url');
    const mock = await startMock(['--spec', EXAMPLE_SPEC, '--quiet', '--ready-file', file]);
    try {
      await until(() => read(file) === `${mock.url}\n`);
      expect((await fetch(`${read(file)!.trim()}/api/health`)).status).toBe(200);
    } finally {
      expect(await mock.stop()).toBe(0);
    }
    expect(existsSync(file)).toBe(false);
  });

  it('removes a file an earlier run left, so a failed start leaves none', async () => {
    const cwd = mkdtempSync(path.join(tmpdir(), 'apidoc-'));
    writeFileSync(path.join(cwd, 'mock.url'), 'http://127.0.0.1:1\n');
    const run = await runCli(['mock', '--spec', 'missing.yaml', '--ready-file', 'mock.url'], {
      cwd,
    });
    expect(run.code).toBe(1);
    expect(existsSync(path.join(cwd, 'mock.url'))).toBe(false);
  });

  it('a directory: one line, exit 2', async () => {
    const cwd = mkdtempSync(path.join(tmpdir(), 'apidoc-'));
    const run = await runCli(['mock', '--spec', EXAMPLE_SPEC, '--ready-file', '.'], { cwd });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'Error: Invalid value for --ready-file: "." is a directory. Name a file.\n',
    );
  });
});

describe('several API versions at once', () => {
  it('one process per document, each on its own port, each serving its own', async () => {
    const [v1, v2] = await Promise.all([
      startMock(['--spec', EXAMPLE_SPEC, '--quiet']),
      startMock(['--spec', path.join(FIXTURES, 'openapi31.yaml'), '--quiet']),
    ]);
    try {
      expect(v1.url).not.toBe(v2.url);
      expect((await fetch(`${v1.url}/api/health`)).status).toBe(200);
      expect((await fetch(`${v1.url}/things/a`)).status).toBe(404);
      expect((await fetch(`${v2.url}/things/a`)).status).toBe(200);
      expect((await fetch(`${v2.url}/api/health`)).status).toBe(404);
    } finally {
      expect(await Promise.all([v1.stop(), v2.stop()])).toEqual([0, 0]);
    }
  });
});
