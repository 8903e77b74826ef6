import { describe, expect, it } from 'vitest';
import { memoryStore } from '../../../../src/mock/state/memory.js';
import { StateFullError } from '../../../../src/mock/state/store.js';

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

  it('pages 200,000 items by position, past removed and evicted ones', async () => {
    const store = memoryStore({ maxItems: 150_000, maxCollections: 10 });
    for (let i = 1; i <= 200_000; i++) await store.create('/posts', String(i), { n: i });
    // The oldest 50,000 went past the bound.
    expect(await store.createdIds('/posts', 0, 2)).toEqual(['50001', '50002']);
    for (let i = 60_000; i < 60_100; i++) await store.remove('/posts', String(i), false);
    expect((await store.summary('/posts')).created).toBe(149_900);
    expect(await store.createdIds('/posts', 9_998, 10_001)).toEqual(['59999', '60100', '60101']);
    expect(await store.createdIds('/posts', 149_898, 150_000)).toEqual(['199999', '200000']);
    expect(await store.items('/posts', ['60000', '60100'])).toEqual([undefined, { n: 60_100 }]);
  });
});
