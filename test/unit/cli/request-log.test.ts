import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createRequestLog } from '../../../src/cli/request-log.js';

const entry = (url: string) => ({ method: 'GET', url, status: 200, ms: 1.25 });

describe('createRequestLog: bounded, whatever the reader does', () => {
  it('writes a line per request, a long target cut to its start', () => {
    const stream = new PassThrough();
    const log = createRequestLog(stream);
    log.write(entry('/api/users'));
    log.write(entry(`/${'x'.repeat(5000)}`));
    log.flush();
    const lines = String(stream.read()).split('\n');
    expect(lines[0]).toMatch(/^\S+ GET \/api\/users 200 1\.3ms$/);
    expect(lines[1]!.length).toBeLessThan(1100);
    expect(lines[1]).toContain('…');
  });

  it('drops lines while 4 MiB wait unread, then says how many', () => {
    const stream = new PassThrough({ highWaterMark: 1 });
    const log = createRequestLog(stream);
    const url = `/${'y'.repeat(1000)}`;
    for (let i = 0; i < 10_000; i++) log.write(entry(url));
    log.flush();
    expect(stream.writableLength).toBeLessThan(5 * 1024 * 1024);
    while (stream.read() !== null);
    log.write(entry('/after'));
    log.flush();
    expect(String(stream.read())).toMatch(
      /^\(\d+ request log lines dropped: the log was not being read\)\n.*\/after/,
    );
  });
});
