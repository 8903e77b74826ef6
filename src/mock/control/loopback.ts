import { BlockList, isIP } from 'node:net';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether an address is this machine's own: 127.0.0.0/8, ::1, or 127.x as IPv4-mapped IPv6. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  const family = isIP(ip);
  return family !== 0 && LOOPBACK.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Whether a `Host` header names this machine: `localhost` and its subdomains (RFC 6761 §6.3),
 * or a loopback address, with any port. A header that names anything else, on a connection to
 * a loopback address, is a page on another name resolved to 127.0.0.1 (DNS rebinding).
 * @see https://www.rfc-editor.org/rfc/rfc6761#section-6.3
 */
export function isLoopbackHost(host: string): boolean {
  const name = host.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d*)?$/.exec(name);
  const hostname = (bracketed ? bracketed[1]! : name.replace(/:\d*$/, '')).replace(/\.$/, '');
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return true;
  return isLoopbackAddress(hostname);
}
