import type { Finding } from '../../core/errors.js';
import type { ApidocConfig } from '../config.js';
import type { FileFacts } from '../facts/types.js';
import type { PhpValue } from '../php/value.js';
import type { ClassIndex } from '../project/classes.js';
import { routeEntry, type RouteEntry } from './entry.js';
import { flattenAll } from './flatten.js';
import { matchesAny } from '../../core/str-is.js';
import { routeProject } from './project.js';
import type { Route } from './types.js';

/** The API prefix when the application sets none (Laravel's default, and the peers'). */
const DEFAULT_PREFIX = 'api';

/**
 * The routes the document describes: every route the application registers outside its web
 * routes (see `routeEntry`), less those that are not its API — the API is the routes of its API
 * route file and those under its API prefix (`withRouting(apiPrefix:)`, else `api`; the
 * config's `api_prefix` replaces it) — then `route_patterns`, `--pattern` and
 * `excluded_routes`. A run that ends with no route, or a pattern that matches none, says why.
 */
export function documentedRoutes(
  files: ReadonlyMap<string, FileFacts>,
  classes: ClassIndex,
  config: ApidocConfig,
  patterns: readonly string[],
  configValue: (key: string) => PhpValue | undefined,
  warnings: Finding[],
): Route[] {
  const entry = routeEntry(files, classes);
  const unresolved: Finding[] = [];
  const { routes } = flattenAll(entry.roots, files, warnings, {
    project: routeProject(classes, configValue, unresolved),
    apiFiles: entry.apiFiles,
  });
  const prefixes = config.apiPrefixes ?? [entry.apiPrefix ?? DEFAULT_PREFIX];
  const api = routes.filter((r) => isApi(r, prefixes) && !isCatchAll(r));
  if (routes.length === 0) warnings.push(...noRoute(entry, unresolved));
  else if (api.length === 0)
    warnings.push({
      message: `none of the ${routes.length} routes found is under the API prefix ${prefixes.map((p) => `"${p}"`).join(', ')}: set api_prefix in config/apidoc.php to document them`,
    });
  return selectRoutes(api, config, patterns, warnings);
}

function isApi(route: Route, prefixes: readonly string[]): boolean {
  if (route.apiFile) return true;
  return prefixes.some((raw) => {
    const prefix = raw.replace(/^\/+|\/+$/g, '');
    return (
      prefix === '' || prefix === '*' || route.uri === prefix || route.uri.startsWith(`${prefix}/`)
    );
  });
}

/**
 * `Route::any('{any}', fn () => ...)->where('any', '.*')`: a closure that answers every path
 * the other routes do not, as `Route::fallback()` does; it is no operation of the API.
 * @see https://laravel.com/docs/routing#fallback-routes
 */
function isCatchAll(route: Route): boolean {
  const last = /\{(\w+)\??\}$/.exec(route.uri)?.[1];
  const where = last ? route.wheres[last] : undefined;
  return route.action.kind === 'closure' && where !== undefined && /^\(?\.[*+]\)?$/.test(where);
}

/** Where the run looked for routes and what it could not follow, as warnings. */
function noRoute(entry: RouteEntry, unresolved: readonly Finding[]): Finding[] {
  const looked = entry.looked
    .map((l) => `${l.file}${l.line ? `:${l.line}` : ''} (${l.what})`)
    .join(', ');
  return [
    {
      message: `no route found: looked in ${looked || 'nothing (no bootstrap/app.php withRouting, no RouteServiceProvider, no routes/api.php)'}`,
    },
    ...unresolved,
  ];
}

/** `route_patterns`, `--pattern` and `excluded_routes` (URI patterns or route names). */
function selectRoutes(
  routes: Route[],
  config: ApidocConfig,
  patterns: readonly string[],
  warnings: Finding[],
): Route[] {
  for (const [option, list] of [
    ['--pattern', patterns],
    ['route_patterns', config.routePatterns],
  ] as const) {
    for (const pattern of list)
      if (routes.length > 0 && !routes.some((r) => matchesAny([pattern], r.uri)))
        warnings.push({
          message: `${option} "${pattern}" matches none of the ${routes.length} API routes`,
        });
  }
  return routes.filter((r) => {
    if (config.routePatterns.length > 0 && !matchesAny(config.routePatterns, r.uri)) return false;
    if (patterns.length > 0 && !matchesAny(patterns, r.uri)) return false;
    const excluded = config.excludedRoutes.some(
      (p) => matchesAny([p], r.uri) || (r.name !== undefined && matchesAny([p], r.name)),
    );
    return !excluded;
  });
}
