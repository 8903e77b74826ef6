#!/usr/bin/env node
// Fuzz and soak of the built `apidoc mock` and `apidoc watch`: hostile requests of every kind,
// clients that never finish, then a mixed soak with the server's memory sampled. Loopback
// only, bounded in requests and seconds, every process stopped by its PID. See fuzz/README.md.
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import process from 'node:process';
import { clearInterval, clearTimeout, setInterval, setTimeout } from 'node:timers';
import { fileURLToPath, URL } from 'node:url';
import { parseFlags, USAGE, UsageError } from './lib/args.mjs';
import { hostileCases, pageCases } from './lib/cases.mjs';
import { exchange } from './lib/client.mjs';
import { report, summarise } from './lib/report.mjs';
import { internalErrors, rssMB, startServer, stopAllSync, stopServer } from './lib/servers.mjs';
import { judgeSlow, slowloris, unfinishedBody } from './lib/slow.mjs';
import { soak } from './lib/soak.mjs';
import { judge, mockHealth, watchHealth } from './lib/verdict.mjs';

const FUZZ = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(FUZZ, '..');
const CLI = join(ROOT, 'dist/cli/main.js');
const SPEC = join(ROOT, 'test/fixtures/specs/hardening.yaml');
const APP = join(ROOT, 'examples/laravel-app');
const LOGS = join(FUZZ, '.scratch/logs');
/** Cases in flight at once in the hostile phases. */
const PARALLEL = 4;
/** apidoc's default headers timeout (src/core/server-guard.ts), which watch's servers keep. */
const DEFAULT_HEADERS_TIMEOUT = 10_000;

async function main() {
  let flags;
  try {
    flags = parseFlags(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`Error: ${error.message}\n${USAGE}\n`);
    return 2;
  }
  if (flags.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (!existsSync(CLI)) {
    process.stderr.write('dist/cli/main.js is missing: run npm run build first.\n');
    return 1;
  }
  const log = (line) => process.stderr.write(`${line}\n`);
  const scale = flags.quick ? 0.1 : 1;
  const results = { date: new Date().toISOString(), flags, families: {}, slow: {}, failures: [] };
  const fail = (problem) => results.failures.push(problem);
  // A run that does not end by itself is a failure too: everything is stopped by PID.
  const limit = (flags.soak + (flags.quick ? 120 : 900)) * 1000;
  const watchdog = setTimeout(() => {
    log(`did not finish within ${limit / 1000} s: stopping`);
    stopAllSync();
    process.exit(1);
  }, limit);
  watchdog.unref();

  log('starting apidoc mock on the hardening spec');
  const mock = await startServer({
    name: 'apidoc mock',
    cli: CLI,
    args: [
      'mock',
      '--spec',
      SPEC,
      '--host',
      '127.0.0.1',
      '--port',
      '0',
      '--request-timeout',
      String(flags.requestTimeout),
    ],
    cwd: ROOT,
    logFile: join(LOGS, 'mock.log'),
    ready: [/Mock server running at (http:\/\/\S+)/],
  });
  const mockPort = Number(new URL(mock.urls[0]).port);
  let watch;
  let project;
  if (flags.watch) {
    log('starting apidoc watch --mock on a copy of examples/laravel-app');
    project = mkdtempSync(join(tmpdir(), 'apidoc-fuzz-'));
    cpSync(APP, project, { recursive: true });
    watch = await startServer({
      name: 'apidoc watch',
      cli: CLI,
      args: [
        'watch',
        '--project',
        project,
        '--host',
        '127.0.0.1',
        '--port',
        '0',
        '--mock',
        '--mock-port',
        '0',
      ],
      cwd: ROOT,
      logFile: join(LOGS, 'watch.log'),
      ready: [/API reference at (http:\/\/\S+)/, /Mock server running at (http:\/\/\S+)/],
    });
  }
  results.rss = { mockAtStart: rssMB(mock.pid) };

  try {
    const run = async (family, cases, port, jsonErrors, health, deadlineMs) => {
      const entry = (results.families[family] ??= { cases: 0, statuses: {}, failures: 0 });
      await inParallel(cases, PARALLEL, async (c) => {
        const result = await exchange(port, c.parts, {
          expect: c.expect,
          head: c.head,
          deadlineMs,
        });
        entry.cases++;
        for (const r of result.responses)
          entry.statuses[r.status] = (entry.statuses[r.status] ?? 0) + 1;
        for (const problem of judge(c, result, { jsonErrors })) {
          entry.failures++;
          fail(`${family}: ${c.name}: ${problem}`);
        }
      });
      for (const problem of await health()) fail(`${family}: afterwards, ${problem}`);
    };

    log('hostile requests to apidoc mock');
    const families = byFamily(hostileCases(flags.seed, scale));
    for (const [family, cases] of families) {
      await run(
        family,
        cases,
        mockPort,
        true,
        () => mockHealth(mockPort),
        flags.requestTimeout + 5000,
      );
    }
    if (watch) {
      log('hostile requests to apidoc watch (the page and its mock)');
      const [pagePort, watchMockPort] = watch.urls.map((url) => Number(new URL(url).port));
      const health = () => watchHealth(pagePort, watchMockPort);
      // watch's servers keep the default timeouts: 10 s for headers, checked every second.
      const deadline = DEFAULT_HEADERS_TIMEOUT + 6000;
      for (const [family, cases] of byFamily(pageCases(flags.seed, scale))) {
        await run(family, cases, pagePort, false, health, deadline);
      }
      const forMock = pageCases(flags.seed, scale).filter((c) => c.family !== 'upgrades');
      await run('watch mock', forMock, watchMockPort, true, health, deadline);
    }

    log('clients that never finish: slowloris and unfinished bodies');
    results.slow = await slowClients(mock, mockPort, flags, fail);

    log(`mixed soak: ${flags.soak} s, ${flags.concurrency} loops`);
    results.soak = await soak({
      server: mock,
      port: mockPort,
      cases: hostileCases(flags.seed + 1, Math.min(scale, 0.5)),
      seconds: flags.soak,
      concurrency: flags.concurrency,
      maxRequests: flags.maxRequests,
      timeoutMs: flags.requestTimeout,
      seed: flags.seed,
      onProgress: (stats, t) =>
        log(
          `  ${Math.round(t)} s: ${stats.requests} requests, RSS ${rssMB(mock.pid).toFixed(0)} MB`,
        ),
    });
    results.soak.failures.forEach(fail);
    if (results.soak.memory.growth > flags.maxGrowth) {
      fail(
        `memory grew ${results.soak.memory.growth.toFixed(1)} MB after warm-up (limit ${flags.maxGrowth} MB)`,
      );
    }
  } finally {
    for (const server of [mock, watch].filter(Boolean)) {
      if (server.exit) fail(`crash: ${server.name} ${JSON.stringify(server.exit)} during the run`);
      for (const line of internalErrors(server.logFile).slice(0, 10))
        fail(`${server.name} logged: ${line}`);
      results.rss[server.name] = rssMB(server.pid);
      await stopServer(server);
      if (server.exit?.code !== 0)
        fail(`${server.name} did not stop cleanly on SIGTERM: ${JSON.stringify(server.exit)}`);
    }
    if (project) rmSync(project, { recursive: true, force: true });
    clearTimeout(watchdog);
  }
  results.summary = summarise(results);
  process.stdout.write(report(results));
  if (flags.out) writeFileSync(flags.out, `${JSON.stringify(results, null, 2)}\n`);
  return results.failures.length === 0 ? 0 : 1;
}

/**
 * Slowloris and unfinished bodies, `count` of each at once, while the server is asked the health
 * questions: each must be cut off, the others served meanwhile.
 */
async function slowClients(mock, port, flags, fail) {
  const count = flags.quick ? 6 : 20;
  const before = rssMB(mock.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMB(mock.pid))), 200);
  const started = Date.now();
  const clients = [
    ...Array.from({ length: count }, () =>
      slowloris(port, { timeoutMs: flags.requestTimeout }).then((r) => judgeSlow('slowloris', r)),
    ),
    ...Array.from({ length: count }, (_, i) =>
      unfinishedBody(port, { timeoutMs: flags.requestTimeout, sentMiB: 1 + (i % 8) }).then((r) =>
        judgeSlow('unfinished body', r),
      ),
    ),
  ];
  let healthChecks = 0;
  const probing = (async () => {
    while (Date.now() - started < flags.requestTimeout) {
      healthChecks++;
      (await mockHealth(port)).forEach((p) => fail(`while slow clients waited: ${p}`));
    }
  })();
  (await Promise.all(clients)).flat().forEach(fail);
  await probing;
  const seconds = (Date.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, 2000));
  clearInterval(sampler);
  return {
    slowloris: count,
    unfinished: count,
    seconds,
    healthChecks,
    rssBefore: before,
    rssPeak: peak,
    rssAfter: rssMB(mock.pid),
  };
}

/** Cases by family, in order (Map.groupBy is Node 21's). */
function byFamily(cases) {
  const families = new Map();
  for (const c of cases) families.set(c.family, [...(families.get(c.family) ?? []), c]);
  return families;
}

async function inParallel(items, width, work) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: width }, lane));
}

process.on('exit', stopAllSync);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopAllSync();
    process.exit(130);
  });
}
main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`${error.stack ?? error}\n`);
    stopAllSync();
    process.exitCode = 1;
  },
);
