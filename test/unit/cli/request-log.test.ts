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

  it.each([
    ['agreement', { violations: [], source: 'backend' as const }, / 200 1\.3ms$/],
    [
      'the mock answered',
      { violations: [], source: 'mock' as const },
      / 200 1\.3ms \(answered by the mock\)$/,
    ],
    [
      'violations, one line each',
      {
        violations: [
          {
            location: '/response/body/data/title',
            message: "required property 'title' is missing",
          },
          { location: '/response/status', message: 'status 418 is not declared (declared: 200)' },
        ],
        source: 'backend' as const,
      },
      / 200 1\.3ms 2 violations\n {2}\/response\/body\/data\/title: required property 'title' is missing\n {2}\/response\/status: status 418 is not declared \(declared: 200\)$/,
    ],
    [
      'a note',
      {
        violations: [],
        source: 'backend' as const,
        note: 'response body not checked: larger than 16 MiB',
      },
      / 200 1\.3ms \(response body not checked: larger than 16 MiB\)$/,
    ],
    [
      'at most 20 violations',
      {
        violations: Array.from({ length: 25 }, (_, i) => ({
          location: `/request/query/q${i}`,
          message: 'm',
        })),
        source: 'backend' as const,
      },
      /25 violations\n( {2}\/request\/query\/q\d+: m\n){20} {2}\.\.\. and 5 more$/,
    ],
  ])('--proxy: %s', (_name, extra, want) => {
    const stream = new PassThrough();
    const log = createRequestLog(stream);
    log.write({ ...entry('/api/posts'), ...extra });
    log.flush();
    expect(String(stream.read()).replace(/\n$/, '')).toMatch(want);
  });
});
