import autocannon from 'autocannon';
import { Buffer } from 'node:buffer';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { withTimeout } from './procs.mjs';

/**
 * One request on a fresh connection: { status, headers, body (text), bytes, ms }. Rejects on error
 * or timeout.
 */
export function request(port, { method, path, headers = {}, body }, timeoutMs = 30000) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      { host: '127.0.0.1', port, method, path, headers, agent: false, timeout: timeoutMs },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          resolve({
            status: res.statusCode,
            headers: res.headers,
            body: bytes.toString('utf8'),
            bytes,
            ms: performance.now() - started,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Checks that the server answers `target` with `target.expect`; resolves null when it does, or a
 * one-line description of the wrong answer.
 */
export async function checkAnswer(port, target) {
  try {
    const answer = await request(port, target);
    if (answer.status === target.expect) return null;
    const snippet = answer.body.replace(/\s+/g, ' ').slice(0, 160);
    return `answered ${answer.status} instead of ${target.expect}${snippet ? `: ${snippet}` : ''}`;
  } catch (error) {
    return `no valid answer: ${error.message}`;
  }
}

/**
 * `duration` seconds of load from autocannon, in this process. Resolves with requests/s (mean of
 * the per-second samples), latency percentiles in ms, and the error counts.
 */
export async function runLoad(port, target, { connections, duration }) {
  const instance = autocannon({
    url: `http://127.0.0.1:${port}${target.path}`,
    method: target.method,
    headers: target.headers,
    body: target.body,
    connections,
    duration,
    timeout: 10,
  });
  const result = await withTimeout(
    instance,
    (duration + 30) * 1000,
    `autocannon did not finish within ${duration + 30} s`,
    () => instance.stop(),
  );
  return {
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}
