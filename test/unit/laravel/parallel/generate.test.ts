import { describe, expect, it } from 'vitest';
import { UserError } from '../../../../src/core/errors.js';
import { generateOpenApi } from '../../../../src/laravel/generate.js';
import { DEFAULT_CHUNK_SIZE } from '../../../../src/laravel/parallel/defaults.js';
import { generateOpenApiOptimized } from '../../../../src/laravel/parallel/generate.js';
import type { TaskInfo } from '../../../../src/laravel/parallel/load.js';
import { workerPool } from '../../../../src/laravel/parallel/pool.js';
import { serializeDocument } from '../../../../src/core/write-document.js';
import { PROJECTS } from './helpers.js';

// Worker threads need the compiled worker module: they are tested end to end, from dist/
// (test/e2e/generate-optimized.test.ts). Here, one worker: every task in this thread.
describe('generateOpenApiOptimized in this thread', () => {
  it.each(PROJECTS)(
    '%s: the same document, warnings and figures as generateOpenApi',
    async (_n, dir) => {
      const want = await generateOpenApi(dir, { cache: false });
      const got = await generateOpenApiOptimized(dir, { cache: false, workers: 1, chunkSize: 5 });
      expect(serializeDocument(got.document, 'json')).toBe(
        serializeDocument(want.document, 'json'),
      );
      expect(got.warnings).toEqual(want.warnings);
      const figures = ({ files, analysed, operations, schemas }: typeof want.stats) => ({
        files,
        analysed,
        operations,
        schemas,
      });
      expect(figures(got.stats)).toEqual(figures(want.stats));
      expect(got.stats.parallel).toMatchObject({
        workers: 1,
        threads: 0,
        chunkSize: 5,
        recovered: [],
      });
    },
  );

  it('--chunk-size decides the number of tasks', async () => {
    const [, dir] = PROJECTS[0]!;
    const count = async (chunkSize?: number) => {
      const tasks: TaskInfo[] = [];
      const result = await generateOpenApiOptimized(dir, {
        cache: false,
        workers: 1,
        ...(chunkSize ? { chunkSize } : {}),
        onTask: (task) => tasks.push(task),
      });
      expect(result.stats.parallel.tasks).toBe(tasks.length);
      return { tasks, files: result.stats.analysed };
    };
    const one = await count(1);
    expect(one.tasks).toHaveLength(one.files);
    const seven = await count(7);
    expect(seven.tasks.length).toBeGreaterThanOrEqual(Math.ceil(seven.files / 7));
    expect(seven.tasks.length).toBeLessThan(one.tasks.length);
    const byDefault = await count();
    expect(byDefault.tasks.every((t) => t.files.length <= DEFAULT_CHUNK_SIZE)).toBe(true);
  });

  it.each([
    ['workers', { workers: 0 }, 'Invalid workers: 0. Use a whole number of 1 or more.'],
    ['workers', { workers: 1.5 }, 'Invalid workers: 1.5. Use a whole number of 1 or more.'],
    ['chunkSize', { chunkSize: -2 }, 'Invalid chunkSize: -2. Use a whole number of 1 or more.'],
    [
      'chunkSize',
      { chunkSize: Number.NaN },
      'Invalid chunkSize: NaN. Use a whole number of 1 or more.',
    ],
  ])('refuses a bad %s', async (_name, options, message) => {
    const run = generateOpenApiOptimized(PROJECTS[0]![1], options);
    await expect(run).rejects.toThrow(UserError);
    await expect(run).rejects.toThrow(message);
  });

  it('says so when the compiled worker module is missing', () => {
    expect(() => workerPool(2, new URL('file:///nonexistent/worker.js'))).toThrow(
      'The worker module /nonexistent/worker.js is missing: build apidoc first.',
    );
  });
});
