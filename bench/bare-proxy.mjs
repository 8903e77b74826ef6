// The least a Node proxy does: node:http in, node:http out with a keep-alive agent, the answer
// buffered and sent on in one write, nothing checked. The proxy case measures it beside
// `apidoc mock --proxy`, so that what the checks cost shows apart from what any proxy costs.
// Usage: node bench/bare-proxy.mjs <port> <upstream port>
import { Buffer } from 'node:buffer';
import http from 'node:http';
import process from 'node:process';

const port = Number(process.argv[2] ?? 0);
const upstream = Number(process.argv[3]);
const agent = new http.Agent({ keepAlive: true, maxFreeSockets: 256, scheduling: 'lifo' });

const server = http.createServer((req, res) => {
  const headers = { ...req.headers, host: `127.0.0.1:${upstream}` };
  delete headers.connection;
  const out = http.request(
    { hostname: '127.0.0.1', port: upstream, method: req.method, path: req.url, headers, agent },
    (answer) => {
      const chunks = [];
      answer.on('data', (chunk) => chunks.push(chunk));
      answer.on('end', () => {
        const back = { ...answer.headers };
        delete back.connection;
        res.writeHead(answer.statusCode ?? 502, back);
        res.end(Buffer.concat(chunks));
      });
    },
  );
  out.on('error', () => res.destroy());
  req.pipe(out);
});

server.listen(port, '127.0.0.1');

const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
