import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryStore } from '../../../../src/mock/state/memory.js';
import { redisStore } from '../../../../src/mock/state/redis.js';
import {
  StateFullError,
  type StateLimits,
  type StateStore,
} from '../../../../src/mock/state/store.js';
import { hasRedis, startRedis, type RunningRedis } from '../../../support/redis-server.js';

/**
 * Both stores keep the same contract. `many` is how many items the paging case creates: fewer
 * on Redis, where each create is a round trip.
 */
interface Kind {
  name: string;
  open: (limits?: StateLimits) => Promise<StateStore>;
  many: number;
}

let redis: RunningRedis | undefined;
const opened: StateStore[] = [];
/** Each Redis store in a database of its own (a fresh one per test), emptied first. */
let database = 0;

const kinds: Kind[] = [
  { name: 'memory', open: async (limits) => memoryStore(limits), many: 200_000 },
  ...(hasRedis
    ? [
        {
          name: 'redis',
          open: async (limits?: StateLimits) => {
            const url = redis!.url.replace(/\/0$/, `/${database++ % 16}`);
            const store = await redisStore(url, limits);
            await store.reset();
            opened.push(store);
            return store;
          },
          many: 2_000,
        },
      ]
    : []),
];

beforeAll(async () => {
  if (hasRedis) redis = await startRedis();
});
afterAll(async () => {
  await Promise.all(opened.map((store) => store.close()));
  await redis?.stop();
});

describe.each(kinds)('the $name state store', ({ open, many }) => {
  it('keeps at most maxItems created items per collection, the oldest out', async () => {
    const store = await open({ maxItems: 3, maxCollections: 10 });
    for (let i = 1; i <= 5; i++) await store.create('/posts', String(i), { n: i });
    expect((await store.summary('/posts')).created).toBe(3);
    expect(await store.createdIds('/posts', 0, 10)).toEqual(['3', '4', '5']);
    expect((await store.item('/posts', '1')).item).toBeUndefined();
    expect((await store.item('/posts', '5')).item).toEqual({ n: 5 });
  });

  it('stores nothing for a read, and refuses a write past maxCollections', async () => {
    const store = await open({ maxItems: 3, maxCollections: 2 });
    for (let i = 0; i < 100; i++) {
      await store.summary(`/posts/${i}/comments`);
      await store.item(`/posts/${i}/comments`, '1');
      await store.createdIds(`/posts/${i}/comments`, 0, 15);
    }
    await store.create('/a', '1', {});
    await store.create('/b', '1', {});
    await expect(store.create('/c', '1', {})).rejects.toBeInstanceOf(StateFullError);
    await store.reset();
    await store.create('/c', '1', {});
  });

  it('numbers creations past the seeded ids, as nextCreated then create would', async () => {
    const store = await open({ maxItems: 2, maxCollections: 1 });
    const cases: [string, () => Promise<unknown>, unknown][] = [
      ['the first creation', () => store.createNumbered('/books', 50, { title: 'a' }), '51'],
      ['the next number', () => store.nextCreated('/books'), 2],
      ['numbered after it', () => store.createNumbered('/books', 50, { title: 'b' }), '53'],
      ['another offset', () => store.createNumbered('/books', 0, {}), '4'],
    ];
    for (const [, run, want] of cases) expect(await run()).toEqual(want);
    // Two kept, the oldest out; what was stored comes back under the id.
    expect(await store.createdIds('/books', 0, 10)).toEqual(['53', '4']);
    expect((await store.item('/books', '53')).item).toEqual({ title: 'b' });
    expect((await store.item('/books', '51')).item).toBeUndefined();
    // A collection past the bound is refused before it is numbered.
    await expect(store.createNumbered('/authors', 0, {})).rejects.toBeInstanceOf(StateFullError);
    await store.reset();
    expect(await store.createNumbered('/authors', 0, {})).toBe('1');
  });

  it('updates set fields over what is kept; a removed item stays removed', async () => {
    const store = await open();
    await store.create('/posts', '51', { title: 'a', body: 'b' });
    expect(await store.update('/posts', '51', { title: 'x' }, false)).toEqual({
      title: 'x',
      body: 'b',
    });
    expect(await store.remove('/posts', '51', false)).toBe(true);
    expect(await store.remove('/posts', '51', false)).toBe(false);
    expect(await store.update('/posts', '51', { title: 'y' }, false)).toBeUndefined();
    expect((await store.item('/posts', '51')).item).toBeUndefined();
    // A seeded item: only its changes are kept; deleted, no update brings it back.
    expect(await store.update('/posts', '2', { title: 'z' }, true)).toEqual({ title: 'z' });
    expect(await store.remove('/posts', '2', true)).toBe(true);
    expect(await store.update('/posts', '2', { title: 'w' }, true)).toBeUndefined();
    expect((await store.item('/posts', '2')).deleted).toBe(true);
  });

  it('a removed created id leaves the order; the others keep theirs, and the oldest still go first', async () => {
    const store = await open({ maxItems: 4, maxCollections: 10 });
    for (const id of ['a', 'b', 'c', 'd']) await store.create('/tags', id, {});
    expect(await store.remove('/tags', 'b', false)).toBe(true);
    expect(await store.createdIds('/tags', 0, 10)).toEqual(['a', 'c', 'd']);
    expect(await store.createdIds('/tags', 1, 2)).toEqual(['c']);
    for (const id of ['e', 'f']) await store.create('/tags', id, {});
    expect(await store.createdIds('/tags', 0, 10)).toEqual(['c', 'd', 'e', 'f']);
    expect((await store.item('/tags', 'a')).item).toBeUndefined();
    expect((await store.summary('/tags')).created).toBe(4);
  });

  it(`pages ${many.toLocaleString('en')} items by position, past removed and evicted ones`, async () => {
    const kept = (many * 3) / 4;
    const store = await open({ maxItems: kept, maxCollections: 10 });
    for (let i = 1; i <= many; i++) await store.create('/posts', String(i), { n: i });
    const first = many - kept + 1;
    // The oldest quarter went past the bound.
    expect(await store.createdIds('/posts', 0, 2)).toEqual([String(first), String(first + 1)]);
    const gone = first + 10;
    for (let i = gone; i < gone + 100; i++) await store.remove('/posts', String(i), false);
    expect((await store.summary('/posts')).created).toBe(kept - 100);
    expect(await store.createdIds('/posts', 8, 11)).toEqual(
      [first + 8, first + 9, gone + 100].map(String),
    );
    expect(await store.createdIds('/posts', kept - 102, kept)).toEqual(
      [many - 1, many].map(String),
    );
    expect(await store.items('/posts', [String(gone), String(gone + 100)])).toEqual([
      undefined,
      { n: gone + 100 },
    ]);
  }, 60_000);
});

describe.runIf(hasRedis)('the Redis state store', () => {
  it('runs its scripts again by their text when Redis has forgotten them', async () => {
    const url = redis!.url.replace(/\/0$/, `/${database++ % 16}`);
    const store = await redisStore(url);
    opened.push(store);
    await store.reset();
    const { createClient } = await import('@redis/client');
    const admin = createClient({ url });
    await admin.connect();
    try {
      expect(await store.createNumbered('/books', 50, { title: 'a' })).toBe('51');
      await admin.scriptFlush();
      expect(await store.createNumbered('/books', 50, { title: 'b' })).toBe('52');
      await admin.scriptFlush();
      expect(await store.update('/books', '52', { title: 'c' }, false)).toEqual({ title: 'c' });
      await admin.scriptFlush();
      expect(await store.remove('/books', '51', false)).toBe(true);
      expect(await store.createdIds('/books', 0, 10)).toEqual(['52']);
    } finally {
      await admin.close();
    }
  });
});
