// A stand-in for the compiled worker (dist/laravel/parallel/worker.js): answers each file with
// its name, and fails as told by the name of the first file.
import process from 'node:process';
import { threadId } from 'node:worker_threads';

export default function ({ slot, files }) {
  Atomics.store(slot, 0, threadId);
  const first = files[0]?.rel;
  if (first === 'exit') process.exit(3);
  if (first === 'throw') throw new Error('the analysis threw');
  if (first === 'short') return [];
  return files.map((f) => f.rel);
}
