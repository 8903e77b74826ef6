import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TaskRunner } from '../../../../src/laravel/parallel/pool.js';
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

export interface FakeRunner extends TaskRunner {
  /** The files of each task, in the order the tasks were given. */
  log: string[][];
}

/**
 * A runner that analyses in this thread, as a worker would, and can fail the chunks `fails`
 * picks (as a crashed worker), or answer them in reverse order of dispatch.
 */
export function fakeRunner(
  options: { fails?: (files: string[]) => boolean; reverse?: boolean } = {},
): FakeRunner {
  const log: string[][] = [];
  let queue: (() => void)[] = [];
  return {
    log,
    analyse: (files) => {
      const rels = files.map((f) => f.rel);
      log.push(rels);
      return new Promise((resolve, reject) => {
        const run = () =>
          options.fails?.(rels)
            ? reject(new Error('worker thread 7 exited with code 70'))
            : resolve(analyseChunk(files));
        if (!options.reverse) return run();
        // Answered all at once, the last dispatched first, once the dispatcher waits.
        queue.unshift(run);
        setTimeout(() => {
          const batch = queue;
          queue = [];
          batch.forEach((r) => r());
        });
      });
    },
    started: () => 2,
    close: () => Promise.resolve(),
  };
}
