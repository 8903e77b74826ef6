import { availableParallelism } from 'node:os';
import { UserError } from '../../core/errors.js';
import { finishRun, startRun, type GenerateOptions, type GenerateResult } from '../generate.js';
import { projectFiles } from '../project/files.js';
import { DEFAULT_CHUNK_SIZE } from './defaults.js';
import { loadProjectInChunks, type TaskInfo } from './load.js';
import { inThread, workerPool, type TaskRunner } from './pool.js';

export interface OptimizedOptions extends GenerateOptions {
  /** Worker threads for the per-file pass; 1 analyses in this thread, without a pool. Default: `os.availableParallelism()`. */
  workers?: number;
  /** Files per task. Default: `DEFAULT_CHUNK_SIZE` (64). */
  chunkSize?: number;
  /** Told of each task as it is dispatched (to a worker, or run in this thread with one worker). */
  onTask?: (task: TaskInfo) => void;
}

export interface ParallelStats {
  workers: number;
  /** Worker threads started: none with one worker, nor when the cache had every file. */
  threads: number;
  chunkSize: number;
  /** Tasks dispatched. */
  tasks: number;
  /** Tasks whose worker failed (threw or exited), and which this thread did over. */
  recovered: (TaskInfo & { reason: string })[];
}

export interface OptimizedResult extends GenerateResult {
  stats: GenerateResult['stats'] & { parallel: ParallelStats };
}

/**
 * `generateOpenApi` with the per-file pass spread over a pool of worker threads, a chunk of
 * files per task: the same document and warnings, byte for byte, and the same cache. A worker
 * that fails costs only time: its chunk is analysed again in this thread. Then the global
 * assembly runs here, as in `generateOpenApi` (in workers, each would compile the assembly's
 * code again: measured slower on 2 cores, see bench/README.md).
 */
export async function generateOpenApiOptimized(
  projectDir: string,
  options: OptimizedOptions = {},
): Promise<OptimizedResult> {
  const workers = positive(options.workers ?? availableParallelism(), 'workers');
  const chunkSize = positive(options.chunkSize ?? DEFAULT_CHUNK_SIZE, 'chunkSize');
  const run = startRun(projectDir, options);
  const parallel: ParallelStats = { workers, threads: 0, chunkSize, tasks: 0, recovered: [] };
  const runner = lazyRunner(workers);
  try {
    const project = await loadProjectInChunks(run.dir, projectFiles(run.dir, run.psr4), {
      cache: run.cache,
      incremental: run.incremental,
      psr4: run.psr4,
      runner,
      chunkSize,
      onTask: (task) => {
        parallel.tasks += 1;
        options.onTask?.(task);
      },
      onRecovered: (task, reason) => parallel.recovered.push({ ...task, reason }),
      ...(options.onProgress ? { onFile: options.onProgress } : {}),
    });
    const result = finishRun(run, project);
    parallel.threads = runner.started();
    return { ...result, stats: { ...result.stats, parallel } };
  } finally {
    await runner.close();
  }
}

/** The pool starts with the first task: a run the cache answers whole starts no thread. */
function lazyRunner(workers: number): TaskRunner {
  if (workers === 1) return inThread();
  let pool: TaskRunner | undefined;
  return {
    analyse: (files) => (pool ??= workerPool(workers)).analyse(files),
    started: () => pool?.started() ?? 0,
    close: () => pool?.close() ?? Promise.resolve(),
  };
}

function positive(value: number, name: string): number {
  if (Number.isSafeInteger(value) && value >= 1) return value;
  throw new UserError(`Invalid ${name}: ${value}. Use a whole number of 1 or more.`, undefined, 2);
}
