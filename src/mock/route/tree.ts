import createRouter from 'find-my-way';
import type { Finding } from '../../core/errors.js';
import { encodePointer } from '../../core/refs.js';
import type { HttpMethod } from '../../core/types.js';
import type { OperationEntry } from '../../core/engine/operations.js';

/** The operations that share one path template, keyed by method. */
export interface PathEntry {
  template: string;
  operations: Partial<Record<HttpMethod, OperationEntry>>;
  /** find-my-way's parameter names (`p0`, `p1`, ...) mapped back to the document's. */
  paramNames: string[];
}

export type RouteMatch =
  | { kind: 'found'; entry: OperationEntry; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allowed: string[] }
  | { kind: 'not-found' };

export interface Router {
  match(method: string, pathname: string): RouteMatch;
  /** The methods a path answers (for 405 `Allow` and CORS preflight), or undefined. */
  methodsFor(pathname: string): string[] | undefined;
}

/**
 * A radix-tree router (find-my-way) over the document's path templates, built once. Every
 * template is registered under one pseudo-method so a single lookup tells a 404 from a 405.
 * Templates that differ only in parameter names share an entry.
 */
export function buildRouter(
  operations: OperationEntry[],
  warnings: Finding[] = [],
  basePaths: string[] = [],
): Router {
  const tree = createRouter({ ignoreTrailingSlash: true, maxParamLength: 2048 });
  const byPattern = new Map<string, PathEntry>();
  for (const op of operations) {
    const { pattern, paramNames } = toRoutePattern(op.path);
    let entry = byPattern.get(pattern);
    if (!entry) {
      entry = { template: op.path, operations: {}, paramNames };
      byPattern.set(pattern, entry);
      try {
        tree.on('GET', pattern, () => undefined, entry);
      } catch (error) {
        warnings.push({
          pointer: encodePointer(['paths', op.path]),
          message: `path not served: ${String(error)}`,
        });
      }
    } else if (entry.template !== op.path && !entry.operations[op.method]) {
      warnings.push({
        pointer: encodePointer(['paths', op.path]),
        message: `same route as ${entry.template}; served together`,
      });
    }
    entry.operations[op.method] ??= op;
  }
  // Clients often keep the server URL's path (`/v1`) in their base URL: serve both forms.
  const lookup = (pathname: string) => {
    const found = tree.find('GET', pathname);
    if (found || basePaths.length === 0) return found;
    const base = basePaths.find((b) => pathname === b || pathname.startsWith(b + '/'));
    return base ? tree.find('GET', pathname.slice(base.length) || '/') : null;
  };
  return {
    match: (method, pathname) => match(lookup(pathname), method),
    methodsFor: (pathname) => {
      const found = lookup(pathname);
      return found ? allowedMethods(found.store as PathEntry) : undefined;
    },
  };
}

function match(
  found: ReturnType<createRouter.Instance<createRouter.HTTPVersion.V1>['find']>,
  method: string,
): RouteMatch {
  if (!found) return { kind: 'not-found' };
  const entry = found.store as PathEntry;
  const lower = method.toLowerCase() as HttpMethod;
  const op = entry.operations[lower] ?? (lower === 'head' ? entry.operations.get : undefined);
  if (!op) return { kind: 'method-not-allowed', allowed: allowedMethods(entry) };
  const params: Record<string, string> = {};
  entry.paramNames.forEach((name, i) => {
    params[name] = found.params[`p${i}`] ?? '';
  });
  return { kind: 'found', entry: op, params };
}

const METHOD_ORDER: HttpMethod[] = [
  'get',
  'head',
  'post',
  'put',
  'patch',
  'delete',
  'options',
  'trace',
];

/** Laravel's order: `HEAD` right after `GET` wherever `GET` exists. */
function allowedMethods(entry: PathEntry): string[] {
  return METHOD_ORDER.filter(
    (m) => entry.operations[m] || (m === 'head' && entry.operations.get),
  ).map((m) => m.toUpperCase());
}

/**
 * `/users/{id}/files/{name}.{ext}` → `/users/:p0/files/:p1.:p2`. Parameters are renamed
 * because find-my-way ends a name at `-` or `.`, which OpenAPI names may contain; colons in
 * static text are escaped as find-my-way requires.
 */
export function toRoutePattern(template: string): { pattern: string; paramNames: string[] } {
  const paramNames: string[] = [];
  const pattern = template
    .split(/(\{[^}]*\})/)
    .map((part) => {
      if (part.startsWith('{') && part.endsWith('}')) {
        paramNames.push(part.slice(1, -1));
        return `:p${paramNames.length - 1}`;
      }
      return part.replace(/:/g, '::').replace(/\*/g, '%2A');
    })
    .join('');
  return { pattern: pattern.startsWith('/') ? pattern : `/${pattern}`, paramNames };
}

/** The path parts of the document's server URLs (`https://api.test/v1` → `/v1`), longest first. */
export function serverBasePaths(servers: { url?: unknown }[] | undefined): string[] {
  const paths = new Set<string>();
  for (const server of servers ?? []) {
    if (typeof server?.url !== 'string') continue;
    try {
      const pathname = new URL(
        server.url.replace(/\{[^}]*\}/g, 'x'),
        'http://localhost',
      ).pathname.replace(/\/+$/, '');
      if (pathname !== '') paths.add(pathname);
    } catch {
      // A server URL that is not a URL has no base path to strip.
    }
  }
  return [...paths].sort((a, b) => b.length - a.length);
}
