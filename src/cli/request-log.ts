import type { RequestLogEntry } from '../core/engine/options.js';

/**
 * Request logging that never blocks a response: lines are buffered and written in one call
 * per tick (or when the buffer grows), so a slow terminal cannot slow the mock down.
 */
export function createRequestLog(stream: NodeJS.WritableStream) {
  let buffer: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (buffer.length === 0) return;
    const text = buffer.join('');
    buffer = [];
    stream.write(text);
  };
  return {
    write: (entry: RequestLogEntry) => {
      buffer.push(
        `${new Date().toISOString()} ${entry.method} ${entry.url} ${entry.status} ${entry.ms.toFixed(1)}ms\n`,
      );
      if (buffer.length >= 256) flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flush,
  };
}
