import type { ChainCall, FileFacts, MethodFacts, RouteDecl } from '../facts/types.js';
import type { ClassIndex } from '../project/classes.js';
import { resolvePhpPath } from './paths.js';
import type { RouteRoot } from './flatten.js';
import { apiGroupFiles, apiOnly } from './web.js';
import { attributeRoots } from './attribute-routes.js';

const ROUTE_SERVICE_PROVIDER = 'Illuminate\\Foundation\\Support\\Providers\\RouteServiceProvider';
const DEFAULT_API_FILE = 'routes/api.php';

/** Where the application declares its routes, as Laravel would load them. */
export interface RouteEntry {
  roots: RouteRoot[];
  /** The application's API route files (`routes/api.php`, or `withRouting(api: ...)`). */
  apiFiles: string[];
  /** `withRouting(apiPrefix: ...)`, when the application sets it. */
  apiPrefix?: string;
  /** What was read to find the routes, for a run that finds none. */
  looked: { file: string; line?: number; what: string }[];
}

/**
 * Where the application mounts its API routes: Laravel 11+ `bootstrap/app.php` `withRouting`
 * (with `apiPrefix`, `using:` and `then:`), else the route service providers' methods (Laravel
 * 5–10: `map*()`, `boot()` with `$this->routes(...)`, route classes), else the default
 * `routes/api.php` under `api` with the `api` middleware group. Web routes are left out.
 * @see https://laravel.com/docs/11.x/routing#routing-customization
 */
export function routeEntry(files: ReadonlyMap<string, FileFacts>, classes: ClassIndex): RouteEntry {
  const entry = fromBootstrap(files) ?? fromProviders(classes) ?? defaultEntry(files);
  // Route attributes on controllers register besides the route files (spatie's package).
  const attributed = attributeRoots(files, classes);
  if (attributed.length === 0) return entry;
  return {
    ...entry,
    roots: [...entry.roots, ...attributed],
    looked: [...entry.looked, { file: 'config/route-attributes.php', what: 'route attributes' }],
  };
}

/** The roots alone (see `routeEntry`). */
export function routeRoots(
  files: ReadonlyMap<string, FileFacts>,
  classes: ClassIndex,
): RouteRoot[] {
  return routeEntry(files, classes).roots;
}

function fromBootstrap(files: ReadonlyMap<string, FileFacts>): RouteEntry | undefined {
  const file = 'bootstrap/app.php';
  const facts = files.get(file);
  const routing = facts?.withRouting;
  if (!facts || !routing) return undefined;
  const decls: RouteDecl[] = [];
  const api = resolvePhpPath(routing.api, file);
  const prefix = typeof routing.apiPrefix === 'string' ? routing.apiPrefix : 'api';
  if (api) decls.push(mount(api, [call('prefix', prefix), call('middleware', 'api')]));
  decls.push(...apiOnly(facts.routes ?? [], file));
  return {
    roots: [{ file, decls }],
    apiFiles: api ? [api] : [],
    apiPrefix: prefix,
    looked: [
      { file, what: api ? `withRouting(api: ${api})` : 'withRouting() without an api: file' },
    ],
  };
}

function fromProviders(classes: ClassIndex): RouteEntry | undefined {
  const roots: RouteRoot[] = [];
  const apiFiles = new Set([DEFAULT_API_FILE]);
  const looked: RouteEntry['looked'] = [];
  for (const name of classes.names()) {
    const cls = classes.get(name)!;
    if (name === ROUTE_SERVICE_PROVIDER || !classes.isA(name, [ROUTE_SERVICE_PROVIDER])) continue;
    looked.push({ file: cls.file, line: cls.facts.line, what: name });
    const methods = rootMethods(cls.facts.methods);
    const decls = apiOnly(
      methods.flatMap((m) => m.routes ?? []),
      cls.file,
    );
    if (decls.length > 0) roots.push({ file: cls.file, decls, self: name });
    for (const target of apiGroupFiles(decls, cls.file)) apiFiles.add(target);
  }
  return roots.length > 0 ? { roots, apiFiles: [...apiFiles], looked } : undefined;
}

/**
 * A provider's methods that declare routes, in line order, less those another of them calls
 * (`map()` calling `$this->mapApiRoutes()`): those are read where they are called.
 */
function rootMethods(methods: Record<string, MethodFacts>): MethodFacts[] {
  const called = new Set<string>();
  const visit = (decls: readonly RouteDecl[]) => {
    for (const decl of decls) {
      if (decl.kind === 'call' && !decl.className) called.add(decl.method);
      if (decl.kind === 'group') visit(decl.children);
    }
  };
  for (const method of Object.values(methods)) visit(method.routes ?? []);
  return Object.entries(methods)
    .filter(([name, m]) => m.routes && !called.has(name))
    .map(([, m]) => m)
    .sort((a, b) => a.line - b.line);
}

function defaultEntry(files: ReadonlyMap<string, FileFacts>): RouteEntry {
  const looked = [{ file: DEFAULT_API_FILE, what: 'the default API route file' }];
  if (!files.has(DEFAULT_API_FILE)) return { roots: [], apiFiles: [], looked };
  return {
    roots: [
      {
        file: '',
        decls: [mount(DEFAULT_API_FILE, [call('prefix', 'api'), call('middleware', 'api')])],
      },
    ],
    apiFiles: [DEFAULT_API_FILE],
    looked,
  };
}

/** A group that requires a route file. */
function mount(target: string, calls: ChainCall[]): RouteDecl {
  return {
    kind: 'group',
    line: 0,
    calls,
    children: [{ kind: 'require', line: 0, path: `{{BASE}}/${target}`, calls: [] }],
  };
}

function call(method: string, arg: string): ChainCall {
  return { method, args: [arg] };
}
