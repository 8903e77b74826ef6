import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { CLOSED, MAIN_THREAD, SEQ, type Answer, type Chunk, type Envelope } from './protocol.js';
import { CRASH_ON } from './tasks.js';
import { startPool, type Pool } from './threads.js';

/** One round of the per-file pass, shared between this thread and the workers, if any. */
export interface Round {
  /** Offers a chunk to the workers, which take chunks in the order offered. */
  offer(chunk: Chunk): void;
  /** Takes a chunk for this thread: false when a worker took it first. */
  claim(index: number): boolean;
  /** The answers that came in since the last call, without waiting. */
  answers(): Answer[];
  /**
   * No more offers: waits until each chunk a worker took is answered or that worker failed.
   * Returns the answers not yet taken, and the chunks whose worker failed, with why.
   */
  finish(): Promise<{ answers: Answer[]; failed: Map<number, string> }>;
}

/** Who analyses the chunks of each round besides this thread. */
export interface Crew {
  /** A new round of at most `chunks` chunks. */
  round(chunks: number): Round;
  /** Worker threads started so far (a crashed one is replaced); 0 in this thread. */
  started(): number;
  close(): Promise<void>;
}

/** The compiled worker module, beside this one (`dist/laravel/parallel/worker.js`). */
export const WORKER_URL = new URL('./worker.js', import.meta.url);

/** No worker: this thread claims every chunk (`--workers 1`). */
export function inThread(): Crew {
  const round: Round = {
    offer: () => undefined,
    claim: () => true,
    answers: () => [],
    finish: () => Promise.resolve({ answers: [], failed: new Map() }),
  };
  return { round: () => round, started: () => 0, close: () => Promise.resolve() };
}

/**
 * `threads` worker threads (tinypool), started with the first chunk offered: a run the cache
 * answers whole starts none. Each round is one task per thread, a loop over the chunks posted
 * to it (`takeChunks`); the chunks a worker had claimed when its task failed (it threw, or its
 * thread exited) are reported by `finish`, for this thread to analyse again.
 */
export function workerPool(threads: number, workerUrl: URL = WORKER_URL): Crew {
  if (!existsSync(fileURLToPath(workerUrl)))
    throw new Error(
      `The worker module ${fileURLToPath(workerUrl)} is missing: build apidoc first.`,
    );
  let pool: Pool | undefined;
  return {
    round: (chunks) => poolRound(() => (pool ??= startPool(threads, workerUrl)), threads, chunks),
    started: () => pool?.started() ?? 0,
    close: () => pool?.close() ?? Promise.resolve(),
  };
}

interface Member {
  crew: number;
  port: MessagePort;
  task: Promise<unknown>;
  settled: boolean;
  /** Why the task failed, once it has. */
  failure?: string;
}

function poolRound(pool: () => Pool, threads: number, capacity: number): Round {
  const control = new Int32Array(new SharedArrayBuffer(8));
  const claims = new Int32Array(new SharedArrayBuffer(4 * Math.max(1, capacity)));
  const members: Member[] = [];
  /** Chunks this thread leaves to the workers (the crash test hook). */
  const leftToWorkers = new Set<number>();
  const answered = new Set<number>();
  const join = () => {
    for (let crew = 1; crew <= threads; crew++) {
      const { port1, port2 } = new MessageChannel();
      const envelope: Envelope = {
        slot: new Int32Array(new SharedArrayBuffer(4)),
        port: port2,
        control,
        claims,
        crew,
      };
      const member: Member = { crew, port: port1, task: Promise.resolve(), settled: false };
      member.task = pool()
        .run(envelope, port2)
        .catch((error: unknown) => {
          member.failure = error instanceof Error ? error.message : String(error);
        })
        .finally(() => (member.settled = true));
      members.push(member);
    }
  };
  const signal = () => {
    Atomics.add(control, SEQ, 1);
    Atomics.notify(control, SEQ);
  };
  const drain = (): Answer[] => {
    const out: Answer[] = [];
    for (const { port } of members)
      for (let m = receiveMessageOnPort(port); m; m = receiveMessageOnPort(port)) {
        const answer = m.message as Answer;
        answered.add(answer.index);
        out.push(answer);
      }
    return out;
  };
  /** Workers this thread must wait for: those holding a chunk not answered yet. */
  const awaited = () => {
    const open = (i: number) => !answered.has(i) && !(claims[i] === MAIN_THREAD);
    const holders = new Set<number>();
    let unclaimed = false;
    for (let i = 0; i < capacity; i++) {
      if (!open(i)) continue;
      if (claims[i] === 0) unclaimed ||= leftToWorkers.has(i);
      else holders.add(claims[i]!);
    }
    return members.filter((m) => !m.settled && (unclaimed || holders.has(m.crew)));
  };
  return {
    offer: (chunk) => {
      if (members.length === 0) join();
      if (CRASH_ON && chunk.files.some((f) => f.rel === CRASH_ON)) leftToWorkers.add(chunk.index);
      for (const { port } of members) port.postMessage(chunk);
      signal();
    },
    claim: (index) =>
      !leftToWorkers.has(index) && Atomics.compareExchange(claims, index, 0, MAIN_THREAD) === 0,
    answers: drain,
    finish: async () => {
      Atomics.store(control, CLOSED, 1);
      signal();
      for (let waiting = awaited(); waiting.length > 0; waiting = awaited())
        await Promise.all(waiting.map((m) => m.task));
      const answers = drain();
      const failed = new Map<number, string>();
      for (const m of members) {
        m.port.close();
        if (m.failure === undefined) continue;
        for (let i = 0; i < capacity; i++)
          if (claims[i] === m.crew && !answered.has(i)) failed.set(i, m.failure);
      }
      return { answers, failed };
    },
  };
}
