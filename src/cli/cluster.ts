import cluster, { type Worker } from 'node:cluster';
import type { ControlEvent, JournalEntry } from '../mock/options.js';
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
  | { type: 'control'; event: ControlEvent }
  /** `GET /__apidoc/requests` came to this worker: the journal of all, please. */
  | { type: 'requests'; id: number }
  /** This worker's journal, for the primary's gathering `id`. */
  | { type: 'collected'; id: number; entries: JournalEntry[] };

/**
 * What the primary tells its workers: a control change, to load the document again, to send
 * their journal (`collect`), or the gathered journal a worker asked for (`requests`).
 */
export type PrimaryMessage =
  | { type: 'control'; event: ControlEvent }
  | { type: 'reload' }
  | { type: 'collect'; id: number }
  | { type: 'requests'; id: number; entries: JournalEntry[] };

/** A gathering of journals waits this long for a worker that does not answer. */
const GATHER_TIMEOUT_MS = 2_000;
const JOURNAL_SIZE = 500;

export const isWorker = cluster.isWorker;

/** More deaths than this within `DEATH_WINDOW_MS`: the workers keep dying, the mock gives up. */
const MAX_DEATHS = 5;
const DEATH_WINDOW_MS = 60_000;

export interface StartedWorkers {
  url: string;
  /** The live workers: a dead one is replaced in place. */
  workers: Worker[];
  /** Stops replacing dead workers (the mock is stopping). */
  stopping(): void;
}

/**
 * Forks `count` workers (they re-run this command) and resolves once every one listens. A
 * worker that dies afterwards is reported and replaced; when they keep dying (more than 5 in a
 * minute), `onGiveUp` is told why, and the mock should stop with exit code 1.
 */
export function startWorkers(
  count: number,
  onGiveUp: (reason: string) => void = () => undefined,
): Promise<StartedWorkers> {
  const workers: Worker[] = [];
  const journals = journalGatherer(workers);
  let listening = 0;
  let started = false;
  let stopping = false;
  const deaths: number[] = [];
  return new Promise((resolve, reject) => {
    const fork = (): Worker => {
      const worker = cluster.fork();
      workers.push(worker);
      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'control') {
          const others = workers.filter((other) => other !== worker);
          broadcast(others, { type: 'control', event: message.event });
        } else if (message.type === 'requests') journals.ask(worker, message.id);
        else if (message.type === 'collected') journals.add(message.id, message.entries);
        else if (message.type === 'error') {
          if (started) return;
          void stopWorkers(workers);
          reject(new UserError(message.message, message.hint, message.exitCode));
        } else if (!started && ++listening === count) {
          started = true;
          resolve({ url: message.url, workers, stopping: () => (stopping = true) });
        }
      });
      worker.on('exit', (code, signal) => {
        const at = workers.indexOf(worker);
        if (at >= 0) workers.splice(at, 1);
        if (!started) {
          if (code !== 0) {
            reject(new Error(`mock worker ${worker.id} exited with code ${code} while starting`));
          }
          return;
        }
        if (stopping) return;
        const how = signal ? `signal ${signal}` : `code ${code}`;
        const now = Date.now();
        deaths.push(now);
        while (deaths.length > 0 && deaths[0]! < now - DEATH_WINDOW_MS) deaths.shift();
        if (deaths.length > MAX_DEATHS) {
          stopping = true;
          onGiveUp(
            `mock workers keep dying (${deaths.length} in a minute, the last with ${how}): stopping`,
          );
          return;
        }
        process.stderr.write(
          `apidoc mock: worker ${worker.process.pid} exited with ${how}; starting another\n`,
        );
        fork();
      });
      return worker;
    };
    for (let i = 0; i < count; i++) fork();
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

/** Tells the primary how starting went (and more), from inside a worker. */
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

/**
 * `GET /__apidoc/requests` with `--workers`: the worker that got it asks the primary, which asks
 * every worker for its journal and answers with them merged, newest first (the last 500).
 */
function journalGatherer(workers: readonly Worker[]) {
  const open = new Map<
    number,
    { from: Worker; id: number; waiting: number; entries: JournalEntry[] }
  >();
  let next = 0;
  const done = (key: number) => {
    const gathering = open.get(key);
    if (!gathering) return;
    open.delete(key);
    const entries = gathering.entries
      .sort((a, b) => b.at.localeCompare(a.at))
      .slice(0, JOURNAL_SIZE);
    broadcast([gathering.from], { type: 'requests', id: gathering.id, entries });
  };
  return {
    ask: (from: Worker, id: number) => {
      const live = workers.filter((w) => !w.isDead() && w.isConnected());
      const key = ++next;
      open.set(key, { from, id, waiting: live.length, entries: [] });
      setTimeout(() => done(key), GATHER_TIMEOUT_MS).unref();
      broadcast(live, { type: 'collect', id: key });
    },
    add: (key: number, entries: JournalEntry[]) => {
      const gathering = open.get(key);
      if (!gathering) return;
      gathering.entries.push(...entries);
      if (--gathering.waiting === 0) done(key);
    },
  };
}
