import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TinyBackend {
  url: string;
  stop: () => Promise<void>;
}

/** A backend whose every answer `handler` writes, on a free port of 127.0.0.1. */
export async function startTinyBackend(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<TinyBackend> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
