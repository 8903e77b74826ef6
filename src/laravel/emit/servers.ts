import type { ServerObject } from '../../core/types.js';

/**
 * `Route::domain('{account}.example.com')`: the route answers on that host only, so the
 * operation gets a server of its own, with the domain's parameters as server variables (and the
 * scheme of the document's first server).
 * @see https://laravel.com/docs/routing#route-group-subdomain-routing
 */
export function domainServers(domain: string, servers: readonly { url: string }[]): ServerObject[] {
  const scheme = /^(https?):/.exec(servers[0]?.url ?? '')?.[1] ?? 'http';
  const names = [...domain.matchAll(/\{(\w+)\??\}/g)].map((m) => m[1]!);
  const server: ServerObject = { url: `${scheme}://${domain.replace(/\{(\w+)\?\}/g, '{$1}')}` };
  if (names.length > 0)
    server.variables = Object.fromEntries(
      names.map((name) => [
        name,
        { default: name, description: `The \`${name}\` domain parameter` },
      ]),
    );
  return [server];
}
