import { describe, expect, it } from 'vitest';
import { FactsCache } from '../../../../src/laravel/cache.js';
import { readPsr4 } from '../../../../src/laravel/php/psr4.js';
import { loadProjectInChunks } from '../../../../src/laravel/parallel/load.js';
import { inThread, type Crew } from '../../../../src/laravel/parallel/pool.js';
import { projectFiles } from '../../../../src/laravel/project/files.js';
import { loadProject } from '../../../../src/laravel/project/load.js';
import { fakeCrew, PROJECTS } from './helpers.js';

const noCache = () => new FactsCache('/nonexistent', { read: false, write: false });

function reference(dir: string) {
  const psr4 = readPsr4(dir);
  return loadProject(dir, projectFiles(dir, psr4), { cache: noCache(), incremental: false, psr4 });
}

async function chunked<C extends Crew>(dir: string, chunkSize: number, crew: C) {
  const psr4 = readPsr4(dir);
  const recovered: string[][] = [];
  const progress: [number, number][] = [];
  const project = await loadProjectInChunks(dir, projectFiles(dir, psr4), {
    cache: noCache(),
    incremental: false,
    psr4,
    crew,
    chunkSize,
    onRecovered: (task, reason) => recovered.push([...task.files, reason]),
    onFile: (done, total) => progress.push([done, total]),
  });
  return { project, crew, recovered, progress };
}

const CASES = PROJECTS.flatMap(([name, dir]) => [1, 4, 1000].map((n) => [name, n, dir] as const));

describe('the per-file pass in chunks', () => {
  it.each(CASES)(
    '%s, %i files a task: the same facts, in the same order, as loadProject',
    async (_name, chunkSize, dir) => {
      const want = reference(dir);
      const { project, crew, progress, recovered } = await chunked(dir, chunkSize, fakeCrew());
      expect([...project.files]).toEqual([...want.files]);
      expect([...project.hashes]).toEqual([...want.hashes]);
      expect(project.stats).toEqual(want.stats);
      // One chunk per `chunkSize` files of each round (PSR-4 lookups may start another round).
      expect(crew.log.every((files) => files.length <= chunkSize)).toBe(true);
      expect(crew.log.flat()).toHaveLength(want.stats.analysed);
      if (chunkSize === 1) expect(crew.log).toHaveLength(want.stats.analysed);
      expect(progress.at(-1)).toEqual([want.files.size, want.files.size]);
      expect(recovered).toEqual([]);
    },
  );

  it.each([
    ['the worker takes every chunk', () => true],
    ['this thread takes every chunk', () => false],
  ])('the same facts when %s', async (_name, takes) => {
    const [, dir] = PROJECTS[0]!;
    const { project, crew } = await chunked(dir, 3, fakeCrew({ takes }));
    expect([...project.files]).toEqual([...reference(dir).files]);
    expect(crew.taken.length > 0).toBe(takes());
  });

  it('in this thread alone, without a crew', async () => {
    const [, dir] = PROJECTS[0]!;
    const { project } = await chunked(dir, 3, inThread());
    expect([...project.files]).toEqual([...reference(dir).files]);
  });

  it('settles files in reading order when answers come back last, in reverse', async () => {
    const [, dir] = PROJECTS[0]!;
    const { project } = await chunked(dir, 3, fakeCrew({ reverse: true }));
    expect([...project.files]).toEqual([...reference(dir).files]);
  });

  it('analyses the chunk of a failed worker in this thread, and says so', async () => {
    const [, dir] = PROJECTS[1]!;
    const broken = 'app/Http/Controllers/BrokenController.php';
    const crew = fakeCrew({ takes: () => true, fails: (files) => files.includes(broken) });
    const { project, recovered } = await chunked(dir, 5, crew);
    expect(recovered).toHaveLength(1);
    expect(recovered[0]).toContain(broken);
    expect(recovered[0]?.at(-1)).toBe('worker thread 7 exited with code 70');
    expect(project.files.get(broken)?.error?.line).toBeGreaterThan(0);
    expect([...project.files]).toEqual([...reference(dir).files]);
  });
});
