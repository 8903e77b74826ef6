// The practical limit: a node:http server answering every request with one fixed JSON body.
// Usage: node bench/bare-server.mjs <port> [host] [replies.json]
// With a replies file (the corpus case), a request whose `METHOD target` the file names gets that
// reply's status, content type and bytes instead: the same answer the mock gave, looked up in a
// Map, so that both servers send the same bytes and the bare one does the least a server can.
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import process from 'node:process';

const port = Number(process.argv[2] ?? 0);
const host = process.argv[3] ?? '127.0.0.1';
const replies = new Map(
  Object.entries(process.argv[4] ? JSON.parse(readFileSync(process.argv[4], 'utf8')) : {}).map(
    ([key, reply]) => {
      const payload = Buffer.from(reply.body, 'base64');
      const headers = { 'content-length': payload.length };
      if (reply.contentType) headers['content-type'] = reply.contentType;
      return [key, { status: reply.status, headers, payload }];
    },
  ),
);

// About the size of one mocked book, so that the bytes on the wire are comparable.
const body = Buffer.from(
  JSON.stringify({
    data: {
      id: 1,
      title: 'Dune',
      isbn: '978-0441172719',
      genre: 'fiction',
      price: 9.99,
      tags: ['classic', 'space'],
      published_on: '1965-08-01',
      cover_url: null,
      author: { id: 3, name: 'Frank Herbert', email: 'frank@example.test' },
      created_at: '2024-01-01T00:00:00Z',
    },
  }),
);

const fixed = {
  headers: { 'content-type': 'application/json', 'content-length': body.length },
  payload: body,
};

const server = http.createServer((req, res) => {
  const reply = replies.size > 0 ? replies.get(`${req.method} ${req.url}`) : undefined;
  const status = reply?.status ?? (req.method === 'POST' ? 201 : 200);
  const { headers, payload } = reply ?? fixed;
  // Read the request body before answering, as any real server must.
  req.on('data', () => {});
  req.on('end', () => {
    res.writeHead(status, headers);
    res.end(payload);
  });
});

server.listen(port, host);

const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
