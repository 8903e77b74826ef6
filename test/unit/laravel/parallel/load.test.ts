import { describe, expect, it } from 'vitest';
import { FactsCache } from '../../../../src/laravel/cache.js';
import { readPsr4 } from '../../../../src/laravel/php/psr4.js';
import { loadProjectInChunks } from '../../../../src/laravel/parallel/load.js';
import { projectFiles } from '../../../../src/laravel/project/files.js';
import { loadProject } from '../../../../src/laravel/project/load.js';
import { fakeRunner, PROJECTS } from './helpers.js';

const noCache = () => new FactsCache('/nonexistent', { read: false, write: false });

function reference(dir: string) {
  const psr4 = readPsr4(dir);
  return loadProject(dir, projectFiles(dir, psr4), { cache: noCache(), incremental: false, psr4 });
}

async function chunked(dir: string, chunkSize: number, runner = fakeRunner()) {
  const psr4 = readPsr4(dir);
  const recovered: string[][] = [];
  const progress: [number, number][] = [];
  const project = await loadProjectInChunks(dir, projectFiles(dir, psr4), {
    cache: noCache(),
    incremental: false,
    psr4,
    runner,
    chunkSize,
    onRecovered: (task, reason) => recovered.push([...task.files, reason]),
    onFile: (done, total) => progress.push([done, total]),
  });
  return { project, runner, recovered, progress };
}

const CASES = PROJECTS.flatMap(([name, dir]) => [1, 4, 1000].map((n) => [name, dir, n] as const));

describe('the per-file pass in chunks', () => {
  it.each(CASES)(
    '%s, %i files a task: the same facts, in the same order, as loadProject',
    async (_name, dir, chunkSize) => {
      const want = reference(dir);
      const { project, runner, progress } = await chunked(dir, chunkSize);
      expect([...project.files]).toEqual([...want.files]);
      expect([...project.hashes]).toEqual([...want.hashes]);
      expect(project.stats).toEqual(want.stats);
      // One task per chunk of each round (PSR-4 lookups may start another round).
      expect(runner.log.every((files) => files.length <= chunkSize)).toBe(true);
      expect(runner.log.flat()).toHaveLength(want.stats.analysed);
      if (chunkSize === 1) expect(runner.log).toHaveLength(want.stats.analysed);
      expect(progress.at(-1)).toEqual([want.files.size, want.files.size]);
    },
  );

  it('settles files in reading order when chunks come back in reverse', async () => {
    const [, dir] = PROJECTS[0]!;
    const { project } = await chunked(dir, 3, fakeRunner({ reverse: true }));
    expect([...project.files]).toEqual([...reference(dir).files]);
  });

  it('analyses the chunk of a failed worker in this thread, and says so', async () => {
    const [, dir] = PROJECTS[1]!;
    const broken = 'app/Http/Controllers/BrokenController.php';
    const runner = fakeRunner({ fails: (files) => files.includes(broken) });
    const { project, recovered } = await chunked(dir, 5, runner);
    expect(recovered).toHaveLength(1);
    expect(recovered[0]).toContain(broken);
    expect(recovered[0]?.at(-1)).toBe('worker thread 7 exited with code 70');
    expect(project.files.get(broken)?.error?.line).toBeGreaterThan(0);
    expect([...project.files]).toEqual([...reference(dir).files]);
  });
});
