// The stateful mock at scale: `--items` POSTs over HTTP into one collection of the bundled
// example (`--stateful --state-max-items <max>`), resident memory sampled as they go, then the
// time of single requests against the full collection: the first, a middle and the last page of
// the list, an item, a DELETE. Usage (after `npm run build`):
//   node bench/state-scale.mjs [--items 1000000] [--max-items <items>] [--connections 50]
// Progress on stderr, the report on stdout. Every process started here is stopped by its PID.
import autocannon from 'autocannon';
import { Buffer } from 'node:buffer';
import console from 'node:console';
import http from 'node:http';
import { existsSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { clearInterval, setInterval } from 'node:timers';
import { parseArgs } from 'node:util';
import { describeMachine, machineInfo } from './lib/machine.mjs';
import {
  freePort,
  memoryMB,
  startProcess,
  startRedisServer,
  stopAll,
  stopAllSync,
  stopProcess,
  waitIdle,
  waitReady,
} from './lib/procs.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TOKEN = { authorization: 'Bearer mock-token-bench' };
const BOOK = JSON.stringify({ title: 'Dune', author_id: 3, genre: 'fiction' });
const SEEDED = 50;

const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '1000000' },
    'max-items': { type: 'string' },
    connections: { type: 'string', default: '50' },
    samples: { type: 'string', default: '200' },
    heap: { type: 'string' },
    redis: { type: 'boolean', default: false },
    cli: { type: 'string' },
  },
});
const items = Number(values.items);
const maxItems = Number(values['max-items'] ?? values.items);
const connections = Number(values.connections);
const samples = Number(values.samples);
const heap = values.heap === undefined ? undefined : Number(values.heap);
const CLI = values.cli ?? `${ROOT}dist/cli/main.js`;
if (
  ![items, maxItems, connections, samples, heap ?? 1].every((n) => Number.isInteger(n) && n > 0)
) {
  console.error(
    '--items, --max-items, --connections, --samples and --heap take positive integers.',
  );
  process.exit(2);
}
if (!existsSync(CLI)) {
  console.error(`${CLI} is missing: run npm run build first.`);
  process.exit(1);
}
process.on('exit', stopAllSync);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function send(port, method, path, body) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: { ...TOKEN, ...(body ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            ms: performance.now() - started,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** `samples` sequential requests on one kept-alive connection: median and p99 in ms. */
async function timed(port, method, pathOf) {
  const ms = [];
  let status;
  for (let i = 0; i < samples; i++) {
    const answer = await send(port, method, pathOf(i));
    status = answer.status;
    ms.push(answer.ms);
  }
  ms.sort((a, b) => a - b);
  return { status, median: ms[Math.floor(ms.length / 2)], p99: ms[Math.floor(ms.length * 0.99)] };
}

/** A page of the middle of the list, each right after a DELETE of an item before it. */
async function timedAfterDelete(port, created, last) {
  const ms = [];
  let status;
  for (let i = 0; i < samples; i++) {
    await send(port, 'DELETE', `/api/books/${SEEDED + created - 3 * samples - i}`);
    const answer = await send(port, 'GET', `/api/books?page=${Math.ceil(last / 2)}&per_page=15`);
    status = answer.status;
    ms.push(answer.ms);
  }
  ms.sort((a, b) => a - b);
  return { status, median: ms[Math.floor(ms.length / 2)], p99: ms[Math.floor(ms.length * 0.99)] };
}

const redis = values.redis
  ? await startRedisServer(`${ROOT}bench/.scratch/logs/state-scale-redis.log`)
  : undefined;
if (redis?.error) {
  console.error(redis.error);
  await stopAll();
  process.exit(1);
}
const port = await freePort();
const server = startProcess({
  name: 'apidoc',
  command: process.execPath,
  args: [
    CLI,
    'mock',
    '--spec',
    `${ROOT}examples/openapi.yaml`,
    '--port',
    String(port),
    '--quiet',
    ...(redis ? ['--state', `redis://127.0.0.1:${redis.port}/0`] : ['--stateful']),
    '--state-max-items',
    String(maxItems),
  ],
  cwd: ROOT,
  logFile: `${ROOT}bench/.scratch/logs/state-scale.log`,
  // `--heap`: the server's heap capped, so that what it keeps, not its garbage, decides its size.
  env: heap ? { ...process.env, NODE_OPTIONS: `--max-old-space-size=${heap}` } : undefined,
});
try {
  await waitReady(server, port, 30_000);
  const before = memoryMB(server.pid);
  console.error(`ready; RSS ${before.rss.toFixed(1)} MB. ${items.toLocaleString('en')} POSTs...`);
  const samplesRss = [];
  const sampler = setInterval(() => samplesRss.push(memoryMB(server.pid).rss), 1000);
  const started = performance.now();
  const load = await autocannon({
    url: `http://127.0.0.1:${port}/api/books`,
    method: 'POST',
    headers: { ...TOKEN, 'content-type': 'application/json' },
    body: BOOK,
    connections,
    amount: items,
    timeout: 30,
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  await waitIdle(server.pid);
  const after = memoryMB(server.pid);
  const created = load['2xx'];
  console.error(
    `${created.toLocaleString('en')} created in ${seconds.toFixed(0)} s; timing reads...`,
  );

  const first = await send(port, 'GET', '/api/books?per_page=15');
  const total = JSON.parse(first.body).meta?.total;
  const last = Math.ceil(total / 15);
  const reads = {
    'GET first page (15)': await timed(port, 'GET', () => '/api/books?page=1&per_page=15'),
    'GET middle page (15)': await timed(
      port,
      'GET',
      () => `/api/books?page=${Math.ceil(last / 2)}&per_page=15`,
    ),
    'GET last page (15)': await timed(port, 'GET', () => `/api/books?page=${last}&per_page=15`),
    'GET a page after a DELETE (15)': await timedAfterDelete(port, created, last),
    'GET last page (100)': await timed(
      port,
      'GET',
      () => `/api/books?page=${Math.ceil(total / 100)}&per_page=100`,
    ),
    'GET an item': await timed(
      port,
      'GET',
      // The n-th book created has the id 50 + n: these are among the newest, kept.
      (i) => `/api/books/${SEEDED + created - 2 * samples - i}`,
    ),
    'DELETE an item': await timed(
      port,
      'DELETE',
      (i) => `/api/books/${SEEDED + created - samples - i}`,
    ),
  };
  const out = [];
  out.push(`State at scale: ${new Date().toISOString()} — ${describeMachine(machineInfo())}`);
  out.push(
    `${redis ? 'Redis' : 'memory'} state, --state-max-items ${maxItems.toLocaleString('en')}, ${items.toLocaleString('en')} POSTs over HTTP (${connections} connections): ${created.toLocaleString('en')} answered 201, ${(load.non2xx + load.errors).toLocaleString('en')} not, in ${seconds.toFixed(0)} s (${Math.round(created / seconds).toLocaleString('en')}/s)`,
  );
  out.push(
    `the list's total after: ${total.toLocaleString('en')} (the ${SEEDED} seeded books and the created ones kept)`,
  );
  out.push(
    `RSS: ${before.rss.toFixed(0)} MB at ready, at most ${Math.max(...samplesRss, after.rss).toFixed(0)} MB while writing, ${after.rss.toFixed(0)} MB after (peak ${after.peak.toFixed(0)} MB)`,
  );
  out.push('');
  out.push('| request | status | median (ms) | p99 (ms) |');
  out.push('| --- | --- | --- | --- |');
  for (const [name, r] of Object.entries(reads))
    out.push(`| ${name} | ${r.status} | ${r.median.toFixed(2)} | ${r.p99.toFixed(2)} |`);
  out.push(`(${samples} sequential requests each on one kept-alive connection, from this process)`);
  console.log(out.join('\n'));
} finally {
  agent.destroy();
  await stopProcess(server);
  await stopAll();
}
