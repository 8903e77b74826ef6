import type { MessagePort } from 'node:worker_threads';
import { Tinypool, type TinypoolWorker } from 'tinypool';
import type { Envelope } from './protocol.js';

/** Worker threads that run one task at a time each. */
export interface Pool {
  /** Runs one worker's part of a round; rejects when that worker failed. */
  run(envelope: Envelope, transfer: MessagePort): Promise<unknown>;
  /** Threads started so far (a crashed one is replaced). */
  started(): number;
  close(): Promise<void>;
}

/**
 * A tinypool of `threads` threads running `workerUrl`. A task whose worker throws is rejected by
 * tinypool; one whose worker exits (a crash, `process.exit`) would wait forever, so each task
 * has a shared slot where the worker writes its thread id on starting, and an exited thread's
 * task is aborted, hence rejected too.
 */
export function startPool(threads: number, workerUrl: URL): Pool {
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
  watch();
  return {
    run: async (envelope, transfer) => {
      if (broken) throw broken;
      const controller = new AbortController();
      running.set(envelope.slot, controller);
      try {
        const result: Promise<unknown> = pool.run(envelope, {
          signal: controller.signal,
          transferList: [transfer],
        });
        watch();
        return await result.catch((error: unknown) => {
          throw controller.signal.aborted ? controller.signal.reason : error;
        });
      } finally {
        running.delete(envelope.slot);
      }
    },
    started: () => started,
    close: async () => {
      closing = true;
      await pool.destroy();
    },
  };
}
