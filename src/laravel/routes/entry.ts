import { stringList } from '../php/value.js';
import type { ChainCall, FileFacts, RouteDecl } from '../facts/types.js';
import type { ClassIndex } from '../project/classes.js';
import { resolvePhpPath } from './paths.js';
import type { RouteRoot } from './flatten.js';

const ROUTE_SERVICE_PROVIDER = 'Illuminate\\Foundation\\Support\\Providers\\RouteServiceProvider';
const NOT_API_FILES = ['routes/web.php', 'routes/console.php', 'routes/channels.php'];

/**
 * Where the application mounts its API routes: Laravel 11+ `bootstrap/app.php` `withRouting`
 * (with `apiPrefix`), else the Laravel 8–10 `RouteServiceProvider`'s groups, else the default
 * `routes/api.php` under `api` with the `api` middleware group. Web routes are left out.
 * @see https://laravel.com/docs/11.x/routing#routing-customization
 */
export function routeRoots(
  files: ReadonlyMap<string, FileFacts>,
  classes: ClassIndex,
): RouteRoot[] {
  return fromBootstrap(files) ?? fromProviders(files, classes) ?? defaultRoots(files);
}

function fromBootstrap(files: ReadonlyMap<string, FileFacts>): RouteRoot[] | undefined {
  const facts = files.get('bootstrap/app.php');
  const routing = facts?.withRouting;
  if (!facts || !routing) return undefined;
  const decls: RouteDecl[] = [];
  const api = resolvePhpPath(routing.api, 'bootstrap/app.php');
  const prefix = typeof routing.apiPrefix === 'string' ? routing.apiPrefix : 'api';
  if (api) decls.push(mount(api, [call('prefix', prefix), call('middleware', 'api')]));
  decls.push(...apiOnly(facts.routes ?? [], 'bootstrap/app.php'));
  return [{ file: 'bootstrap/app.php', decls }];
}

function fromProviders(
  files: ReadonlyMap<string, FileFacts>,
  classes: ClassIndex,
): RouteRoot[] | undefined {
  const roots: RouteRoot[] = [];
  for (const name of classes.names()) {
    const cls = classes.get(name)!;
    if (name === ROUTE_SERVICE_PROVIDER || !classes.isA(name, [ROUTE_SERVICE_PROVIDER])) continue;
    const methods = Object.values(cls.facts.methods).sort((a, b) => a.line - b.line);
    const decls = apiOnly(
      methods.flatMap((m) => m.routes ?? []),
      cls.file,
    );
    if (decls.length > 0) roots.push({ file: cls.file, decls });
  }
  void files;
  return roots.length > 0 ? roots : undefined;
}

function defaultRoots(files: ReadonlyMap<string, FileFacts>): RouteRoot[] {
  if (!files.has('routes/api.php')) return [];
  return [
    {
      file: '',
      decls: [mount('routes/api.php', [call('prefix', 'api'), call('middleware', 'api')])],
    },
  ];
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

/** Drops the groups that mount web, console or channel routes, at any depth. */
function apiOnly(decls: RouteDecl[], file: string): RouteDecl[] {
  return decls.flatMap((decl): RouteDecl[] => {
    if (decl.kind === 'require') return isApiFile(decl, file) ? [decl] : [];
    if (decl.kind !== 'group') return [decl];
    const middleware = decl.calls
      .filter((c) => c.method === 'middleware')
      .flatMap((c) => c.args.flatMap((a) => stringList(a)));
    if (middleware.includes('web')) return [];
    return [{ ...decl, children: apiOnly(decl.children, file) }];
  });
}

function isApiFile(decl: Extract<RouteDecl, { kind: 'require' }>, file: string): boolean {
  return !NOT_API_FILES.includes(resolvePhpPath(decl.path, file) ?? '');
}
