// The mixed soak: ordinary traffic on kept-alive connections, hostile cases on fresh ones, and
// a few clients that never finish, from `concurrency` loops at once for `seconds`, with the
// server's resident memory sampled twice a second.
import http from 'node:http';
import { clearInterval, setInterval, setTimeout } from 'node:timers';
import { exchange } from './client.mjs';
import { random } from './cases.mjs';
import { rssMB } from './servers.mjs';
import { judgeSlow, slowloris, unfinishedBody } from './slow.mjs';
import { judge, mockHealth } from './verdict.mjs';

const SAMPLE_MS = 500;
/** Slow clients open at once, at most. */
const MAX_SLOW = 12;

export async function soak({
  server,
  port,
  cases,
  seconds,
  concurrency,
  maxRequests,
  timeoutMs,
  seed,
  onProgress,
}) {
  const rng = random(seed + 7);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const stats = { requests: 0, statuses: {}, failures: [], samples: [], slow: 0 };
  const started = Date.now();
  const deadline = started + seconds * 1000;
  const sampler = setInterval(() => {
    stats.samples.push([(Date.now() - started) / 1000, rssMB(server.pid)]);
  }, SAMPLE_MS);
  const fail = (problem) => {
    if (stats.failures.length < 50) stats.failures.push(problem);
  };
  const count = (status) => {
    const key = status === 0 ? '5xx asked for' : `${Math.floor(status / 100)}xx`;
    stats.statuses[key] = (stats.statuses[key] ?? 0) + 1;
  };
  // Small and medium hostile cases every time; the multi-megabyte ones now and then.
  const small = cases.filter((c) =>
    c.parts.every((p) => typeof p === 'number' || p.length < 256 * 1024),
  );
  const large = cases.filter((c) => !small.includes(c));
  let slowOpen = 0;

  const ordinary = () => {
    const page = 1 + rng.int(400);
    const pick = rng.int(6);
    if (pick === 0) return ['GET', `/api/users/${1 + rng.int(100_000)}`, undefined, 200];
    if (pick === 1)
      return ['GET', `/api/users?page=${page}&per_page=${1 + rng.int(100)}`, undefined, 200];
    if (pick === 2)
      return [
        'POST',
        '/api/users',
        JSON.stringify({ name: `User ${page}`, role: 'member', tags: ['a'] }),
        201,
      ];
    if (pick === 3) return ['POST', '/api/users', JSON.stringify({ name: 'x'.repeat(300) }), 422];
    if (pick === 4) return ['GET', '/api/categories', undefined, 200];
    return ['PUT', `/api/users/${page}`, JSON.stringify({ name: 'Ann', role: 'admin' }), 200];
  };

  const sendOrdinary = () =>
    new Promise((resolve) => {
      const [method, path, body, want] = ordinary();
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          agent,
          headers: body ? { 'content-type': 'application/json' } : {},
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            count(res.statusCode);
            if (res.statusCode !== want)
              fail(`soak: ${method} ${path} answered ${res.statusCode}, wanted ${want}`);
            resolve();
          });
        },
      );
      req.setTimeout(10_000, () => req.destroy(new Error('hang')));
      req.on('error', (error) => {
        fail(`soak: ${method} ${path}: ${error.message}`);
        resolve();
      });
      req.end(body);
    });

  const sendHostile = async () => {
    const c = rng.next() < 0.03 && large.length > 0 ? rng.pick(large) : rng.pick(small);
    const result = await exchange(port, c.parts, {
      expect: c.expect,
      head: c.head,
      deadlineMs: timeoutMs + 5000,
    });
    // `_scenario=error` asks for its 500: counted apart from the statuses nobody asked for.
    result.responses.forEach((r) => (c.allow5xx && r.status >= 500 ? count(0) : count(r.status)));
    for (const problem of judge(c, result, { jsonErrors: true }))
      fail(`soak: ${c.family}: ${c.name}: ${problem}`);
  };

  const sendSlow = async () => {
    slowOpen++;
    stats.slow++;
    const body = rng.next() < 0.5;
    const result = body
      ? await unfinishedBody(port, { timeoutMs, sentMiB: 1 + rng.int(5) })
      : await slowloris(port, { timeoutMs });
    slowOpen--;
    for (const problem of judgeSlow(body ? 'unfinished body' : 'slowloris', result))
      fail(`soak: ${problem}`);
  };

  const loop = async () => {
    while (Date.now() < deadline && stats.requests < maxRequests && !server.exit) {
      stats.requests++;
      const roll = rng.next();
      if (roll < 0.02 && slowOpen < MAX_SLOW) void sendSlow();
      else if (roll < 0.4) await sendHostile();
      else await sendOrdinary();
    }
  };
  const health = setInterval(() => {
    if (server.exit) return;
    void mockHealth(port).then((problems) => problems.forEach((p) => fail(`soak health: ${p}`)));
  }, 5000);
  const progress = setInterval(() => onProgress?.(stats, (Date.now() - started) / 1000), 10_000);
  await Promise.all(Array.from({ length: concurrency }, loop));
  // The slow clients started last end within their timeout.
  while (slowOpen > 0 && !server.exit) await new Promise((resolve) => setTimeout(resolve, 100));
  clearInterval(health);
  clearInterval(progress);
  clearInterval(sampler);
  agent.destroy();
  stats.seconds = (Date.now() - started) / 1000;
  stats.memory = memoryGrowth(stats.samples, seconds);
  return stats;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * Growth after warm-up: the median RSS of the soak's last tenth minus that of the tenth right
 * after the warm-up (the first quarter, at least 5 s: caches and compiled code fill up there).
 */
export function memoryGrowth(samples, seconds) {
  const warmup = Math.max(5, seconds / 4);
  const tenth = Math.max(2, seconds / 10);
  const window = (from, to) => samples.filter(([t]) => t >= from && t < to).map(([, mb]) => mb);
  const after = window(warmup, warmup + tenth);
  const last = window(seconds - tenth, Infinity);
  const all = samples.map(([, mb]) => mb);
  return {
    warmupSeconds: warmup,
    start: all[0] ?? 0,
    afterWarmup: median(after),
    end: median(last),
    peak: Math.max(0, ...all),
    growth: median(last) - median(after),
  };
}
