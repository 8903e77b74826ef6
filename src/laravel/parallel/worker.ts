import { threadId } from 'node:worker_threads';
import { analyseChunk, type SourceFile } from './tasks.js';

/** A task as posted to the pool: `slot` receives the thread's id, so a crash can be pinned on it. */
export interface Envelope {
  slot: Int32Array;
  files: SourceFile[];
}

/**
 * Tests only: a worker given a chunk with this project-relative file exits on the spot, as a
 * crashed thread would. Unset, it does nothing; the main thread never reads it.
 */
const CRASH_ON = process.env.APIDOC_TEST_WORKER_CRASH;

/** The worker thread's entry: tinypool calls it with each chunk. */
export default function analyse({ slot, files }: Envelope): string[] {
  Atomics.store(slot, 0, threadId);
  if (CRASH_ON && files.some((f) => f.rel === CRASH_ON)) process.exit(70);
  return analyseChunk(files);
}
