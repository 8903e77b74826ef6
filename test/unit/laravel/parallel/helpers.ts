import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Crew, Round } from '../../../../src/laravel/parallel/pool.js';
import type { Answer } from '../../../../src/laravel/parallel/protocol.js';
import { analyseChunk } from '../../../../src/laravel/parallel/tasks.js';

const fixture = (dir: string) => fileURLToPath(new URL(`../../../../${dir}`, import.meta.url));

/** Every Laravel project the tests have: the fixtures (each of laravel-mini/*) and the example app. */
export const PROJECTS: [string, string][] = [
  'test/fixtures/laravel-8',
  'test/fixtures/laravel-11',
  ...readdirSync(fixture('test/fixtures/laravel-mini')).map(
    (n) => `test/fixtures/laravel-mini/${n}`,
  ),
  'examples/laravel-app',
].map((dir) => [dir.replace('test/fixtures/', ''), fixture(dir)]);

export interface FakeCrew extends Crew {
  /** The files of each chunk offered, in order, over all rounds. */
  log: string[][];
  /** The files of each chunk the fake worker analysed. */
  taken: string[][];
}

/**
 * A crew of one worker that lives in this thread: it takes each chunk `takes` picks as soon as
 * it is offered (before this thread can claim it), and answers it later, in reverse order when
 * told, or fails it as a crashed worker would when `fails` says so.
 */
export function fakeCrew(
  options: {
    takes?: (index: number) => boolean;
    fails?: (files: string[]) => boolean;
    reverse?: boolean;
  } = {},
): FakeCrew {
  const log: string[][] = [];
  const taken: string[][] = [];
  const takes = options.takes ?? ((index: number) => index % 2 === 0);
  const round = (): Round => {
    const claimed = new Set<number>();
    let answers: Answer[] = [];
    const failed = new Map<number, string>();
    return {
      offer: ({ index, files }) => {
        const rels = files.map((f) => f.rel);
        log.push(rels);
        if (!takes(index)) return;
        claimed.add(index);
        taken.push(rels);
        if (options.fails?.(rels)) failed.set(index, 'worker thread 7 exited with code 70');
        else answers.push({ index, facts: analyseChunk(files) });
      },
      claim: (index) => !claimed.has(index) && (claimed.add(index), true),
      answers: () => {
        if (options.reverse) return [];
        const out = answers;
        answers = [];
        return out;
      },
      finish: () => Promise.resolve({ answers: answers.reverse(), failed }),
    };
  };
  return { log, taken, round, started: () => 1, close: () => Promise.resolve() };
}
