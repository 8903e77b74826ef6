/**
 * A small backend for test/fixtures/specs/node-backend.yaml, in the test's own process: a CRUD
 * API of items and their notes that keeps the document (Laravel-style 401, 404 and 422 bodies,
 * `Location` on create), and routes that misbehave on purpose, for what PHP cannot easily
 * produce: a backend that never answers, resets, sends the wrong media type, 15 or 20 MiB, a
 * stream.
 * `drift: true` breaks the contract of the CRUD routes the way code drifts from its document.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const BACKEND_TOKEN = 'secret-token';

export interface NodeBackend {
  url: string;
  /** Requests received, in order: `GET /api/items`. */
  seen: string[];
  stop(): Promise<void>;
}

interface Item {
  id: number;
  name: string;
  price: number;
}

interface State {
  items: Map<number, Item>;
  notes: Map<number, { id: number; item_id: number; text: string }>;
  next: number;
  drift: boolean;
}

type Handler = (
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer,
  state: State,
  match: RegExpExecArray,
) => void;

function json(res: ServerResponse, status: number, value: unknown, headers = {}): void {
  const payload = Buffer.from(JSON.stringify(value));
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': payload.length,
    ...headers,
  });
  res.end(payload);
}

const notFound = (res: ServerResponse, what: string) =>
  json(res, 404, { message: `No query results for model [App\\Models\\${what}]` });

function authorised(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.headers.authorization === `Bearer ${BACKEND_TOKEN}`) return true;
  json(res, 401, { message: 'Unauthenticated.' });
  return false;
}

/** Laravel's 422 for the item rules `name: required|string|max:100`, `price: required|numeric|min:0`. */
function itemErrors(input: Record<string, unknown>, drift: boolean): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  // Drifted: the name is no longer required by the code, though the document says it is.
  if (typeof input.name !== 'string' || input.name === '') {
    if (!(drift && input.name === undefined)) {
      errors.name = [
        input.name === undefined ? 'The name field is required.' : 'The name must be a string.',
      ];
    }
  } else if (input.name.length > 100) {
    errors.name = ['The name must not be greater than 100 characters.'];
  }
  if (typeof input.price !== 'number' || input.price < 0) {
    errors.price = [
      input.price === undefined ? 'The price field is required.' : 'The price must be a number.',
    ];
  }
  return errors;
}

function parse(body: Buffer): Record<string, unknown> {
  try {
    const value = JSON.parse(body.toString('utf8')) as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The item as the API shows it; drifted, `name` is renamed to `label`. */
function shown(item: Item, drift: boolean): Record<string, unknown> {
  return drift ? { id: item.id, label: item.name, price: item.price } : { ...item };
}

const items: Record<string, Handler> = {
  'GET /api/items': (_req, res, _body, state) =>
    json(res, 200, { data: [...state.items.values()].map((i) => shown(i, state.drift)) }),
  'POST /api/items': (req, res, body, state) => {
    if (!authorised(req, res)) return;
    const input = parse(body);
    const errors = itemErrors(input, state.drift);
    if (Object.keys(errors).length > 0)
      return json(res, 422, { message: 'The given data was invalid.', errors });
    const item = {
      id: state.next++,
      name: String(input.name ?? 'Unnamed'),
      price: Number(input.price),
    };
    state.items.set(item.id, item);
    json(res, 201, { data: shown(item, state.drift) }, { location: `/api/items/${item.id}` });
  },
  'GET /api/items/(\\d+)': (_req, res, _body, state, match) => {
    const item = state.items.get(Number(match[1]));
    if (!item) return notFound(res, 'Item');
    // Drifted: a status the document does not declare.
    if (state.drift) return json(res, 203, { data: shown(item, true) });
    json(res, 200, { data: shown(item, false) });
  },
  'PUT /api/items/(\\d+)': (req, res, body, state, match) => {
    if (!authorised(req, res)) return;
    const item = state.items.get(Number(match[1]));
    if (!item) return notFound(res, 'Item');
    const input = parse(body);
    const errors = itemErrors(input, state.drift);
    if (Object.keys(errors).length > 0)
      return json(res, 422, { message: 'The given data was invalid.', errors });
    Object.assign(item, { name: String(input.name ?? item.name), price: Number(input.price) });
    json(res, 200, { data: shown(item, state.drift) });
  },
  'DELETE /api/items/(\\d+)': (req, res, _body, state, match) => {
    if (!authorised(req, res)) return;
    if (!state.items.delete(Number(match[1]))) return notFound(res, 'Item');
    res.writeHead(204).end();
  },
  'GET /api/items/(\\d+)/notes': (_req, res, _body, state, match) => {
    const id = Number(match[1]);
    if (!state.items.has(id)) return notFound(res, 'Item');
    json(res, 200, { data: [...state.notes.values()].filter((n) => n.item_id === id) });
  },
  'POST /api/items/(\\d+)/notes': (req, res, body, state, match) => {
    if (!authorised(req, res)) return;
    const id = Number(match[1]);
    if (!state.items.has(id)) return notFound(res, 'Item');
    const text = parse(body).text;
    if (typeof text !== 'string' || text === '') {
      const errors = { text: ['The text field is required.'] };
      return json(res, 422, { message: 'The given data was invalid.', errors });
    }
    const note = { id: state.next++, item_id: id, text };
    state.notes.set(note.id, note);
    json(res, 201, { data: note });
  },
  'DELETE /api/items/(\\d+)/notes/(\\d+)': (req, res, _body, state, match) => {
    if (!authorised(req, res)) return;
    const note = state.notes.get(Number(match[2]));
    if (!note || note.item_id !== Number(match[1])) return notFound(res, 'Note');
    state.notes.delete(note.id);
    res.writeHead(204).end();
  },
};

const misbehaving: Record<string, Handler> = {
  'POST /api/echo': (req, res, body) => {
    const headers: Record<string, string> = {};
    for (let i = 0; i + 1 < req.rawHeaders.length; i += 2)
      headers[req.rawHeaders[i]!.toLowerCase()] = req.rawHeaders[i + 1]!;
    json(res, 200, { method: req.method, url: req.url, headers, body: body.toString('utf8') });
  },
  'GET /api/drift/renamed': (_req, res) =>
    json(res, 200, { data: { id: 1, label: 'x', price: 1 } }),
  'GET /api/drift/status': (_req, res) => json(res, 418, { message: "I'm a teapot" }),
  'GET /api/drift/html': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=UTF-8' });
    res.end('<!doctype html><title>Whoops</title>');
  },
  'GET /api/drift/header': (_req, res) => json(res, 200, {}),
  'GET /api/slow': () => undefined,
  'GET /api/reset': (req) => req.socket.destroy(),
  'GET /api/reset-midway': (req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': 1000 });
    res.write('{"data": [');
    setTimeout(() => req.socket.destroy(), 20);
  },
  'GET /api/stall-body': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': 1000 });
    res.write('{"data": [');
  },
  'GET /api/huge': (_req, res) => {
    const line = `"${'x'.repeat(1022)}"`;
    const chunk = Buffer.from(Array.from({ length: 1024 }, () => line).join(','));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"data": [');
    for (let i = 0; i < 20; i++)
      res.write(i === 0 ? chunk : Buffer.concat([Buffer.from(','), chunk]));
    res.end(']}');
  },
  // 15 MiB of JSON, checked whole by the proxy; `?drift=1` ends it with a number, not a string.
  'GET /api/large': (req, res) => {
    const drift = req.url?.endsWith('?drift=1') === true;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(drift ? LARGE_DRIFTED : LARGE);
  },
  'GET /api/events': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    let n = 0;
    const timer = setInterval(() => {
      res.write(`data: ${++n}\n\n`);
      if (n === 5) {
        clearInterval(timer);
        res.end();
      }
    }, 50);
    res.on('close', () => clearInterval(timer));
  },
  'GET /api/unrouted': (_req, res) =>
    json(res, 404, { message: 'The route api/unrouted could not be found.' }),
  'GET /api/unrouted-laravel8': (_req, res) => json(res, 404, { message: '' }),
  'POST /api/not-implemented': (_req, res) => json(res, 501, { message: 'Not Implemented' }),
};

/** `{"data": [...]}`: 15 lines of 1 MiB, less a little (under the 16 MiB the proxy checks). */
const LARGE = Buffer.from(
  `{"data": [${Array.from({ length: 15 * 1024 }, () => `"${'x'.repeat(1020)}"`).join(',')}]}`,
);
const LARGE_DRIFTED = Buffer.from(`${LARGE.subarray(0, -2).toString()},42]}`);

const routes = Object.entries({ ...items, ...misbehaving }).map(
  ([key, handler]) => [new RegExp(`^${key}$`), handler] as const,
);

function route(req: IncomingMessage, res: ServerResponse, body: Buffer, state: State): void {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  // HEAD is GET without the body (node:http leaves the body out).
  const line = `${req.method === 'HEAD' ? 'GET' : req.method} ${path}`;
  for (const [pattern, handler] of routes) {
    const match = pattern.exec(line);
    if (match) return handler(req, res, body, state, match);
  }
  json(res, 404, { message: `The route ${path.slice(1)} could not be found.` });
}

/** Starts the backend on a free port of 127.0.0.1, with two items to begin with. */
export async function startNodeBackend(options: { drift?: boolean } = {}): Promise<NodeBackend> {
  const state: State = {
    items: new Map(),
    notes: new Map(),
    next: 3,
    drift: options.drift === true,
  };
  state.items.set(1, { id: 1, name: 'Keyboard', price: 89.9 });
  state.items.set(2, { id: 2, name: 'Mug', price: 9.5 });
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => route(req, res, Buffer.concat(chunks), state));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
