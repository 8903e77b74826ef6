import { threadId } from 'node:worker_threads';
import { takeChunks, type Envelope } from './protocol.js';
import { analyseChunk, CRASH_ON } from './tasks.js';

// Loads php-parser now, while the main thread lists and reads the project, not with the first
// chunk.
analyseChunk([{ rel: 'warm-up.php', content: '<?php\n' }]);

/** The worker thread's entry: tinypool calls it once per round. */
export default function serve(envelope: Envelope): number {
  Atomics.store(envelope.slot, 0, threadId);
  return takeChunks(envelope, (files) => {
    if (CRASH_ON && files.some((f) => f.rel === CRASH_ON)) process.exit(70);
    return analyseChunk(files);
  });
}
