import { receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import type { SourceFile } from './tasks.js';

/**
 * How the main thread and the worker threads share a round of the per-file pass, without
 * either waiting for the other's event loop. The main thread posts every chunk to each worker's
 * port as soon as it is read; a worker takes the next one with `receiveMessageOnPort` and
 * claims it in `claims`, shared memory, before analysing it. The main thread claims chunks from
 * the other end of the same list, so every chunk is analysed once, by whoever claims it first,
 * and a busy main thread never keeps a worker waiting for work.
 */

/** A chunk of files, numbered in its round. */
export interface Chunk {
  index: number;
  files: SourceFile[];
}

/** A worker's answer for one chunk: each file's facts as JSON, in order. */
export interface Answer {
  index: number;
  facts: string[];
}

/** A worker's part of a round, as posted to the pool. */
export interface Envelope {
  /** Receives the thread's id when the task starts, so that a crash can be pinned on it. */
  slot: Int32Array;
  /** Chunks come in, answers go out. */
  port: MessagePort;
  /** `[SEQ]` changes with every post; `[CLOSED]` is 1 once the last chunk was posted. */
  control: Int32Array;
  /** Per chunk: 0 while nobody has it, `MAIN_THREAD`, or the claiming worker's `crew` number. */
  claims: Int32Array;
  /** This worker's number in the round, 1 and up. */
  crew: number;
}

export const SEQ = 0;
export const CLOSED = 1;
export const MAIN_THREAD = -1;

/**
 * A worker's loop over a round: claims and analyses the chunks posted to it until the round is
 * closed and none is left. Returns the number of chunks it analysed.
 */
export function takeChunks(
  { port, control, claims, crew }: Envelope,
  analyse: (files: SourceFile[]) => string[],
): number {
  let analysed = 0;
  let seen = Atomics.load(control, SEQ);
  for (;;) {
    // Read before receiving: a round closed now has no chunk in flight after this receive.
    const closed = Atomics.load(control, CLOSED) === 1;
    const message = receiveMessageOnPort(port);
    if (message) {
      const { index, files } = message.message as Chunk;
      if (Atomics.compareExchange(claims, index, 0, crew) !== 0) continue;
      port.postMessage({ index, facts: analyse(files) } satisfies Answer);
      analysed += 1;
    } else if (closed) {
      return analysed;
    } else {
      Atomics.wait(control, SEQ, seen);
      seen = Atomics.load(control, SEQ);
    }
  }
}
