import cluster, { type Worker } from 'node:cluster';
import type { ControlEvent } from '../core/engine/options.js';
import { UserError } from '../core/errors.js';

/**
 * `--workers N`: N processes share the port through node:cluster (the primary accepts and
 * hands connections round-robin). Without state the server needs nothing shared; with
 * `--stateful`, state lives in Redis. A change through the control API reaches one worker,
 * which applies it and hands it to the primary, which hands it to the others: they behave as
 * one server.
 * @see https://nodejs.org/api/cluster.html
 */
type WorkerMessage =
  | { type: 'listening'; url: string }
  | { type: 'error'; message: string; hint?: string; exitCode: 1 | 2 }
  | { type: 'control'; event: ControlEvent };

/** What the primary tells its workers: a control change, or to load the document again. */
export type PrimaryMessage = { type: 'control'; event: ControlEvent } | { type: 'reload' };

export const isWorker = cluster.isWorker;

/** Forks `count` workers (they re-run this command) and resolves once every one listens. */
export function startWorkers(count: number): Promise<{ url: string; workers: Worker[] }> {
  const workers = Array.from({ length: count }, () => cluster.fork());
  let listening = 0;
  return new Promise((resolve, reject) => {
    for (const worker of workers) {
      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'control') {
          const others = workers.filter((other) => other !== worker);
          broadcast(others, { type: 'control', event: message.event });
        } else if (message.type === 'error') {
          stopWorkers(workers);
          reject(new UserError(message.message, message.hint, message.exitCode));
        } else if (++listening === count) resolve({ url: message.url, workers });
      });
      worker.on('exit', (code) => {
        if (listening < count && code !== 0)
          reject(new Error(`mock worker ${worker.id} exited with code ${code} while starting`));
      });
    }
  });
}

/** Asks every worker to finish its in-flight responses and exit; resolves when all have. */
export function stopWorkers(workers: Worker[]): Promise<void> {
  return Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (worker.isDead()) return resolve();
          worker.once('exit', () => resolve());
          worker.process.kill('SIGTERM');
        }),
    ),
  ).then(() => undefined);
}

/** Tells the primary how starting went, from inside a worker. */
export function reportToPrimary(message: WorkerMessage): void {
  process.send?.(message);
}

/** Sends a message to every live worker. */
export function broadcast(workers: readonly Worker[], message: PrimaryMessage): void {
  for (const worker of workers) if (!worker.isDead() && worker.isConnected()) worker.send(message);
}

/** Inside a worker: the primary's messages. */
export function onPrimaryMessage(listener: (message: PrimaryMessage) => void): void {
  process.on('message', (message: PrimaryMessage) => listener(message));
}
