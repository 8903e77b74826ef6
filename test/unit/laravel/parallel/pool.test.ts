import { describe, expect, it } from 'vitest';
import { inThread, workerPool } from '../../../../src/laravel/parallel/pool.js';

const ECHO = new URL('./workers/echo.mjs', import.meta.url);
const BROKEN = new URL('./workers/broken.mjs', import.meta.url);
const files = (...names: string[]) => names.map((rel) => ({ rel, content: '<?php\n' }));

describe('the worker pool', () => {
  it('answers each task from a worker thread', async () => {
    const pool = workerPool(2, ECHO);
    try {
      const answers = await Promise.all([pool.analyse(files('a', 'b')), pool.analyse(files('c'))]);
      expect(answers).toEqual([['a', 'b'], ['c']]);
      expect(pool.started()).toBe(2);
    } finally {
      await pool.close();
    }
  });

  it.each([
    ['exits', 'exit', /^worker thread \d+ exited with code 3$/],
    ['throws', 'throw', /^the analysis threw$/],
    ['answers something else', 'short', /^the worker answered with something else/],
  ])('rejects the task whose worker %s, and runs the others', async (_name, first, reason) => {
    const pool = workerPool(2, ECHO);
    try {
      const settled = await Promise.allSettled([
        pool.analyse(files('a')),
        pool.analyse(files(first, 'x')),
        pool.analyse(files('b')),
        pool.analyse(files('c')),
      ]);
      expect(settled.map((s) => s.status)).toEqual([
        'fulfilled',
        'rejected',
        'fulfilled',
        'fulfilled',
      ]);
      expect(((settled[1] as PromiseRejectedResult).reason as Error).message).toMatch(reason);
      // A crashed thread is replaced: the pool goes on.
      expect(await pool.analyse(files('d'))).toEqual(['d']);
    } finally {
      await pool.close();
    }
  });

  it('gives every task back when the worker module does not load', async () => {
    const pool = workerPool(2, BROKEN);
    const settled = await Promise.allSettled([1, 2, 3].map((i) => pool.analyse(files(`f${i}`))));
    expect(settled.every((s) => s.status === 'rejected')).toBe(true);
    await expect(pool.analyse(files('later'))).rejects.toThrow('the worker module does not load');
    await pool.close();
  });

  it('in this thread, without a pool', async () => {
    const runner = inThread();
    const [facts] = await runner.analyse(files('app/A.php'));
    expect(JSON.parse(facts!)).toEqual({ classes: [] });
    expect(runner.started()).toBe(0);
  });
});
