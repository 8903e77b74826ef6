import type { RequestLogEntry } from '../mock/options.js';

/** Lines waiting in the stream past this many bytes are dropped (and counted), not queued. */
const MAX_PENDING_BYTES = 4 * 1024 * 1024;
/** A request target can be 16 KiB long; the log shows its start. */
const MAX_URL_LENGTH = 1024;

/**
 * Request logging that never blocks a response: lines are buffered and written in one call
 * per tick (or when the buffer grows), so a slow terminal cannot slow the mock down. Nor can
 * it fill the memory: while the stream has more than 4 MiB unwritten (a pipe no one reads),
 * lines are dropped, and how many is said once it drains.
 */
export function createRequestLog(stream: NodeJS.WritableStream & { writableLength?: number }) {
  let buffer: string[] = [];
  let scheduled = false;
  let dropped = 0;
  const flush = () => {
    scheduled = false;
    if (buffer.length === 0) return;
    const text = buffer.join('');
    buffer = [];
    if ((stream.writableLength ?? 0) > MAX_PENDING_BYTES) {
      dropped += text.split('\n').length - 1;
      return;
    }
    if (dropped > 0) {
      stream.write(`(${dropped} request log lines dropped: the log was not being read)\n`);
      dropped = 0;
    }
    stream.write(text);
  };
  return {
    write: (entry: RequestLogEntry) => {
      const url =
        entry.url.length > MAX_URL_LENGTH ? `${entry.url.slice(0, MAX_URL_LENGTH)}…` : entry.url;
      buffer.push(
        `${new Date().toISOString()} ${entry.method} ${url} ${entry.status} ${entry.ms.toFixed(1)}ms${proxied(entry)}\n`,
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

/** A request's violations are listed after its line, at most this many. */
const MAX_VIOLATION_LINES = 20;

/**
 * `--proxy`: who answered when it was the mock, the violations (one indented line each, as
 * `location: message`) and what went unchecked.
 */
function proxied(entry: RequestLogEntry): string {
  const { violations } = entry;
  let text = entry.source === 'mock' ? ' (answered by the mock)' : '';
  if (entry.note) text += ` (${entry.note})`;
  if (!violations || violations.length === 0) return text;
  text += ` ${violations.length} violation${violations.length === 1 ? '' : 's'}`;
  for (const { location, message } of violations.slice(0, MAX_VIOLATION_LINES)) {
    text += `\n  ${location}: ${message}`;
  }
  if (violations.length > MAX_VIOLATION_LINES) {
    text += `\n  ... and ${violations.length - MAX_VIOLATION_LINES} more`;
  }
  return text;
}
