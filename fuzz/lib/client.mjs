// A raw HTTP/1.1 client over TCP: it sends bytes exactly as given (no library fixes a broken
// head, a missing Host or a lying Content-Length up), in pieces with pauses if asked, and
// reads the responses back, on 127.0.0.1 only.
import { Buffer } from 'node:buffer';
import net from 'node:net';
import { clearTimeout, setTimeout } from 'node:timers';

/**
 * Opens a connection to 127.0.0.1:`port`, writes `parts` (Buffers or strings; a number is a
 * pause in ms) and reads until `expect` responses have arrived, the server closed the
 * connection, or `deadlineMs` passed. `head` says the requests were HEAD (no bodies follow).
 * Resolves with { responses, closed, timedOut, ms, error }.
 */
export function exchange(port, parts, { expect = 1, deadlineMs = 10_000, head = false } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = Buffer.alloc(0);
    const responses = [];
    let settled = false;
    let error;
    const finish = (outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ responses, ms: Date.now() - started, error, ...outcome });
    };
    const timer = setTimeout(() => finish({ closed: false, timedOut: true }), deadlineMs);
    socket.on('connect', async () => {
      for (const part of parts) {
        if (settled || socket.destroyed) return;
        if (typeof part === 'number') await new Promise((r) => setTimeout(r, part));
        else socket.write(part);
      }
    });
    socket.on('data', (chunk) => {
      data = Buffer.concat([data, chunk]);
      data = takeResponses(data, responses, head, false);
      if (responses.length >= expect) finish({ closed: false, timedOut: false });
    });
    // A reset after the server answered and closed is its way of saying goodbye.
    socket.on('error', (e) => (error = e.code ?? e.message));
    socket.on('close', () => {
      data = takeResponses(data, responses, head, true);
      finish({ closed: true, timedOut: false });
    });
  });
}

/** Moves every whole response at the start of `data` into `out`; returns the rest. */
function takeResponses(data, out, head, closed) {
  for (;;) {
    const end = data.indexOf('\r\n\r\n');
    if (end < 0) return data;
    const [statusLine, ...lines] = data.subarray(0, end).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/\d\.\d (\d{3})/.exec(statusLine)?.[1] ?? 0);
    const headers = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon > 0)
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const rest = data.subarray(end + 4);
    if (status >= 100 && status < 200) {
      data = rest; // 100 Continue and friends come before the real answer
      continue;
    }
    const noBody = head || status === 204 || status === 304;
    if (!noBody && /chunked/i.test(headers['transfer-encoding'] ?? '')) {
      const chunked = dechunk(rest);
      if (!chunked) {
        if (!closed) return data;
        out.push({ status, headers, body: rest });
        return Buffer.alloc(0);
      }
      out.push({ status, headers, body: chunked.body });
      data = rest.subarray(chunked.used);
      continue;
    }
    const length = noBody ? 0 : Number(headers['content-length'] ?? NaN);
    if (Number.isNaN(length)) {
      if (!closed) return data;
      out.push({ status, headers, body: rest });
      return Buffer.alloc(0);
    }
    if (rest.length < length) return data;
    out.push({ status, headers, body: rest.subarray(0, length) });
    data = rest.subarray(length);
  }
}

/** A chunked body, once its last chunk has arrived: { body, used } (bytes read), else undefined. */
function dechunk(data) {
  const pieces = [];
  let at = 0;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) return undefined;
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    if (Number.isNaN(size)) return { body: data, used: data.length };
    if (size === 0) {
      const end = data.indexOf('\r\n\r\n', lineEnd);
      return end < 0 ? undefined : { body: Buffer.concat(pieces), used: end + 4 };
    }
    if (data.length < lineEnd + 2 + size + 2) return undefined;
    pieces.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

/** A request's bytes: `head` lines joined with CRLF, a blank line, then `body`. */
export function request(method, target, headers = {}, body) {
  const lines = [`${method} ${target} HTTP/1.1`];
  for (const [name, value] of Object.entries(headers)) {
    for (const one of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${one}`);
  }
  const head = Buffer.from(lines.join('\r\n') + '\r\n\r\n', 'latin1');
  if (body === undefined) return head;
  return Buffer.concat([head, Buffer.isBuffer(body) ? body : Buffer.from(body)]);
}
