import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBatcher } from '../../../src/watch/batch.js';

describe('createBatcher', () => {
  let runs: string[][];
  let release: (() => void)[];
  const slowRun = (files: string[]) => {
    runs.push(files);
    return new Promise<void>((resolve) => release.push(resolve));
  };
  beforeEach(() => {
    vi.useFakeTimers();
    runs = [];
    release = [];
  });
  afterEach(() => vi.useRealTimers());

  it('runs once for a burst of saves, with the files sorted and deduplicated', async () => {
    const batcher = createBatcher(async (files) => void runs.push(files), 100);
    batcher.add('routes/api.php');
    await vi.advanceTimersByTimeAsync(60);
    batcher.add('app/A.php');
    await vi.advanceTimersByTimeAsync(60);
    batcher.add('routes/api.php');
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toEqual([['app/A.php', 'routes/api.php']]);
  });

  it('runs again for separate bursts', async () => {
    const batcher = createBatcher(async (files) => void runs.push(files), 100);
    batcher.add('a.php');
    await vi.advanceTimersByTimeAsync(150);
    batcher.add('b.php');
    await vi.advanceTimersByTimeAsync(150);
    expect(runs).toEqual([['a.php'], ['b.php']]);
  });

  it('never runs twice at once: changes during a run make one more run after it', async () => {
    const batcher = createBatcher(slowRun, 100);
    batcher.add('a.php');
    await vi.advanceTimersByTimeAsync(100);
    batcher.add('b.php');
    await vi.advanceTimersByTimeAsync(100);
    batcher.add('c.php');
    await vi.advanceTimersByTimeAsync(500);
    expect(runs).toEqual([['a.php']]);
    release[0]!();
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toEqual([['a.php'], ['b.php', 'c.php']]);
  });

  it('keeps going after a failed run', async () => {
    let calls = 0;
    const batcher = createBatcher(async (files) => {
      calls += 1;
      runs.push(files);
      if (calls === 1) throw new Error('boom');
    }, 100);
    batcher.add('a.php');
    await vi.advanceTimersByTimeAsync(100);
    batcher.add('b.php');
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toEqual([['a.php'], ['b.php']]);
  });

  it('close drops pending changes and waits for the run in progress', async () => {
    const batcher = createBatcher(slowRun, 100);
    batcher.add('a.php');
    await vi.advanceTimersByTimeAsync(100);
    batcher.add('b.php');
    let closed = false;
    const closing = batcher.close().then(() => (closed = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(closed).toBe(false);
    release[0]!();
    await closing;
    batcher.add('c.php');
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toEqual([['a.php']]);
  });
});
