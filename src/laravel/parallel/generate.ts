import { availableParallelism } from 'node:os';
import { UserError } from '../../core/errors.js';
import {
  finishRun,
  startRun,
  unchangedResult,
  type GenerateOptions,
  type GenerateResult,
} from '../generate.js';
import { projectFiles } from '../project/files.js';
import { DEFAULT_CHUNK_SIZE } from './defaults.js';
import { loadProjectInChunks, type TaskInfo } from './load.js';
import { inThread, workerPool } from './pool.js';

export interface OptimizedOptions extends GenerateOptions {
  /**
   * Threads that analyse files, this one included: `workers - 1` worker threads join this
   * thread; 1 analyses in this thread alone, without a pool. Default: `os.availableParallelism()`.
   */
  workers?: number;
  /** Files per task. Default: `DEFAULT_CHUNK_SIZE` (16). */
  chunkSize?: number;
  /** Told of each task (a chunk of files) as it is offered to the threads. */
  onTask?: (task: TaskInfo) => void;
}

export interface ParallelStats {
  workers: number;
  /** Worker threads started (`workers - 1`): none with one worker, nor when the cache had every file. */
  threads: number;
  chunkSize: number;
  /** Tasks (chunks) offered. */
  tasks: number;
  /** Tasks whose worker failed (threw or exited), and which this thread did over. */
  recovered: (TaskInfo & { reason: string })[];
}

export interface OptimizedResult extends GenerateResult {
  stats: GenerateResult['stats'] & { parallel: ParallelStats };
}

/**
 * `generateOpenApi` with the per-file pass shared between this thread and `workers - 1` worker
 * threads (tinypool), a chunk of files per task: the same document and warnings, byte for byte,
 * and the same cache. A worker that fails costs only time: its chunk is analysed again in this
 * thread. Then the global assembly runs here, as in `generateOpenApi` (in workers, each would
 * compile the assembly's code again: measured slower on 2 cores, see bench/README.md).
 */
export async function generateOpenApiOptimized(
  projectDir: string,
  options: OptimizedOptions = {},
): Promise<OptimizedResult> {
  const workers = positive(options.workers ?? availableParallelism(), 'workers');
  const chunkSize = positive(options.chunkSize ?? DEFAULT_CHUNK_SIZE, 'chunkSize');
  const run = startRun(projectDir, options);
  const parallel: ParallelStats = { workers, threads: 0, chunkSize, tasks: 0, recovered: [] };
  const listed = projectFiles(run.dir, run.psr4);
  const unchanged = unchangedResult(run, listed);
  if (unchanged) return withParallel(unchanged, parallel);
  const crew = workers === 1 ? inThread() : workerPool(workers - 1);
  try {
    const project = await loadProjectInChunks(run.dir, listed, {
      cache: run.cache,
      incremental: run.incremental,
      psr4: run.psr4,
      crew,
      chunkSize,
      onTask: (task) => {
        parallel.tasks += 1;
        options.onTask?.(task);
      },
      onRecovered: (task, reason) => parallel.recovered.push({ ...task, reason }),
      ...(options.onProgress ? { onFile: options.onProgress } : {}),
    });
    const result = finishRun(run, project);
    parallel.threads = crew.started();
    return withParallel(result, parallel);
  } finally {
    await crew.close();
  }
}

/** The result with the figures of the threads (its document, text and bytes still made on first use). */
function withParallel(result: GenerateResult, parallel: ParallelStats): OptimizedResult {
  return Object.assign(result, { stats: { ...result.stats, parallel } });
}

function positive(value: number, name: string): number {
  if (Number.isSafeInteger(value) && value >= 1) return value;
  throw new UserError(`Invalid ${name}: ${value}. Use a whole number of 1 or more.`, undefined, 2);
}
