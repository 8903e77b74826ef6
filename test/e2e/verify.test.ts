/**
 * `apidoc verify` through the built CLI, against the Node backend of
 * test/support/node-backend.ts: a backend that keeps its document, one that drifted from it,
 * one that never answers or is not there; the table, the reports, the exit codes.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, runCli } from './helpers.js';
import { BACKEND_TOKEN, startNodeBackend, type NodeBackend } from '../support/node-backend.js';
import type { VerifyReport } from '../../src/verify/types.js';

const SPEC = path.join(FIXTURES, 'node-backend.yaml');
const ITEMS = ['--spec', SPEC, '--pattern', 'api/items*'];

function outputs() {
  const dir = mkdtempSync(path.join(tmpdir(), 'apidoc-verify-'));
  return { junit: path.join(dir, 'junit.xml'), json: path.join(dir, 'report.json') };
}

/** `apidoc verify` of the items' operations with the backend's token, writing both reports. */
function verifyItems(url: string, files: ReturnType<typeof outputs>) {
  return runCli([
    'verify',
    '--url',
    url,
    ...ITEMS,
    '--bearer',
    BACKEND_TOKEN,
    '--junit',
    files.junit,
    '--json',
    files.json,
  ]);
}

const readReport = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as VerifyReport;

describe('apidoc verify against a backend that keeps its document', () => {
  let backend: NodeBackend;
  beforeAll(async () => {
    backend = await startNodeBackend();
  });
  afterAll(() => backend?.stop());

  it('passes every check, writes JUnit and JSON, exits 0', async () => {
    const files = outputs();
    const run = await verifyItems(backend.url, files);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = readReport(files.json);
    expect(report.summary).toEqual({ checks: 11, passed: 11, failed: 0, warned: 0 });
    expect(report.results.map((r) => `${r.operation} ${r.kind} ${r.status}`)).toEqual([
      'GET /api/items valid 200',
      'POST /api/items invalid-body 422',
      'POST /api/items valid 201',
      'GET /api/items/{item} valid 200',
      'GET /api/items/{item}/notes valid 200',
      'POST /api/items/{item}/notes invalid-body 422',
      'POST /api/items/{item}/notes valid 201',
      'PUT /api/items/{item} invalid-body 422',
      'PUT /api/items/{item} valid 200',
      'DELETE /api/items/{item}/notes/{note} valid 204',
      'DELETE /api/items/{item} valid 204',
    ]);
    // The item created first is the one read, updated and deleted; its note likewise.
    const created = backend.seen.find((line) => /^GET \/api\/items\/\d+$/.test(line))!;
    const id = created.split('/').at(-1)!;
    expect(Number(id)).toBeGreaterThanOrEqual(3);
    expect(backend.seen).toContain(`DELETE /api/items/${id}`);
    expect(
      backend.seen.some((line) => new RegExp(`^DELETE /api/items/${id}/notes/\\d+$`).test(line)),
    ).toBe(true);
    const junit = readFileSync(files.junit, 'utf8');
    expect(junit).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="apidoc verify" tests="11" failures="0"/,
    );
    expect(junit.match(/<testcase /g)).toHaveLength(11);
    expect(junit).toContain('<testcase classname="POST /api/items" name="invalid body"');
    expect(junit).not.toContain('<failure');
    expect(run.stdout).toMatch(/│ POST \/api\/items \(invalid body\) +│ 422 +│ pass +│/);
    expect(run.stdout).toContain('11 check(s): 11 passed, 0 failed, 0 warned');
    expect(run.stdout).toContain(`JUnit report written to ${files.junit} (11 test case(s))`);
  });

  it('warns where a documented error answers, and still exits 0 (no --bearer)', async () => {
    const files = outputs();
    const run = await runCli(['verify', '--url', backend.url, ...ITEMS, '--json', files.json]);
    expect(run.code).toBe(0);
    const report = readReport(files.json);
    expect(report.summary.failed).toBe(0);
    const store = report.results.find(
      (r) => r.operation === 'POST /api/items' && r.kind === 'valid',
    )!;
    expect(store).toMatchObject({
      status: 401,
      verdict: 'warn',
      note: '401 (documented): Unauthenticated.',
    });
    expect(run.stdout).toMatch(
      /│ POST \/api\/items +│ 401 +│ warn +│ 401 \(documented\): Unauthenticated\. +│/,
    );
  });

  it('narrows with --operation, by operationId or METHOD /path', async () => {
    const files = outputs();
    const run = await runCli([
      'verify',
      '--url',
      backend.url,
      '--spec',
      SPEC,
      '--operation',
      'items.index',
      '--operation',
      'GET /api/items/{item}',
      '--json',
      files.json,
    ]);
    expect(run.code).toBe(0);
    expect(readReport(files.json).results.map((r) => r.operation)).toEqual([
      'GET /api/items',
      'GET /api/items/{item}',
    ]);
  });

  it('--header goes with every request', async () => {
    const files = outputs();
    const run = await runCli([
      'verify',
      '--url',
      backend.url,
      '--spec',
      SPEC,
      '--operation',
      'items.store',
      '--header',
      `Authorization: Bearer ${BACKEND_TOKEN}`,
      '--json',
      files.json,
    ]);
    expect(run.code).toBe(0);
    expect(readReport(files.json).results.map((r) => [r.kind, r.status, r.verdict])).toEqual([
      ['invalid-body', 422, 'pass'],
      ['valid', 201, 'pass'],
    ]);
  });

  it('a path in --url prefixes every request', async () => {
    const before = backend.seen.length;
    const run = await runCli([
      'verify',
      '--url',
      `${backend.url}/base`,
      '--spec',
      SPEC,
      '--operation',
      'items.index',
    ]);
    expect(run.code).toBe(1);
    expect(backend.seen.slice(before)).toEqual(['GET /base/api/items']);
    expect(run.stdout).toMatch(
      /│ GET \/api\/items +│ 404 +│ FAIL +│ \/response\/status: status 404 is not declared \(declared: 200\) +│/,
    );
  });

  it('--dry-run lists the plan and sends nothing', async () => {
    const before = backend.seen.length;
    const run = await runCli(['verify', ...ITEMS, '--dry-run']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/│ 1 +│ GET \/api\/items +│ valid request +│ +│/);
    expect(run.stdout).toMatch(/│ 2 +│ POST \/api\/items +│ invalid body +│ +│/);
    expect(run.stdout).toMatch(
      /│ 10 +│ DELETE \/api\/items\/\{item\}\/notes\/\{note\} +│ valid request +│ \{item\} from POST \/api\/items then GET \/api\/items, \{note\} from POST \/api\/items\/\{item\}\/notes then GET \/api\/items\/\{item\}\/notes +│/,
    );
    expect(run.stdout).toContain(
      '11 request(s) would be sent, in this order (--dry-run: none was).',
    );
    expect(backend.seen.length).toBe(before);
  });
});

describe('apidoc verify against a backend that drifted from its document', () => {
  let backend: NodeBackend;
  beforeAll(async () => {
    backend = await startNodeBackend({ drift: true });
  });
  afterAll(() => backend?.stop());

  it('reports each disagreement precisely, with its JSON pointer, and exits 1', async () => {
    const files = outputs();
    const run = await verifyItems(backend.url, files);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toMatch(
      /^Error: \d+ of 11 check\(s\) failed: the backend breaks its document\.$/,
    );
    const failed = Object.fromEntries(
      readReport(files.json)
        .results.filter((r) => r.verdict === 'fail')
        .map((r) => [`${r.operation} ${r.kind}`, r.violations[0]]),
    );
    expect(failed['POST /api/items invalid-body']).toEqual({
      location: '/response/status',
      message: "201 for a body without 'name', which the document refuses; expected 422",
    });
    expect(failed['GET /api/items valid']).toEqual({
      location: '/response/body/data/0/name',
      message: "required property 'name' is missing (the object has undeclared 'label')",
    });
    expect(failed['GET /api/items/{item} valid']).toEqual({
      location: '/response/status',
      message: 'status 203 is not declared (declared: 200, 404)',
    });
    const junit = readFileSync(files.junit, 'utf8');
    expect(junit).toContain(
      `<failure message="/response/body/data/0/name: required property 'name' is missing (the object has undeclared 'label')" type="contract">GET ${backend.url}/api/items → 200`,
    );
    expect(run.stdout).toMatch(
      /│ GET \/api\/items\/\{item\} +│ 203 +│ FAIL +│ \/response\/status: status 203 is not declared \(declared: 200, 404\) +│/,
    );
  });
});

describe('apidoc verify when the backend fails', () => {
  it('fails a check that gets no answer in time', async () => {
    const backend = await startNodeBackend();
    try {
      const files = outputs();
      const run = await runCli([
        'verify',
        '--url',
        backend.url,
        '--spec',
        SPEC,
        '--operation',
        'slow',
        '--operation',
        'reset',
        '--timeout',
        '300',
        '--json',
        files.json,
      ]);
      expect(run.code).toBe(1);
      expect(
        readReport(files.json).results.map((r) => [
          r.operation,
          r.verdict,
          r.violations[0]?.location,
          r.violations[0]?.message,
        ]),
      ).toEqual([
        ['GET /api/slow', 'fail', '/response', 'no answer within 300 ms'],
        ['GET /api/reset', 'fail', '/response', expect.stringMatching(/^no answer: /)],
      ]);
    } finally {
      await backend.stop();
    }
  });

  it('stops with one line when nothing listens at --url', async () => {
    const backend = await startNodeBackend();
    await backend.stop();
    const run = await runCli(['verify', '--url', backend.url, ...ITEMS]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `Error: Cannot reach the backend at ${backend.url}: connection refused (ECONNREFUSED).`,
    );
  });
});

describe('apidoc verify options', () => {
  it.each([
    [[], "--url is required: the backend's base URL, such as http://127.0.0.1:8000."],
    [
      ['--url', 'nope'],
      'Invalid value for --url: "nope". Use an absolute http(s) URL such as http://127.0.0.1:8000.',
    ],
    [
      ['--url', 'http://127.0.0.1:1', '--basic', 'nopassword'],
      'Invalid value for --basic: "nopassword". Use user:password.',
    ],
    [
      ['--url', 'http://127.0.0.1:1', '--bearer', ''],
      'Invalid value for --bearer: "". Give the token.',
    ],
    [
      ['--url', 'http://127.0.0.1:1', '--header', 'no colon'],
      'Invalid value for --header: "no colon". Use "Name: value", such as "X-API-Key: secret".',
    ],
    [
      ['--url', 'http://127.0.0.1:1', '--operation', ''],
      'Invalid value for --operation: "". Use an operationId or "METHOD /path".',
    ],
    [
      ['--url', 'http://127.0.0.1:1', '--pattern', ''],
      'Invalid value for --pattern: "". Use a route URI pattern such as "api/users*".',
    ],
    [
      ['--url', 'http://127.0.0.1:1', '--timeout', '0'],
      'Invalid value for --timeout: "0". Use a whole number of milliseconds from 1 to 2147483647.',
    ],
    [
      ['--url', 'http://127.0.0.1:1', '--junit', tmpdir()],
      `Invalid value for --junit: "${tmpdir()}" is a directory. Name a file.`,
    ],
    [
      ['--url', 'http://127.0.0.1:1', '--json', ''],
      'Invalid value for --json: "". Name the file to write.',
    ],
    [
      ['--url', 'http://127.0.0.1:1', '--operation', 'nothing.here'],
      '--operation "nothing.here" matches no operation of the document.',
    ],
    [
      ['--url', 'http://127.0.0.1:1', '--pattern', 'api/nothing*'],
      'No operation of the document matches --pattern.',
    ],
  ])('refuses %j with one line and exit code 2', async (args, message) => {
    const run = await runCli(['verify', '--spec', SPEC, ...args]);
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')[0]).toBe(`Error: ${message}`);
    expect(run.stdout).toBe('');
  });

  it('says so when the spec is missing', async () => {
    const run = await runCli(['verify', '--url', 'http://127.0.0.1:1', '--spec', 'missing.json']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('OpenAPI specification file not found');
  });
});
