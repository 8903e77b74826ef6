/**
 * Contract testing with a real Laravel (Debian's PHP and Laravel 8.83): `apidoc generate` the
 * fixture's document, then `apidoc verify` the running app and `apidoc mock --proxy` in front
 * of it; both agree with it. Then a copy of the app whose code drifted from that document (a
 * renamed field, a required field left out, an undocumented status) is reported precisely.
 */
import { spawn } from 'node:child_process';
import { chmod, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, ROOT, runCli, startMock } from './helpers.js';
import {
  hasPhp,
  noPhpReason,
  startLaravel,
  type RunningLaravel,
} from '../support/laravel-server.js';
import type { VerifyReport } from '../../src/verify/types.js';
import { prepareChecks } from '../../src/verify/plan.js';
import type { OpenApiDocument } from '../../src/core/types.js';
import { freePort } from '../support/free-port.js';

const APP = fileURLToPath(new URL('../fixtures/laravel-8', import.meta.url));
/** The fixture's seeded credentials (test/fixtures/laravel-8/README.md). */
const CREDENTIALS = [
  '--bearer',
  'test-token-1',
  '--basic',
  'ada@example.com:password',
  '--header',
  'X-Partner-Key: partner-key-1',
];
const LONG = { timeoutMs: 120_000 };

async function verify(url: string, spec: string, dir: string, ...extra: string[]) {
  const json = path.join(dir, `report-${Math.random().toString(36).slice(2)}.json`);
  const junit = json.replace(/\.json$/, '.xml');
  const run = await runCli(
    [
      'verify',
      '--url',
      url,
      '--spec',
      spec,
      ...CREDENTIALS,
      '--json',
      json,
      '--junit',
      junit,
      ...extra,
    ],
    LONG,
  );
  const report = JSON.parse(await readFile(json, 'utf8')) as VerifyReport;
  return { run, report, junit: await readFile(junit, 'utf8') };
}

/** The app with its code changed the way code drifts from a document. */
async function driftedCopy(dir: string): Promise<string> {
  const app = path.join(dir, 'drifted');
  await cp(APP, app, { recursive: true });
  const edit = async (file: string, from: string, to: string) => {
    const full = path.join(app, file);
    const text = await readFile(full, 'utf8');
    expect(text).toContain(from);
    await writeFile(full, text.replace(from, to));
  };
  await edit('app/Http/Resources/PostResource.php', "'title' =>", "'headline' =>");
  await edit('app/Http/Resources/CategoryResource.php', "'slug' => $this->slug,", '');
  await edit(
    'routes/api.php',
    "        'time' => now()->toIso8601String(),\n    ]);",
    "        'time' => now()->toIso8601String(),\n    ], 202);",
  );
  return app;
}

const RECIPE = 'examples/ci/contract-test.sh';

function freePortIs(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer().listen(port, '127.0.0.1', () =>
      server.close(() => resolve(true)),
    );
    server.on('error', () => resolve(false));
  });
}

/** Runs a script to its end: exit code and output. */
function bash(script: string, cwd: string, env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn('bash', [script], { cwd, env: { ...process.env, ...env, NO_COLOR: '1' } });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 150_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

const title = 'contract testing against the Laravel 8 fixture, really running';

describe.skipIf(!hasPhp)(hasPhp ? title : `${title} (skipped: ${noPhpReason})`, () => {
  let dir: string;
  let spec: string;
  const running: RunningLaravel[] = [];
  const start = async (app = APP) => {
    const laravel = await startLaravel(app);
    running.push(laravel);
    return laravel;
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'apidoc-contract-'));
    const project = path.join(dir, 'app');
    await cp(APP, project, { recursive: true });
    spec = path.join(dir, 'openapi.json');
    const generated = await runCli(
      ['generate', '--project', project, '--output', spec, '--no-cache'],
      LONG,
    );
    expect(generated.code, generated.stderr).toBe(0);
  }, 60_000);

  afterAll(async () => {
    for (const laravel of running) await laravel.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('apidoc verify: the running app agrees with its generated document', async () => {
    const laravel = await start();
    const { run, report, junit } = await verify(laravel.url, spec, dir);
    expect(report.results.filter((r) => r.verdict === 'fail')).toEqual([]);
    expect(run.code).toBe(0);
    const valid = report.results.filter((r) => r.kind === 'valid');
    expect(valid).toHaveLength(59);
    // Most succeed; the rest get an answer the document allows (seeded data cannot match
    // every generated value: a login's password, an order's SKU, a page's slug).
    expect(report.summary.passed).toBeGreaterThan(65);
    expect(report.results.filter((r) => r.kind === 'invalid-body').length).toBeGreaterThan(15);
    expect(junit).toContain('failures="0"');
  }, 180_000);

  it('apidoc mock --proxy: every valid request passes through without a violation', async () => {
    const laravel = await start();
    const proxy = await startMock(['--spec', spec, '--proxy', laravel.url]);
    try {
      const posts = await fetch(`${proxy.url}/api/posts`, {
        headers: { accept: 'application/json', authorization: 'Bearer test-token-1' },
      });
      expect(posts.status).toBe(200);
      expect(posts.headers.get('apidoc-violations')).toBeNull();
      const { run, report } = await verify(proxy.url, spec, dir);
      expect(run.code).toBe(0);
      expect(report.summary.failed).toBe(0);
      // The proxy reports only what verify sent wrong on purpose (its invalid bodies), and
      // nothing about the app's answers.
      const log = proxy.stderr();
      expect(log).not.toMatch(/\/response\//);
      const flagged = [...log.matchAll(/^\S+ (\S+) (\S+) (\d{3}) [\d.]+ms \d+ violations?$/gm)];
      // The rule-derived ones (a mismatched confirmation, a `required_if`) may keep the schemas.
      const doc = JSON.parse(await readFile(spec, 'utf8')) as OpenApiDocument;
      const bySchema = prepareChecks(doc, {}).filter((c) => c.broken && c.broken.how !== 'rule');
      expect(flagged.length).toBeGreaterThanOrEqual(bySchema.length);
      expect(flagged.length).toBeLessThanOrEqual(
        report.results.filter((r) => r.kind === 'invalid-body').length,
      );
      expect(flagged.every(([, , , status]) => status === '422')).toBe(true);
    } finally {
      await proxy.stop();
    }
  }, 180_000);

  it(`runs the CI guide's recipe as written (${RECIPE})`, async () => {
    const recipe = await readFile(path.join(ROOT, RECIPE), 'utf8');
    expect(await readFile(path.join(ROOT, 'docs/guides/ci.md'), 'utf8')).toContain(
      `\`\`\`sh\n${recipe}\`\`\``,
    );
    // A copy of the app, migrated and seeded, with apidoc where npm installs its bin.
    const laravel = await start();
    const bin = path.join(laravel.dir, 'node_modules', '.bin');
    await mkdir(bin, { recursive: true });
    await writeFile(
      path.join(bin, 'apidoc'),
      `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`,
    );
    await chmod(path.join(bin, 'apidoc'), 0o755);
    const port = await freePort();
    const run = await bash(path.join(ROOT, RECIPE), laravel.dir, {
      PORT: String(port),
      API_TOKEN: 'test-token-1',
    });
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('Wrote storage/app/spectrum/openapi.json');
    expect(run.output).toMatch(/\d+ check\(s\): \d+ passed, 0 failed, \d+ warned/);
    const junit = await readFile(path.join(laravel.dir, 'apidoc-verify.xml'), 'utf8');
    expect(junit).toMatch(/<testsuites name="apidoc verify" tests="\d+" failures="0"/);
    // The recipe stopped the PHP server it started: its port is free again.
    expect(await freePortIs(port)).toBe(true);
  }, 180_000);

  it('reports a drifted app precisely, with the JSON pointer', async () => {
    const laravel = await start(await driftedCopy(dir));
    const { run, report, junit } = await verify(
      laravel.url,
      spec,
      dir,
      '--pattern',
      'api/posts',
      '--pattern',
      'api/categories*',
      '--pattern',
      'api/health',
    );
    expect(run.code).toBe(1);
    const failures = Object.fromEntries(
      report.results.filter((r) => r.verdict === 'fail').map((r) => [r.operation, r.violations]),
    );
    expect(failures['GET /api/posts']).toContainEqual({
      location: '/response/body/data/0/title',
      message: "required property 'title' is missing (the object has undeclared 'headline')",
    });
    expect(failures['GET /api/categories']).toContainEqual({
      location: '/response/body/data/0/slug',
      message: "required property 'slug' is missing",
    });
    expect(failures['GET /api/health']).toEqual([
      { location: '/response/status', message: 'status 202 is not declared (declared: 200, 429)' },
    ]);
    expect(junit).toContain(
      '<failure message="/response/status: status 202 is not declared (declared: 200, 429)"',
    );

    const proxy = await startMock([
      '--spec',
      spec,
      '--proxy',
      laravel.url,
      '--proxy-strict',
      '--quiet',
    ]);
    try {
      const health = await fetch(`${proxy.url}/api/health`, {
        headers: { accept: 'application/json' },
      });
      expect(health.status).toBe(502);
      expect(((await health.json()) as { violations: unknown }).violations).toEqual([
        {
          location: '/response/status',
          message: 'status 202 is not declared (declared: 200, 429)',
        },
      ]);
    } finally {
      await proxy.stop();
    }
  }, 180_000);
});
