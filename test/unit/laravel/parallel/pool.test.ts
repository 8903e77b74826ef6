import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { inThread, workerPool, type Round } from '../../../../src/laravel/parallel/pool.js';
import type { Answer } from '../../../../src/laravel/parallel/protocol.js';

const ECHO = new URL('./workers/echo.mjs', import.meta.url);
const BROKEN = new URL('./workers/broken.mjs', import.meta.url);
const files = (...names: string[]) => names.map((rel) => ({ rel, content: '<?php\n' }));

/** Offers chunks of these first files to a round; this thread claims none. */
function offer(round: Round, ...chunks: string[][]) {
  chunks.forEach((names, index) => round.offer({ index, files: files(...names) }));
}

/** Every answer of a round: taken as they come until `count`, then from `finish`. */
async function settle(round: Round, count = 0) {
  const answers: Answer[] = [];
  for (let i = 0; answers.length < count && i < 500; i++) {
    answers.push(...round.answers());
    await sleep(10);
  }
  const rest = await round.finish();
  return {
    answers: [...answers, ...rest.answers].sort((a, b) => a.index - b.index),
    failed: rest.failed,
  };
}

describe('the worker pool', () => {
  it('has its workers answer the chunks this thread leaves them', async () => {
    const crew = workerPool(2, ECHO);
    try {
      expect(crew.started()).toBe(0);
      const round = crew.round(3);
      offer(round, ['a', 'b'], ['c'], ['d']);
      const { answers, failed } = await settle(round, 3);
      expect(answers).toEqual([
        { index: 0, facts: ['a', 'b'] },
        { index: 1, facts: ['c'] },
        { index: 2, facts: ['d'] },
      ]);
      expect(failed.size).toBe(0);
      expect(crew.started()).toBe(2);
    } finally {
      await crew.close();
    }
  });

  it('lets this thread claim only the chunks no worker took', async () => {
    const crew = workerPool(1, ECHO);
    try {
      const round = crew.round(3);
      offer(round, ['a'], ['b']);
      const answers: Answer[] = [];
      while (answers.length < 2) {
        answers.push(...round.answers());
        await sleep(10);
      }
      round.offer({ index: 2, files: files('c') });
      expect([0, 1].map((i) => round.claim(i))).toEqual([false, false]);
      const last = round.claim(2);
      const { answers: rest } = await round.finish();
      // Whoever claimed the last chunk first has it: this thread, or else the worker answers it.
      expect(rest).toEqual(last ? [] : [{ index: 2, facts: ['c'] }]);
    } finally {
      await crew.close();
    }
  });

  it.each([
    ['exits', 'exit', /^worker thread \d+ exited with code 3$/],
    ['throws', 'throw', /^the analysis threw$/],
  ])('reports the chunk whose worker %s, and goes on', async (_name, first, reason) => {
    const crew = workerPool(1, ECHO);
    try {
      const round = crew.round(3);
      offer(round, ['a'], [first, 'x']);
      const { answers, failed } = await settle(round, 1);
      expect(answers).toEqual([{ index: 0, facts: ['a'] }]);
      expect([...failed.keys()]).toEqual([1]);
      expect(failed.get(1)).toMatch(reason);
      // A crashed thread is replaced: the next round has a worker again.
      const next = crew.round(1);
      offer(next, ['d']);
      expect((await settle(next, 1)).answers).toEqual([{ index: 0, facts: ['d'] }]);
    } finally {
      await crew.close();
    }
  });

  it('passes on what a worker answers, for the caller to check', async () => {
    const crew = workerPool(1, ECHO);
    try {
      const round = crew.round(1);
      offer(round, ['short', 'x']);
      expect((await settle(round, 1)).answers).toEqual([{ index: 0, facts: [] }]);
    } finally {
      await crew.close();
    }
  });

  it('leaves every chunk to this thread when the worker module does not load', async () => {
    const crew = workerPool(2, BROKEN);
    try {
      const round = crew.round(3);
      offer(round, ['a'], ['b'], ['c']);
      await sleep(200);
      expect([0, 1, 2].map((i) => round.claim(i))).toEqual([true, true, true]);
      const { answers, failed } = await round.finish();
      expect(answers).toEqual([]);
      expect(failed.size).toBe(0);
    } finally {
      await crew.close();
    }
  });

  it('in this thread, without a pool', async () => {
    const crew = inThread();
    const round = crew.round(1);
    round.offer({ index: 0, files: files('a') });
    expect(round.claim(0)).toBe(true);
    expect(await round.finish()).toEqual({ answers: [], failed: new Map() });
    expect(crew.started()).toBe(0);
  });
});
