import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Tinypool, type TinypoolWorker } from 'tinypool';
import { analyseChunk, type SourceFile } from './tasks.js';
import type { Envelope } from './worker.js';

/** Runs chunks of the per-file pass somewhere: in a pool of worker threads, or in this thread. */
export interface TaskRunner {
  /** Each file's facts as JSON, in order; rejects when the worker failed (threw, or exited). */
  analyse(files: SourceFile[]): Promise<string[]>;
  /** Worker threads started so far (a crashed one is replaced); 0 in this thread. */
  started(): number;
  close(): Promise<void>;
}

/** The compiled worker module, beside this one (`dist/laravel/parallel/worker.js`). */
export const WORKER_URL = new URL('./worker.js', import.meta.url);

/** Tasks run one after the other in this thread (`--workers 1`). */
export function inThread(): TaskRunner {
  return {
    analyse: (files) => Promise.resolve().then(() => analyseChunk(files)),
    started: () => 0,
    close: () => Promise.resolve(),
  };
}

/**
 * A pool of `threads` worker threads (tinypool), one task at a time each. A task whose worker
 * throws is rejected by tinypool; one whose worker exits (a crash, `process.exit`) would wait
 * forever, so each task gets a shared slot where the worker writes its thread id on starting,
 * and an exited thread's task is aborted, hence rejected too. The caller redoes rejected tasks.
 */
export function workerPool(threads: number, workerUrl: URL = WORKER_URL): TaskRunner {
  if (!existsSync(fileURLToPath(workerUrl)))
    throw new Error(
      `The worker module ${fileURLToPath(workerUrl)} is missing: build apidoc first.`,
    );
  const pool = new Tinypool({
    filename: workerUrl.href,
    minThreads: threads,
    maxThreads: threads,
    concurrentTasksPerWorker: 1,
  });
  const running = new Map<Int32Array, AbortController>();
  const watched = new WeakSet<TinypoolWorker>();
  let started = 0;
  let closing = false;
  let broken: Error | undefined;
  const abort = (reason: Error, slotOf?: number) => {
    for (const [slot, controller] of running)
      if (slotOf === undefined || Atomics.load(slot, 0) === slotOf) controller.abort(reason);
  };
  const watch = () => {
    for (const worker of pool.threads) {
      if (watched.has(worker)) continue;
      watched.add(worker);
      started += 1;
      const id = worker.threadId;
      worker.on('exit', (code: number) => {
        if (closing) return;
        abort(new Error(`worker thread ${id} exited with code ${code}`), id);
        watch(); // tinypool has replaced the thread by now
      });
    }
  };
  // A thread that fails outside a task (its module does not load) is reported to the pool, and
  // tinypool starts no other: nothing would run the tasks left, so they are all given back.
  pool.on('error', (error: Error) => {
    broken = error;
    abort(error);
  });
  const run = async (files: SourceFile[]): Promise<unknown> => {
    if (broken) throw broken;
    const envelope: Envelope = { slot: new Int32Array(new SharedArrayBuffer(4)), files };
    const controller = new AbortController();
    running.set(envelope.slot, controller);
    try {
      const result: Promise<unknown> = pool.run(envelope, { signal: controller.signal });
      watch();
      return await result.catch((error: unknown) => {
        throw controller.signal.aborted ? controller.signal.reason : error;
      });
    } finally {
      running.delete(envelope.slot);
    }
  };
  watch();
  return {
    analyse: async (files) => facts(await run(files), files.length),
    started: () => started,
    close: async () => {
      closing = true;
      await pool.destroy();
    },
  };
}

function facts(result: unknown, length: number): string[] {
  if (
    Array.isArray(result) &&
    result.length === length &&
    result.every((t) => typeof t === 'string')
  )
    return result as string[];
  throw new Error('the worker answered with something else than the facts of its files');
}
