import type { MiddlewareMap } from './middleware-map.js';

/** One middleware a route runs, its group expanded and its alias resolved. */
export interface RouteMiddleware {
  /** As written: `auth:sanctum`, `App\\Http\\Middleware\\TokenAuth`. */
  written: string;
  /** The alias or class before the parameters. */
  name: string;
  /** The class it stands for, when known. */
  className?: string;
  /** `auth:sanctum,api` → `['sanctum', 'api']`. */
  params: string[];
}

/**
 * The middleware a route runs, as Laravel resolves them: groups replaced by their members (to
 * any depth), aliases by their classes, parameters split off; `withoutMiddleware` removes a
 * member wherever it came from.
 * @see https://laravel.com/docs/middleware#middleware-groups
 */
export function expandMiddleware(
  middleware: readonly string[],
  map: MiddlewareMap,
  without: readonly string[] = [],
): RouteMiddleware[] {
  const out: RouteMiddleware[] = [];
  const visit = (list: readonly string[], depth: number, stack: readonly string[]) => {
    for (const written of list) {
      const [name = '', params = ''] = split(written);
      const group = map.groups[name];
      if (group && !params && depth < 8 && !stack.includes(name)) {
        visit(group, depth + 1, [...stack, name]);
        continue;
      }
      const className = map.aliases[name] ?? (name.includes('\\') ? name : undefined);
      out.push({
        written,
        name,
        ...(className ? { className } : {}),
        params: params ? params.split(',') : [],
      });
    }
  };
  visit(middleware, 0, []);
  if (without.length === 0) return out;
  // Laravel compares middleware resolved to `Class:parameters`: `withoutMiddleware('auth:api')`
  // removes `auth:api`, not `auth:sanctum`.
  const excluded = new Set(expandMiddleware(without, map).map(resolvedKey));
  return out.filter((m) => !excluded.has(resolvedKey(m)));
}

function resolvedKey(m: RouteMiddleware): string {
  const base = m.className ?? m.name;
  return m.params.length > 0 ? `${base}:${m.params.join(',')}` : base;
}

function split(written: string): [string, string] {
  const at = written.indexOf(':');
  return at < 0 ? [written, ''] : [written.slice(0, at), written.slice(at + 1)];
}
