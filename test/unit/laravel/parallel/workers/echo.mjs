// A stand-in for the compiled worker (dist/laravel/parallel/worker.js), speaking the same
// protocol (src/laravel/parallel/protocol.ts): answers each file with its name, and fails as
// told by the name of a chunk's first file.
import process from 'node:process';
import { receiveMessageOnPort, threadId } from 'node:worker_threads';

export default function ({ slot, port, control, claims, crew }) {
  Atomics.store(slot, 0, threadId);
  let seen = Atomics.load(control, 0);
  for (;;) {
    const closed = Atomics.load(control, 1) === 1;
    const message = receiveMessageOnPort(port);
    if (message) {
      const { index, files } = message.message;
      if (Atomics.compareExchange(claims, index, 0, crew) !== 0) continue;
      const first = files[0]?.rel;
      if (first === 'exit') process.exit(3);
      if (first === 'throw') throw new Error('the analysis threw');
      port.postMessage({ index, facts: first === 'short' ? [] : files.map((f) => f.rel) });
    } else if (closed) return;
    else {
      Atomics.wait(control, 0, seen);
      seen = Atomics.load(control, 0);
    }
  }
}
