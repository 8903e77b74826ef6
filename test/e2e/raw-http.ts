import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends `request` as it is (no client library fixes its head up: a missing `Host`, a bad
 * target, an unfinished body) on a new connection to `url`'s host and port, and reads one
 * response: up to its `content-length`, or its head alone when it has none.
 */
export function rawRequest(url: string, request: string | Buffer): Promise<RawResponse> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(request));
    let data = Buffer.alloc(0);
    const done = () => {
      const response = parse(data);
      if (response) {
        socket.destroy();
        resolve(response);
      }
      return response !== undefined;
    };
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      done();
    });
    socket.on('error', reject);
    socket.on('close', () => {
      if (!done()) reject(new Error(`connection closed without a response: ${String(data)}`));
    });
  });
}

/** The response when all of it has arrived (or the connection closed after its head). */
function parse(data: Buffer): RawResponse | undefined {
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine = '', ...lines] = data.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = data.subarray(end + 4);
  const length = Number(headers['content-length'] ?? NaN);
  if (!Number.isNaN(length) && body.length < length) return undefined;
  return { status: Number(statusLine.split(' ')[1]), headers, body: body.toString('utf8') };
}
