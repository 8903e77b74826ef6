// The practical limit: a node:http server answering every request with one fixed JSON body.
// Usage: node bench/bare-server.mjs <port> [host]
import { Buffer } from 'node:buffer';
import http from 'node:http';
import process from 'node:process';

const port = Number(process.argv[2] ?? 0);
const host = process.argv[3] ?? '127.0.0.1';

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

const server = http.createServer((req, res) => {
  const status = req.method === 'POST' ? 201 : 200;
  // Read the request body before answering, as any real server must.
  req.on('data', () => {});
  req.on('end', () => {
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': body.length,
    });
    res.end(body);
  });
});

server.listen(port, host);

const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
