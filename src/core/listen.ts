import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UserError } from './errors.js';

export interface Bound {
  host: string;
  port: number;
  /** `http://host:port`; see `ListenOptions.wildcardAsLocalhost`. */
  url: string;
}

export interface ListenOptions {
  /** The option that set the port, named in errors. Default: `--port`. */
  flag?: string;
  /** Show a wildcard host (0.0.0.0, ::) as localhost in `url`, the address to open. Default: false. */
  wildcardAsLocalhost?: boolean;
}

/**
 * Listens, turning the usual failures (port taken, no such address) into UserErrors: the mock
 * server and the live docs' server share it.
 */
export function listen(
  server: Server,
  port: number,
  host: string,
  { flag = '--port', wildcardAsLocalhost = false }: ListenOptions = {},
): Promise<Bound> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(bindError(error, host, port, flag));
    };
    const onListening = () => {
      server.off('error', onError);
      const address = server.address() as AddressInfo;
      const wildcard = address.address === '0.0.0.0' || address.address === '::';
      const shown =
        wildcard && wildcardAsLocalhost
          ? 'localhost'
          : address.family === 'IPv6'
            ? `[${address.address}]`
            : address.address;
      resolve({
        host: address.address,
        port: address.port,
        url: `http://${shown}:${address.port}`,
      });
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

function bindError(error: NodeJS.ErrnoException, host: string, port: number, flag: string): Error {
  if (error.code === 'EADDRINUSE')
    return new UserError(
      `Address already in use: ${host}:${port}`,
      `Stop the other process or pick another port with ${flag}.`,
    );
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND')
    return new UserError(
      `Cannot bind to host ${host}: no such address on this machine`,
      'Use --host 127.0.0.1, or 0.0.0.0 for every interface.',
    );
  if (error.code === 'EACCES')
    return new UserError(
      `Permission denied to listen on ${host}:${port}`,
      `Ports below 1024 need privileges: pick another ${flag}.`,
    );
  return error;
}
