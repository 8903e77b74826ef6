import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type * as Optimized from '../../src/laravel/parallel/generate.js';
import { ROOT, runCli, type Run } from './helpers.js';
import { copyProject, LARAVEL_11, LARAVEL_8, MINI, tempDir } from './generate-support.js';

/** Every fixture project (each of laravel-mini/*) and the example app. */
const PROJECTS: [string, string][] = [
  ['laravel-8', LARAVEL_8],
  ['laravel-11', LARAVEL_11],
  ...readdirSync(MINI).map((name): [string, string] => [
    `laravel-mini/${name}`,
    path.join(MINI, name),
  ]),
  ['examples/laravel-app', path.join(ROOT, 'examples/laravel-app')],
];
/** [workers, chunk size]: in this thread, and pools of 2 and 3 threads, over small chunks. */
const RUNS: [number, number][] = [
  [1, 1],
  [1, 4],
  [2, 1],
  [2, 3],
  [3, 2],
  [3, 5],
];
const SUMMARY =
  /^Wrote .*: \d+ operations?, \d+ schemas?, \d+ warnings?(?:, \d+ responses? not inferred)? in \d+\.\d\d s \((\d+) files?, (\d+) analysed, (\d+) workers?, (\d+) tasks?\)\n$/;

interface Output {
  run: Run;
  document: string;
}

async function generate(command: string, project: string, args: string[] = [], env = {}) {
  const output = path.join(tempDir(), 'openapi.json');
  const run = await runCli([command, '--project', project, '--output', output, ...args], { env });
  expect(run.code, run.stderr).toBe(0);
  return { run, document: readFileSync(output, 'utf8') };
}

function tasks(run: Run): number {
  return Number(SUMMARY.exec(run.stdout)?.[4]);
}

describe.each(PROJECTS)('generate:optimized on %s', (_name, project) => {
  let want: Output;
  beforeAll(async () => {
    want = await generate('generate', project, ['--no-cache']);
  });

  it.each(RUNS)(
    '--workers %i --chunk-size %i writes the same bytes and warnings as generate',
    async (workers, chunkSize) => {
      const got = await generate('generate:optimized', project, [
        '--no-cache',
        `--workers=${workers}`,
        `--chunk-size=${chunkSize}`,
      ]);
      expect(got.document).toBe(want.document);
      expect(got.run.stderr).toBe(want.run.stderr);
      expect(got.run.stdout).toMatch(SUMMARY);
      expect(SUMMARY.exec(got.run.stdout)?.[3]).toBe(String(workers));
    },
  );
});

describe('generate:optimized options', () => {
  it.each([
    [
      '--workers 0',
      ['--workers', '0'],
      'Invalid value for --workers: "0". Use a whole number of 1 or more.',
    ],
    [
      '--workers two',
      ['--workers', 'two'],
      'Invalid value for --workers: "two". Use a whole number of 1 or more.',
    ],
    [
      '--workers 1.5',
      ['--workers=1.5'],
      'Invalid value for --workers: "1.5". Use a whole number of 1 or more.',
    ],
    [
      '--workers -2',
      ['--workers=-2'],
      'Invalid value for --workers: "-2". Use a whole number of 1 or more.',
    ],
    [
      '--chunk-size 0',
      ['--chunk-size', '0'],
      'Invalid value for --chunk-size: "0". Use a whole number of 1 or more.',
    ],
    [
      '--chunk-size ""',
      ['--chunk-size', ''],
      'Invalid value for --chunk-size: "". Use a whole number of 1 or more.',
    ],
  ])('refuses %s with one line and exit code 2', async (_name, args, message) => {
    const run = await runCli(['generate:optimized', '--project', LARAVEL_8, ...args]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`Error: ${message}\n`);
  });

  it('shares the checks of generate (here --incremental with --no-cache)', async () => {
    const run = await runCli([
      'apidoc:generate:optimized',
      '--project',
      LARAVEL_8,
      '--incremental',
      '--no-cache',
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--incremental needs the cache/);
  });

  it('--chunk-size decides the number of tasks', async () => {
    const args = (chunkSize: number) => ['--no-cache', '--workers=2', `--chunk-size=${chunkSize}`];
    const [small, large] = await Promise.all([
      generate('generate:optimized', LARAVEL_8, args(2)),
      generate('generate:optimized', LARAVEL_8, args(10)),
    ]);
    const analysed = Number(SUMMARY.exec(small.run.stdout)?.[2]);
    // One task per chunk (a little more when PSR-4 lookups add a round of files).
    expect(tasks(small.run)).toBeGreaterThanOrEqual(Math.ceil(analysed / 2));
    expect(tasks(large.run)).toBeGreaterThanOrEqual(Math.ceil(analysed / 10));
    expect(tasks(large.run)).toBeLessThan(tasks(small.run));
    expect(large.document).toBe(small.document);
  });
});

/** The library from dist/, where the compiled worker module is (typed from the sources). */
async function library() {
  const url = new URL('../../dist/laravel/parallel/generate.js', import.meta.url).href;
  return (await import(url)) as typeof Optimized;
}

describe('generateOpenApiOptimized with worker threads', () => {
  it.each([
    [1, 0],
    [2, 1],
    [3, 2],
  ])(
    'workers: %i starts %i worker threads besides this one, and writes the same document',
    async (workers, threads) => {
      const { generateOpenApiOptimized } = await library();
      const { generateOpenApi } = await import('../../src/laravel/generate.js');
      const { serializeDocument } = await import('../../src/core/write-document.js');
      const got = await generateOpenApiOptimized(LARAVEL_8, {
        cache: false,
        workers,
        chunkSize: 4,
      });
      expect(got.stats.parallel.threads).toBe(threads);
      const want = await generateOpenApi(LARAVEL_8, { cache: false });
      expect(serializeDocument(got.document, 'json')).toBe(
        serializeDocument(want.document, 'json'),
      );
      expect(got.warnings).toEqual(want.warnings);
    },
  );

  it('starts no thread when the cache has every file', async () => {
    const { generateOpenApiOptimized } = await library();
    const project = copyProject(LARAVEL_8);
    const cold = await generateOpenApiOptimized(project, { workers: 2 });
    expect(cold.stats.parallel.threads).toBe(1);
    const warm = await generateOpenApiOptimized(project, { workers: 2 });
    expect(warm.stats).toMatchObject({ analysed: 0, parallel: { threads: 0, tasks: 0 } });
  });
});

describe('generate:optimized when a worker fails', () => {
  const broken = 'app/Http/Controllers/BrokenController.php';

  it.each([
    ['a file that does not parse', broken],
    ['a file that does', 'app/Http/Controllers/Api/OrderController.php'],
  ])('a worker crashing on the chunk of %s loses nothing', async (_name, crash) => {
    const want = await generate('generate', LARAVEL_11, ['--no-cache']);
    const got = await generate(
      'generate:optimized',
      LARAVEL_11,
      ['--no-cache', '--workers=2', '--chunk-size=2'],
      { APIDOC_TEST_WORKER_CRASH: crash },
    );
    expect(got.document).toBe(want.document);
    const notes = got.run.stderr.split('\n').filter((l) => l.startsWith('Note:'));
    expect(notes).toEqual([
      expect.stringMatching(
        /^Note: a worker failed on a chunk of 2 files \(worker thread \d+ exited with code 70\); they were analysed in the main thread\.$/,
      ),
    ]);
    // The warnings, the broken file's included, are exactly generate's.
    const rest = got.run.stderr.split('\n').filter((l) => !l.startsWith('Note:'));
    expect(rest.join('\n')).toBe(want.run.stderr);
    expect(rest.join('\n')).toMatch(
      /Warning: app\/Http\/Controllers\/BrokenController\.php:\d+: cannot parse: /,
    );
  });

  it('the hook is inert with one worker: no pool, no crash', async () => {
    const got = await generate('generate:optimized', LARAVEL_11, ['--no-cache', '--workers=1'], {
      APIDOC_TEST_WORKER_CRASH: broken,
    });
    expect(got.run.stderr).not.toMatch(/Note:/);
  });
});

describe('generate:optimized and the cache', () => {
  it('shares it with generate, --incremental included', async () => {
    const project = copyProject(LARAVEL_8);
    const cold = await generate('generate:optimized', project, ['--workers=2', '--chunk-size=3']);
    expect(SUMMARY.exec(cold.run.stdout)?.[2]).not.toBe('0');
    const warm = await generate('generate', project);
    expect(warm.run.stdout).toMatch(/, 0 analysed\)/);
    expect(warm.document).toBe(cold.document);
    const file = path.join(project, 'app/Http/Resources/CategoryResource.php');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(
        "'name' => $this->name,",
        "'name' => $this->name,\n            'label' => $this->name,",
      ),
    );
    const incremental = await generate('generate:optimized', project, [
      '--workers=2',
      '--incremental',
    ]);
    expect(incremental.run.stdout).toMatch(/, 1 analysed, 2 workers, 1 task\)/);
    const reference = await generate('generate', project, ['--no-cache']);
    expect(incremental.document).toBe(reference.document);
    expect(incremental.document).toContain('"label"');
    // A route file changed: its one changed file analysed by a task.
    const routes = path.join(project, 'routes/api.php');
    writeFileSync(
      routes,
      readFileSync(routes, 'utf8').replace("->name('search')", "->name('search.all')"),
    );
    const whole = await generate('generate:optimized', project, ['--workers=2', '--incremental']);
    expect(whole.run.stdout).toMatch(/, 1 analysed, 2 workers, 1 task\)/);
    expect(whole.document).toBe((await generate('generate', project, ['--no-cache'])).document);
  }, 90_000); // seven runs of the CLI, three with worker threads
});
