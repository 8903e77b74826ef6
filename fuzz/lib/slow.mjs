// Clients that never finish: headers dribbled a byte at a time (slowloris) and bodies that
// stop short of their Content-Length. The server must cut each off at its request timeout
// with a 408 (or close it), let go of what it buffered, and serve everyone else meanwhile.
import { Buffer } from 'node:buffer';
import { exchange, request } from './client.mjs';

const MiB = 1024 * 1024;

/** One slowloris connection: a header byte every `everyMs`, for far longer than any timeout. */
export function slowloris(port, { timeoutMs, everyMs = 250 }) {
  const parts = ['GET /api/users HTTP/1.1\r\nHost: fuzz.test\r\n'];
  for (let i = 0; i < (timeoutMs * 4) / everyMs; i++)
    parts.push(everyMs, 'X-Slow: a\r\n'.slice(i % 11, (i % 11) + 1));
  return exchange(port, parts, { deadlineMs: timeoutMs + 5000 });
}

/** One body that declares 9 MiB and stops after `sentMiB`. */
export function unfinishedBody(port, { timeoutMs, sentMiB }) {
  const head = request('POST', '/api/users', {
    Host: 'fuzz.test',
    'Content-Type': 'application/json',
    'Content-Length': 9 * MiB,
  });
  const parts = [
    head,
    Buffer.concat([Buffer.from('{"name":"'), Buffer.alloc(sentMiB * MiB, 0x61)]),
  ];
  return exchange(port, parts, { deadlineMs: timeoutMs + 5000 });
}

/** The problems with a slow client's outcome: it must end, with a 408 or a plain close. */
export function judgeSlow(name, result) {
  if (result.timedOut) return [`${name}: still open ${result.ms} ms later (no timeout)`];
  const status = result.responses[0]?.status;
  if (status !== undefined && status !== 408) return [`${name}: answered ${status}, not 408`];
  return [];
}
