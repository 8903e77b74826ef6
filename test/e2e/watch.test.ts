import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { OpenApiDocument } from '../../src/core/types.js';
import {
  decodeMessage,
  DOCUMENT_PATH,
  LIVE_PATH,
  type LiveMessage,
} from '../../src/watch/protocol.js';
import { CLI, ROOT, runCli } from './helpers.js';
import { rawRequest } from './raw-http.js';
import { copyProject } from './generate-support.js';

const EXAMPLE_APP = path.join(ROOT, 'examples/laravel-app');
const REQUEST = 'app/Http/Requests/StoreProjectRequest.php';
const OUTPUT = 'storage/app/spectrum/openapi.json';

interface Watching {
  child: ChildProcess;
  url: string;
  mockUrl?: string;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

/** Starts the built `apidoc watch` on free ports; resolves once it prints the page's URL. */
function startWatch(args: string[]): Promise<Watching> {
  const child = spawn(process.execPath, [CLI, 'watch', '--port', '0', ...args], {
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    void exited.then((code) => reject(new Error(`exited with ${code}:\n${stdout}\n${stderr}`)));
    child.stdout.on('data', () => {
      const url = /API reference at (http:\/\/\S+)/.exec(stdout)?.[1];
      if (!url) return;
      const mockUrl = /Mock server running at (http:\/\/\S+)/.exec(stdout)?.[1];
      resolve({
        child,
        url,
        ...(mockUrl ? { mockUrl } : {}),
        stdout: () => stdout,
        stderr: () => stderr,
        exited,
      });
    });
  });
}

/** The page's WebSocket, with the messages it received, in order. */
async function connect(url: string) {
  const socket = new WebSocket(url.replace('http:', 'ws:') + LIVE_PATH);
  const received: LiveMessage[] = [];
  socket.on('message', (data) => received.push(decodeMessage(String(data))!));
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return {
    received,
    closed,
    /** The next message after the `seen` first ones. */
    nth: (seen: number) => until(() => received[seen]),
  };
}

async function until<T>(probe: () => T | undefined, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function post(url: string, body: unknown, agent: Agent) {
  return new Promise<{ status: number; body: unknown; reused: boolean }>((resolve, reject) => {
    const req = request(
      `${url}/api/projects`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', authorization: 'Bearer mock-token-e2e' },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(text),
            reused: req.reusedSocket,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

describe('apidoc watch, over its WebSocket (no browser)', () => {
  let project: string;
  let watch: Watching;
  let page: Awaited<ReturnType<typeof connect>>;
  let original: string;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const file = (rel: string) => path.join(project, rel);
  const served = async () =>
    (await (await fetch(watch.url + DOCUMENT_PATH)).json()) as OpenApiDocument;
  const storeFields = (doc: OpenApiDocument) =>
    Object.keys(doc.components?.schemas?.StoreProjectRequest?.properties ?? {});
  // A reader of the output file during the whole run: it must never see half a document.
  let halfRead = 0;
  let reads = 0;
  let reader: NodeJS.Timeout;

  beforeAll(async () => {
    project = copyProject(EXAMPLE_APP);
    original = readFileSync(file(REQUEST), 'utf8');
    watch = await startWatch(['--project', project, '--mock', '--mock-port', '0']);
    page = await connect(watch.url);
    reader = setInterval(() => {
      reads += 1;
      try {
        JSON.parse(readFileSync(file(OUTPUT), 'utf8'));
      } catch {
        halfRead += 1;
      }
    }, 2);
  });
  afterAll(() => {
    clearInterval(reader);
    agent.destroy();
    if (watch.child.exitCode === null) watch.child.kill('SIGKILL');
  });

  it('generates once, writes the document and says what it watches', async () => {
    expect(watch.stdout()).toMatch(
      /^Generated .*openapi\.json: 14 operations, \d+ schemas, 0 warnings in \d+\.\d\d s\n/,
    );
    expect(watch.stdout()).toMatch(/Watching .*app\/Http\/Requests.*config\/apidoc\.php.*routes/);
    expect(JSON.parse(readFileSync(file(OUTPUT), 'utf8')).info.title).toBe('Tasks API');
    expect(storeFields(await served())).toEqual(['name', 'description', 'due_on', 'archived']);
  });

  it('says hello with the version served and no error', async () => {
    expect(await page.nth(0)).toEqual({ type: 'hello', version: expect.any(String), error: null });
  });

  it('a mock request before any change (its connection is reused after the swap)', async () => {
    const answer = await post(watch.mockUrl!, { name: 'Apollo' }, agent);
    expect(answer.status).toBe(201);
  });

  it('a new field in a FormRequest: reload, the document on the page, on disk and in the mock', async () => {
    writeFileSync(
      file(REQUEST),
      original.replace(
        "'archived' => 'boolean',",
        "'archived' => 'boolean',\n            'priority' => 'required|integer|min:1',",
      ),
    );
    const reload = await page.nth(1);
    expect(reload).toEqual({ type: 'reload', version: expect.any(String) });
    const versionOf = (m: LiveMessage) => (m.type === 'error' ? undefined : m.version);
    expect(versionOf(reload)).not.toBe(versionOf(page.received[0]!));
    expect(storeFields(await served())).toContain('priority');
    expect(readFileSync(file(OUTPUT), 'utf8')).toContain('"priority"');
    await until(() => watch.stdout().includes('~ POST /api/projects'));
    expect(watch.stdout()).toMatch(
      /\d\d:\d\d:\d\d app\/Http\/Requests\/StoreProjectRequest\.php changed: regenerated in \d+ ms, operations: 3 changed\n {2}~ POST \/api\/projects\n/,
    );
    const answer = await post(watch.mockUrl!, { name: 'Apollo' }, agent);
    expect(answer).toMatchObject({
      status: 422,
      body: { errors: { priority: ['The priority field is required.'] } },
      reused: true,
    });
  });

  it('a save that does not parse: error with file and line; the last good document stays', async () => {
    appendFileSync(file(REQUEST), '\n<?php class {');
    const error = await page.nth(2);
    expect(error).toEqual({
      type: 'error',
      error: {
        message: `${REQUEST} does not parse: showing the last good document.`,
        findings: [
          {
            file: REQUEST,
            line: expect.any(Number),
            message: expect.stringMatching(/^cannot parse: /),
          },
        ],
      },
    });
    expect(storeFields(await served())).toContain('priority');
    expect(readFileSync(file(OUTPUT), 'utf8')).toContain('"priority"');
    await until(() => watch.stderr().includes('does not parse'));
    expect(watch.stderr()).toMatch(
      new RegExp(
        `${REQUEST} changed: ${REQUEST} does not parse: showing the last good document\\.\\n  ${REQUEST}:\\d+: cannot parse: `,
      ),
    );
    expect((await post(watch.mockUrl!, { name: 'Apollo' }, agent)).status).toBe(422);
  });

  it('the next good save clears it', async () => {
    writeFileSync(file(REQUEST), original);
    expect(await page.nth(3)).toEqual({ type: 'reload', version: expect.any(String) });
    expect(storeFields(await served())).not.toContain('priority');
    await until(() => /regenerated in \d+ ms \(fixed\)/.test(watch.stdout()));
    expect((await post(watch.mockUrl!, { name: 'Apollo' }, agent)).status).toBe(201);
  });

  it('a new route is listed as added', async () => {
    appendFileSync(
      file('routes/api.php'),
      "\nRoute::get('ping', [AuthController::class, 'me'])->name('ping');\n",
    );
    expect((await page.nth(4)).type).toBe('reload');
    await until(() => watch.stdout().includes('+ GET /api/ping'));
    expect(watch.stdout()).toMatch(
      /routes\/api\.php changed: regenerated in \d+ ms, operations: 1 added\n/,
    );
  });

  it('ignores editor swap files, vendor/, storage/ and files that are not PHP', async () => {
    const dir = path.dirname(file(REQUEST));
    for (const name of [
      '.StoreProjectRequest.php.swp',
      'StoreProjectRequest.php~',
      '.#StoreProjectRequest.php',
      '4913',
      'notes.md',
    ])
      writeFileSync(path.join(dir, name), 'junk');
    writeFileSync(file('storage/app/Extra.php'), '<?php class {');
    mkdirSync(file('vendor/acme/src'), { recursive: true });
    writeFileSync(file('vendor/acme/src/Thing.php'), '<?php class {');
    writeFileSync(file('app/Http/Controllers/README.md'), '# notes');
    await sleep(800);
    expect(page.received).toHaveLength(5);
  });

  it('no request target stops it: on the page, the mock or a WebSocket upgrade (issue 18)', async () => {
    for (const target of ['//x:99999/', 'http://%zz/']) {
      for (const url of [watch.url, watch.mockUrl!]) {
        const response = await rawRequest(url, `GET ${target} HTTP/1.1\r\nHost: x\r\n\r\n`);
        expect(response.status).toBeLessThan(500);
      }
      const upgrade = await rawRequest(
        watch.url,
        `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
          'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
      );
      expect(upgrade.status).toBe(target.startsWith('/') ? 404 : 400);
    }
    expect(watch.child.exitCode).toBeNull();
    expect((await fetch(watch.url + DOCUMENT_PATH)).status).toBe(200);
    expect((await post(watch.mockUrl!, { name: 'Apollo' }, agent)).status).toBe(201);
  });

  it('the output file was always whole', () => {
    expect(reads).toBeGreaterThan(100);
    expect(halfRead).toBe(0);
  });

  it('SIGTERM closes the WebSocket (1001), the servers and the watcher, and exits 0', async () => {
    watch.child.kill('SIGTERM');
    expect(await watch.exited).toBe(0);
    expect(await page.closed).toBe(1001);
    expect(watch.stdout()).toMatch(/Stopping apidoc watch\.\.\.\n$/);
    await expect(fetch(watch.url)).rejects.toThrow();
    await expect(fetch(watch.mockUrl!)).rejects.toThrow();
  });
});

describe('apidoc watch options', () => {
  it.each([
    [
      ['--port', 'abc'],
      'Invalid value for --port: "abc". Use an integer from 0 to 65535 (0 picks a free port).',
    ],
    [
      ['--mock', '--mock-port', '99999'],
      'Invalid value for --mock-port: "99999". Use an integer from 0 to 65535 (0 picks a free port).',
    ],
    [['--format', 'xml'], 'Invalid value for --format: "xml". Use one of: json, yaml.'],
    [['--mock-port', '9000'], '--mock-port needs --mock: add --mock to serve the mock.'],
    [
      ['--mock', '--port', '8081'],
      '--port and --mock-port are both 8081: the page and the mock need a port each.',
    ],
    [
      ['--pattern', ' '],
      'Invalid value for --pattern: "". Use a route URI pattern such as "api/users*".',
    ],
    [
      ['--host', 'a b'],
      'Invalid value for --host: "a b". Use an address such as 127.0.0.1, 0.0.0.0 or localhost.',
    ],
    [
      ['--project', '/no/such/dir'],
      'Invalid value for --project: "/no/such/dir" is not a directory. Name the Laravel project directory.',
    ],
  ])('%j: exit 2 with one line', async (args, message) => {
    const run = await runCli(['watch', '--project', EXAMPLE_APP, ...args]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`Error: ${message}\n`);
    expect(run.stdout).toBe('');
  });

  it.each([
    ['--port', []],
    ['--mock-port', ['--mock', '--port', '0']],
  ])('%s in use: exit 1, naming the port and the option', async (flag, extra) => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    const project = copyProject(EXAMPLE_APP);
    const run = await runCli(['watch', '--project', project, ...extra, flag, String(port)]);
    taken.close();
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `Error: Address already in use: 127.0.0.1:${port}\nStop the other process or pick another port with ${flag}.\n`,
    );
  });

  it('answers to apidoc:watch, with every option in its help', async () => {
    const run = await runCli(['apidoc:watch', '--help']);
    expect(run.code).toBe(0);
    for (const option of [
      '--project',
      '--output',
      '--format',
      '--pattern',
      '--host',
      '--port',
      '--open',
      '--mock',
      '--mock-port',
    ])
      expect(run.stdout).toContain(option);
    expect(run.stdout).toContain('(default: "8080")');
  });
});
