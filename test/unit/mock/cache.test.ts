import { describe, expect, it } from 'vitest';
import { boundedCache } from '../../../src/mock/cache.js';
import { prepare, replyCache } from '../../../src/mock/respond/reply.js';

const reply = (bytes: number) =>
  prepare({ status: 200, body: 'x'.repeat(bytes), contentType: 'text/plain' });

describe('boundedCache, as the reply cache', () => {
  it('returns what was stored', () => {
    const cache = replyCache();
    const stored = cache.set('a', reply(3));
    expect(cache.get('a')).toBe(stored);
    expect(cache.get('b')).toBeUndefined();
  });

  it.each([
    [
      'by entries: the least recently used goes first',
      2,
      1000,
      ['a', 'b', 'get a', 'c'],
      { a: true, b: false, c: true },
    ],
    ['by entries, without reads', 2, 1000, ['a', 'b', 'c'], { a: false, b: true, c: true }],
    [
      'by entries: a read entry is as old as its last read, not given a second chance (LRU, not CLOCK)',
      2,
      1000,
      ['a', 'b', 'get a', 'c', 'd'],
      { a: false, b: false, c: true, d: true },
    ],
    [
      'by bytes',
      100,
      80,
      ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'],
      { a: false, b: true, i: true },
    ],
  ] as const)('evicts %s', (_name, maxEntries, maxBytes, steps, want) => {
    const cache = replyCache(maxEntries, maxBytes);
    for (const step of steps) {
      if (step.startsWith('get ')) cache.get(step.slice(4));
      else cache.set(step, reply(10));
    }
    for (const [key, present] of Object.entries(want))
      expect(cache.get(key) !== undefined).toBe(present);
  });

  it('does not keep a reply larger than an eighth of its budget', () => {
    const cache = replyCache(10, 80);
    cache.set('big', reply(11));
    expect(cache.get('big')).toBeUndefined();
  });
});

describe('boundedCache', () => {
  it('weighs entries with its own measure, and forgets everything on clear', () => {
    const cache = boundedCache<string>(100, 16, (_value, key) => key.length);
    cache.set('aa', 'x');
    cache.set('bb', 'y');
    expect(cache.get('aa')).toBe('x');
    cache.set('c'.repeat(3), 'too heavy for an eighth');
    expect(cache.get('ccc')).toBeUndefined();
    for (const key of ['dd', 'ee', 'ff', 'gg', 'hh', 'ii', 'jj']) cache.set(key, key);
    expect(cache.get('bb')).toBeUndefined();
    expect(cache.get('jj')).toBe('jj');
    cache.clear();
    expect(cache.get('jj')).toBeUndefined();
  });

  it('keeps an entry that weighs nothing', () => {
    const cache = boundedCache<string>(2, 16, () => 0);
    cache.set('a', 'x');
    expect(cache.get('a')).toBe('x');
  });
});

describe('prepare', () => {
  it.each([
    ['JSON', { status: 200, body: { a: 1 } }, 'application/json', '{"a":1}'],
    [
      'a +json type',
      { status: 200, body: [1], contentType: 'application/problem+json' },
      'application/problem+json',
      '[1]',
    ],
    [
      'text',
      { status: 200, body: 'hi', contentType: 'text/plain' },
      'text/plain; charset=utf-8',
      'hi',
    ],
    ['no body on 204', { status: 204, body: { a: 1 } }, undefined, undefined],
  ])('%s', (_name, given, type, payload) => {
    const prepared = prepare(given);
    const header = (name: string) => {
      const i = prepared.headers.indexOf(name);
      return i < 0 ? undefined : prepared.headers[i + 1];
    };
    expect(header('content-type')).toBe(type);
    expect(prepared.payload?.toString()).toBe(payload);
    if (payload !== undefined)
      expect(header('content-length')).toBe(String(Buffer.byteLength(payload)));
  });
});
