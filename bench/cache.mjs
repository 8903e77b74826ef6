// The mock's bounded cache (src/mock/cache.ts, a CLOCK approximation of least recently used)
// against lru-cache, the well-kept LRU that weighs entries, on the mock's own patterns: a reply
// cache answering the same requests (hits), one fed ever new pages (misses that evict), and a
// route memo of many paths with some new ones. Usage (after `npm run build`):
//   node bench/cache.mjs [--rounds 5] [--ops 1000000]
// lru-cache is installed on first use into bench/.scratch/lru/ (gitignored), never into the
// project's node_modules. Prints ns per operation, each the median of alternating rounds.
import { spawnSync } from 'node:child_process';
import { Buffer } from 'node:buffer';
import console from 'node:console';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LRU_DIR = `${ROOT}bench/.scratch/lru`;
const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    ops: { type: 'string', default: '1000000' },
  },
});
const rounds = Number(values.rounds);
const ops = Number(values.ops);
if (!existsSync(`${ROOT}dist/mock/cache.js`)) {
  console.error('dist/mock/cache.js is missing: run npm run build first.');
  process.exit(1);
}
if (!existsSync(`${LRU_DIR}/node_modules/lru-cache/package.json`)) {
  console.error(`Installing lru-cache@11 into ${LRU_DIR} (once)`);
  const npm = spawnSync(
    'npm',
    [
      'install',
      '--prefix',
      LRU_DIR,
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      'lru-cache@11',
    ],
    { stdio: ['ignore', 2, 2] },
  );
  if (npm.status !== 0) process.exit(1);
}
const { ClockCache } = await import(`${ROOT}dist/mock/cache.js`);
const { LRUCache } = createRequire(`${LRU_DIR}/`)('lru-cache');
const lruVersion = JSON.parse(
  readFileSync(`${LRU_DIR}/node_modules/lru-cache/package.json`, 'utf8'),
).version;

/** The two caches behind one interface, with the mock's bounds: entries, weight, no entry over an eighth. */
const KINDS = {
  clock: (maxEntries, maxWeight, weigh) => new ClockCache(maxEntries, maxWeight, weigh),
  'lru-cache': (maxEntries, maxWeight, weigh) =>
    new LRUCache({
      max: maxEntries,
      maxSize: maxWeight,
      maxEntrySize: maxWeight / 8,
      sizeCalculation: (value, key) => Math.max(1, weigh(value, key)),
    }),
};

const reply = (bytes) => ({
  prepared: true,
  status: 200,
  headers: [],
  payload: Buffer.alloc(bytes),
});
const replyWeight = (value) => value.payload?.length ?? 0;
const pathWeight = (_value, key) => 2 * key.length + 200;
/** A deterministic sequence (xorshift), so that both caches see the same requests. */
function sequence(seed) {
  let x = seed;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

const WORKLOADS = {
  'replies, all hits (500 replies of 2 KB)': (make) => {
    const cache = make(2_000, 16 * 1024 * 1024, replyWeight);
    const keys = Array.from({ length: 500 }, (_, i) => `3|success|/api/books/${i}`);
    for (const key of keys) cache.set(key, reply(2_048));
    const next = sequence(7);
    return () => {
      const key = keys[Math.floor(next() * keys.length)];
      return cache.get(key) ?? cache.set(key, reply(2_048));
    };
  },
  'replies, ever new pages (misses that evict)': (make) => {
    const cache = make(2_000, 16 * 1024 * 1024, replyWeight);
    const body = reply(4_096);
    let page = 0;
    return () => {
      const key = `2|success|127.0.0.1:8081|/api/books?page=${page++}`;
      return cache.get(key) ?? cache.set(key, body);
    };
  },
  'routes, 20,000 paths over 10,000 places (hits and evictions)': (make) => {
    const cache = make(10_000, 8 * 1024 * 1024, pathWeight);
    const paths = Array.from({ length: 20_000 }, (_, i) => `/api/posts/${i}/comments`);
    const next = sequence(11);
    const route = { GET: { kind: 'found' } };
    return () => {
      // Four requests in five to the first 5,000 paths: the ones a client repeats.
      const r = next();
      const path = r < 0.8 ? paths[Math.floor(next() * 5_000)] : paths[Math.floor(next() * 20_000)];
      return cache.get(path) ?? cache.set(path, route);
    };
  },
};

function run(make, workload) {
  const step = workload(make);
  for (let i = 0; i < ops / 10; i++) step();
  const started = performance.now();
  for (let i = 0; i < ops; i++) step();
  return ((performance.now() - started) * 1e6) / ops;
}

console.log(
  `ns per get-or-set, median of ${rounds} alternating rounds of ${ops.toLocaleString('en')} (lru-cache ${lruVersion}, Node ${process.version})`,
);
console.log('');
console.log('| workload | clock (src/mock/cache.ts) | lru-cache |');
console.log('| --- | --- | --- |');
for (const [name, workload] of Object.entries(WORKLOADS)) {
  const times = { clock: [], 'lru-cache': [] };
  for (let round = 0; round < rounds; round++)
    for (const [kind, make] of Object.entries(KINDS)) times[kind].push(run(make, workload));
  const median = (list) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)];
  console.log(
    `| ${name} | ${median(times.clock).toFixed(0)} | ${median(times['lru-cache']).toFixed(0)} |`,
  );
}
