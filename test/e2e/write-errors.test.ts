import { spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, EXAMPLE_SPEC, ROOT, runCli } from './helpers.js';

const APP = path.join(ROOT, 'test/fixtures/laravel-mini');

/** Every command that writes a file, with that file below a regular file (ENOTDIR). */
const CASES: [string, (out: string) => string[]][] = [
  ['generate --output', (out) => ['generate', '--project', APP, '--no-cache', '--output', out]],
  ['export:postman --output', (out) => ['export:postman', '--spec', EXAMPLE_SPEC, '--output', out]],
  [
    'export:insomnia --output',
    (out) => ['export:insomnia', '--spec', EXAMPLE_SPEC, '--output', out],
  ],
  [
    'verify --junit',
    (out) => ['verify', '--spec', EXAMPLE_SPEC, '--url', 'http://127.0.0.1:9', '--junit', out],
  ],
  [
    'verify --json',
    (out) => ['verify', '--spec', EXAMPLE_SPEC, '--url', 'http://127.0.0.1:9', '--json', out],
  ],
  [
    'mock --ready-file',
    (out) => ['mock', '--spec', EXAMPLE_SPEC, '--port', '0', '--ready-file', out],
  ],
];

describe('a path that cannot be written: one line, exit 1, no stack', () => {
  it.each(CASES)('%s below a regular file', async (_name, args) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'apidoc-write-'));
    writeFileSync(path.join(dir, 'file'), 'x');
    const run = await runCli(args('file/out.json'), { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `Error: Cannot write ${path.join(dir, 'file/out.json')}: a parent path is not a directory\n` +
        'Name a path whose parents are directories (or do not exist yet).\n',
    );
    expect(readFileSync(path.join(dir, 'file'), 'utf8')).toBe('x');
  });
});

describe('a closed stdout', () => {
  it('`mock | head -1`: the mock keeps serving, no stack', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'apidoc-epipe-'));
    const ready = path.join(dir, 'ready');
    const child = spawn(
      'sh',
      [
        '-c',
        `node "${CLI}" mock --spec "${EXAMPLE_SPEC}" --port 0 --ready-file "${ready}" 2>&1 | head -1`,
      ],
      { env: { ...process.env, NO_COLOR: '1' }, detached: true },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    try {
      let url = '';
      for (let i = 0; i < 200 && url === ''; i++) {
        await new Promise((r) => setTimeout(r, 50));
        try {
          url = readFileSync(ready, 'utf8').trim();
        } catch {
          // not ready yet
        }
      }
      // Each request logs a line to the closed pipe; the mock must answer them all.
      for (let i = 0; i < 5; i++) {
        const response = await fetch(`${url}/users`);
        expect(response.status).toBeGreaterThan(0);
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(out.split('\n').length).toBeLessThanOrEqual(2);
      expect(out).not.toMatch(/EPIPE|Error/);
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
    }
  }, 30_000);
});

describe('a reader that stops early (`| head -3`)', () => {
  it('`verify | head -3`: the run finishes with its own exit code, no EPIPE, no stack', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'apidoc-head-'));
    const code = path.join(dir, 'code');
    const err = path.join(dir, 'err');
    const child = spawn(
      'sh',
      [
        '-c',
        `(node "${CLI}" verify --spec "${EXAMPLE_SPEC}" --url http://127.0.0.1:9 2>"${err}"; echo $? > "${code}") | head -3`,
      ],
      { env: { ...process.env, NO_COLOR: '1' } },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    await new Promise((resolve) => child.on('close', resolve));
    expect(out.split('\n').filter(Boolean)).toHaveLength(3);
    // Every check fails (nothing listens there): exit 1, said in one line.
    expect(readFileSync(code, 'utf8').trim()).toBe('1');
    expect(readFileSync(err, 'utf8')).not.toMatch(/EPIPE|\n\s+at /);
  }, 60_000);
});

describe('a pipe or a device as the output', () => {
  it.skipIf(!existsSync('/proc/self/fd/1'))(
    '`generate --output /proc/self/fd/1 | head -3`: the document goes down the pipe, exit 0, no stack',
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'apidoc-pipe-'));
      const code = path.join(dir, 'code');
      const app = path.join(ROOT, 'test/fixtures/laravel-8');
      const child = spawn(
        'sh',
        [
          '-c',
          `node "${CLI}" generate --project "${app}" --no-cache --output /proc/self/fd/1; echo $? > "${code}"`,
        ],
        { env: { ...process.env, NO_COLOR: '1' } },
      );
      const head = spawn('head', ['-3'], { stdio: ['pipe', 'pipe', 'inherit'] });
      child.stdout.pipe(head.stdin);
      head.stdin.on('error', () => undefined);
      let out = '';
      let err = '';
      head.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      await Promise.all([
        new Promise((resolve) => child.on('close', resolve)),
        new Promise((resolve) => head.on('close', resolve)),
      ]);
      expect(out, err).toBe('{\n  "openapi": "3.0.3",\n  "info": {\n');
      expect(readFileSync(code, 'utf8').trim()).toBe('0');
      expect(err).not.toMatch(/EPIPE|Error|at /);
    },
    60_000,
  );

  it.skipIf(!existsSync('/dev/stdout')).each([
    [
      'generate --output /dev/stdout',
      (out: string) => [
        'generate',
        '--project',
        path.join(ROOT, 'test/fixtures/laravel-8'),
        '--no-cache',
        '--output',
        out,
      ],
      'Wrote',
    ],
    [
      'export:postman --output /dev/stdout',
      (out: string) => ['export:postman', '--spec', EXAMPLE_SPEC, '--output', out],
      'Postman collection written to',
    ],
  ])(
    '%s: stdout is the whole document, what was written is said on stderr',
    async (_name, args, said) => {
      const run = await runCli(args('/dev/stdout'));
      expect(run.code, run.stderr).toBe(0);
      expect(() => JSON.parse(run.stdout)).not.toThrow();
      expect(run.stderr).toContain(said);
      expect(lstatSync('/dev/stdout').isFile()).toBe(false);
    },
  );
});
