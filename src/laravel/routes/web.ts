import { isPhpArray, stringList, type PhpValue } from '../php/value.js';
import type { RouteDecl } from '../facts/types.js';
import { resolvePhpPath } from './paths.js';

const NOT_API_FILES = ['routes/web.php', 'routes/console.php', 'routes/channels.php'];

/**
 * Middleware that make a group serve pages: the `web` group, or the session and CSRF
 * middleware it is made of (a Laravel 5 provider lists them itself).
 */
const WEB_MIDDLEWARE = /^web$|(^|\\)(StartSession|VerifyCsrfToken)$/;

/** Drops the groups that mount web, console or channel routes, at any depth. */
export function apiOnly(decls: RouteDecl[], file: string): RouteDecl[] {
  return decls.flatMap((decl): RouteDecl[] => {
    if (decl.kind === 'require') return isApiFile(decl, file) ? [decl] : [];
    if (decl.kind !== 'group') return [decl];
    if (isWebGroup(decl)) return [];
    return [{ ...decl, children: apiOnly(decl.children, file) }];
  });
}

/** A group whose middleware serve pages (see `WEB_MIDDLEWARE`); read again once resolved. */
export function isWebGroup(decl: Extract<RouteDecl, { kind: 'group' }>): boolean {
  const middleware = decl.calls
    .filter((c) => c.method === 'middleware')
    .flatMap((c) => c.args.flatMap((a) => middlewareNames(a)));
  return middleware.some((m) => WEB_MIDDLEWARE.test(m));
}

function middlewareNames(value: PhpValue): string[] {
  const list = isPhpArray(value) ? value.items.map((i) => i.value) : [value];
  return list.flatMap((m) =>
    typeof m === 'string' ? [m] : isClassRef(m) ? [m.name] : stringList(m),
  );
}

function isClassRef(value: PhpValue): value is { kind: 'class'; name: string } {
  return typeof value === 'object' && value !== null && value.kind === 'class';
}

function isApiFile(decl: Extract<RouteDecl, { kind: 'require' }>, file: string): boolean {
  return !NOT_API_FILES.includes(resolvePhpPath(decl.path, file) ?? '');
}

/** A middleware group named for an API (`api`, `api-external`, `api.v2`). */
const API_GROUP = /^api(?:[-_.:].*)?$/i;

/**
 * Route files a provider mounts in a group that runs an API middleware group (opnform's
 * `Route::middleware('api-external')->group(base_path('routes/api-external.php'))`): API files
 * like `routes/api.php`, whatever their prefix.
 */
export function apiGroupFiles(decls: readonly RouteDecl[], file: string, inApi = false): string[] {
  return decls.flatMap((decl): string[] => {
    if (decl.kind === 'require') {
      const target = inApi ? resolvePhpPath(decl.path, file) : undefined;
      return target ? [target] : [];
    }
    if (decl.kind !== 'group') return [];
    const api =
      inApi ||
      decl.calls
        .filter((c) => c.method === 'middleware')
        .flatMap((c) => c.args.flatMap((a) => middlewareNames(a)))
        .some((m) => API_GROUP.test(m));
    return apiGroupFiles(decl.children, file, api);
  });
}
