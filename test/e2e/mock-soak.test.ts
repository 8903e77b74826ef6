/**
 * Soaks: the built mock under a mixed load with its heap capped at 64 MB, long enough to fill
 * every cache (replies, routes, the journal) twice over; and the stateful mock under writes.
 * `npm run soak` runs them for 10 minutes (SOAK_SECONDS); CI runs them for a few seconds.
 */
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { request, Agent } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, startMock, type RunningMock } from './helpers.js';

const SPEC = path.join(FIXTURES, 'resources.yaml');
const SECONDS = Number(process.env.SOAK_SECONDS ?? 8);
const HEAP = { NODE_OPTIONS: '--max-old-space-size=64' };
/**
 * RSS growth allowed after warm-up. In a short run the warm-up cannot fill the reply cache
 * (16 MiB of bodies, off the heap) and the route caches (8 MiB) before the measured half: the
 * bound is theirs plus margin; a run of two minutes or more holds to 20 MiB.
 */
const MAX_GROWTH = SECONDS >= 120 ? 20 : 40;

function rssMiB(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
}

/** One request over a kept-alive agent; the status, or 0 when the connection failed. */
function send(agent: Agent, base: string, method: string, target: string, body?: string) {
  return new Promise<number>((resolve) => {
    const req = request(
      `${base}${target}`,
      { method, agent, headers: body ? { 'content-type': 'application/json' } : {} },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

/** The `i`th request of the mixed soak: valid and invalid, reads of ever new ids and pages. */
function mixed(i: number): [string, string, string?] {
  switch (i % 8) {
    case 0:
      return ['GET', `/api/posts/${1 + (i % 40_000)}`];
    case 1:
      return ['GET', `/api/posts?page=${1 + (i % 5_000)}&per_page=15&api_key=secret-${i}`];
    case 2:
      return ['POST', '/api/posts', '{"title":5}'];
    case 3:
      return ['GET', `/api/posts/${1 + (i % 20_000)}/comments`];
    case 4:
      return ['GET', `/api/posts/x${i}`];
    case 5:
      return ['POST', '/api/posts', `{"title":"${'t'.repeat(i % 300)}"}`];
    case 6:
      return ['GET', `/nope/${i}?q=${'x'.repeat(i % 2_000)}`];
    default:
      return ['PATCH', `/api/posts/${1 + (i % 50)}`, '{"published":"maybe"}'];
  }
}

/** Runs `next` with `concurrency` requests in flight until `ms` pass; calls `sample` now and then. */
async function soak(
  base: string,
  ms: number,
  next: (i: number) => [string, string, string?],
  sample: () => void,
): Promise<{ sent: number; failed: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  const end = Date.now() + ms;
  let i = 0;
  let failed = 0;
  let sampled = Date.now();
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (Date.now() < end) {
        const [method, target, body] = next(i++);
        if ((await send(agent, base, method, target, body)) === 0) failed++;
        if (Date.now() - sampled > 1_000) {
          sampled = Date.now();
          sample();
        }
      }
    }),
  );
  agent.destroy();
  return { sent: i, failed };
}

describe.runIf(process.platform === 'linux')('soak with the heap capped at 64 MB', () => {
  let mock: RunningMock;
  let stateful: RunningMock;
  beforeAll(async () => {
    [mock, stateful] = await Promise.all([
      startMock(['--spec', SPEC, '--quiet'], { env: HEAP }),
      startMock(['--spec', SPEC, '--quiet', '--stateful', '--state-max-items', '2000'], {
        env: HEAP,
      }),
    ]);
  });
  afterAll(() => Promise.all([mock?.stop(), stateful?.stop()]));

  it(
    `a mixed load for ${SECONDS} s: no crash, no failed request, RSS flat after warm-up`,
    async () => {
      const pid = mock.child.pid!;
      // Warm-up: every cache filled once.
      await soak(mock.url, (SECONDS * 1000) / 2, mixed, () => undefined);
      const warm = rssMiB(pid);
      let peak = warm;
      const run = await soak(
        mock.url,
        (SECONDS * 1000) / 2,
        (i) => mixed(i + 1_000_000),
        () => {
          peak = Math.max(peak, rssMiB(pid));
        },
      );
      peak = Math.max(peak, rssMiB(pid));
      process.stdout.write(
        `soak: ${run.sent} requests after warm-up, RSS ${warm.toFixed(1)} MiB -> peak ${peak.toFixed(1)} MiB\n`,
      );
      expect(mock.child.exitCode).toBeNull();
      expect(run.failed).toBe(0);
      expect(peak - warm).toBeLessThan(MAX_GROWTH);
    },
    SECONDS * 1000 + 30_000,
  );

  it(
    `the stateful mock under writes for ${SECONDS} s: items bounded, the last page whole`,
    async () => {
      const pid = stateful.child.pid!;
      const writes = (i: number): [string, string, string?] =>
        i % 10 === 9
          ? ['GET', `/api/posts?page=${1 + (i % 100)}`]
          : i % 10 === 8
            ? ['DELETE', `/api/posts/${51 + (i % 3_000)}`]
            : ['POST', '/api/posts', `{"title":"Post ${i}","body":"${'b'.repeat(200)}"}`];
      await soak(stateful.url, (SECONDS * 1000) / 2, writes, () => undefined);
      const warm = rssMiB(pid);
      let peak = warm;
      const run = await soak(
        stateful.url,
        (SECONDS * 1000) / 2,
        (i) => writes(i + 7),
        () => {
          peak = Math.max(peak, rssMiB(pid));
        },
      );
      process.stdout.write(
        `stateful soak: ${run.sent} requests after warm-up, RSS ${warm.toFixed(1)} MiB -> peak ${peak.toFixed(1)} MiB\n`,
      );
      expect(stateful.child.exitCode).toBeNull();
      expect(run.failed).toBe(0);
      expect(peak - warm).toBeLessThan(MAX_GROWTH);
      const list = (await (await fetch(`${stateful.url}/api/posts?per_page=15&page=2`)).json()) as {
        meta: { total: number };
      };
      expect(list.meta.total).toBeLessThanOrEqual(50 + 2000);
      // The last page holds what is left after the others (its speed is in bench/state-scale.mjs).
      const last = Math.ceil(list.meta.total / 15);
      const page = await fetch(`${stateful.url}/api/posts?per_page=15&page=${last}`);
      expect(page.status).toBe(200);
      const { data } = (await page.json()) as { data: unknown[] };
      expect(data).toHaveLength(list.meta.total - (last - 1) * 15);
    },
    SECONDS * 1000 + 30_000,
  );
});
