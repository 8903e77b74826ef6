import { describe, expect, it } from 'vitest';
import { memoryStore } from '../../../src/mock/state/memory.js';
import { StateFullError } from '../../../src/mock/state/store.js';

describe('the memory state store', () => {
  it('keeps at most maxItems created items per collection, the oldest out', async () => {
    const store = memoryStore({ maxItems: 3, maxCollections: 10 });
    for (let i = 1; i <= 5; i++) await store.create('/posts', String(i), { n: i });
    expect((await store.summary('/posts')).created).toBe(3);
    expect(await store.createdIds('/posts', 0, 10)).toEqual(['3', '4', '5']);
    expect((await store.item('/posts', '1')).item).toBeUndefined();
    expect((await store.item('/posts', '5')).item).toEqual({ n: 5 });
  });

  it('stores nothing for a read, and refuses a write past maxCollections', async () => {
    const store = memoryStore({ maxItems: 3, maxCollections: 2 });
    for (let i = 0; i < 1000; i++) {
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

  it('updates set fields over what is kept; a removed item stays removed', async () => {
    const store = memoryStore();
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

  it('a page of 200,000 items and a delete in it cost O(page), not O(items)', async () => {
    const store = memoryStore({ maxItems: 1_000_000, maxCollections: 10 });
    for (let i = 1; i <= 200_000; i++) await store.create('/posts', String(i), { n: i });
    const started = performance.now();
    for (let page = 0; page < 100; page++) {
      const from = 199_000 - page * 15;
      await store.items('/posts', await store.createdIds('/posts', from, from + 15));
    }
    // 100 pages: well under 5 ms each.
    expect((performance.now() - started) / 100).toBeLessThan(1);
    expect(await store.createdIds('/posts', 199_985, 200_000)).toHaveLength(15);
    const removing = performance.now();
    for (let i = 1000; i < 1100; i++) await store.remove('/posts', String(i), false);
    expect((performance.now() - removing) / 100).toBeLessThan(1);
    expect((await store.summary('/posts')).created).toBe(199_900);
    expect(await store.createdIds('/posts', 998, 1001)).toEqual(['999', '1100', '1101']);
  });
});
