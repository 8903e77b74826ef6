import type { FileFacts, MiddlewareCall } from '../facts/types.js';
import { arrayRecord, arrayValues, isPhpArray, type PhpValue } from '../php/value.js';
import type { ClassIndex } from '../project/classes.js';
import { lookupTable } from '../php/lookup.js';
import { resolveValue } from '../resolve/value.js';
import { configFiles, configValues } from '../project/config-values.js';

const HTTP_KERNEL = 'Illuminate\\Foundation\\Http\\Kernel';

/** Middleware groups (name → members, as written) and aliases (alias → class). */
export interface MiddlewareMap {
  groups: Record<string, string[]>;
  aliases: Record<string, string>;
  /** The file that registers each of the application's own aliases (its kernel, `bootstrap/app.php`). */
  defined?: Record<string, string>;
}

/**
 * Laravel's own aliases, which an application may override or extend (Laravel 11+ registers
 * them itself; a Laravel 8–10 kernel lists them).
 * @see https://laravel.com/docs/11.x/middleware#middleware-aliases
 */
const DEFAULT_ALIASES: Record<string, string> = {
  auth: 'Illuminate\\Auth\\Middleware\\Authenticate',
  'auth.basic': 'Illuminate\\Auth\\Middleware\\AuthenticateWithBasicAuth',
  'auth.session': 'Illuminate\\Session\\Middleware\\AuthenticateSession',
  can: 'Illuminate\\Auth\\Middleware\\Authorize',
  guest: 'Illuminate\\Auth\\Middleware\\RedirectIfAuthenticated',
  'password.confirm': 'Illuminate\\Auth\\Middleware\\RequirePassword',
  signed: 'Illuminate\\Routing\\Middleware\\ValidateSignature',
  throttle: 'Illuminate\\Routing\\Middleware\\ThrottleRequests',
  verified: 'Illuminate\\Auth\\Middleware\\EnsureEmailIsVerified',
};

/** Laravel 11+'s `api` group before `bootstrap/app.php` changes it. */
const DEFAULT_API = ['Illuminate\\Routing\\Middleware\\SubstituteBindings'];
const STATEFUL = 'Laravel\\Sanctum\\Http\\Middleware\\EnsureFrontendRequestsAreStateful';

const BOOTSTRAP = 'bootstrap/app.php';

/**
 * The application's middleware groups and aliases: Laravel's defaults, the HTTP kernel's
 * `$middlewareGroups` and `$routeMiddleware`/`$middlewareAliases` (Laravel 8–10), then what
 * `bootstrap/app.php` `withMiddleware()` does to them (Laravel 11+), in order. Values are read
 * through `config()` and the project's constants and helpers (`'api' =>
 * config('api.middleware')`).
 */
export function middlewareMap(
  files: ReadonlyMap<string, FileFacts>,
  classes: ClassIndex,
): MiddlewareMap {
  const map: MiddlewareMap = { groups: {}, aliases: { ...DEFAULT_ALIASES } };
  const config = configValues(configFiles(files));
  for (const name of classes.names()) {
    if (!classes.isA(name, [HTTP_KERNEL]) || name === HTTP_KERNEL) continue;
    const read = (property: string) =>
      arrayRecord(resolveValue(classes.property(name, property), { classes, config, self: name }));
    for (const [group, members] of Object.entries(read('middlewareGroups')))
      map.groups[group] = names(members);
    const file = classes.get(name)?.file;
    for (const property of ['routeMiddleware', 'middlewareAliases'])
      for (const [alias, target] of Object.entries(read(property)))
        define(map, alias, target, file);
  }
  const calls = files.get(BOOTSTRAP)?.middleware;
  if (calls) {
    map.groups.api ??= [...DEFAULT_API];
    for (const call of calls)
      apply(
        map,
        resolveCall(call, (v) => resolveValue(v, { classes, config })),
      );
  }
  return map;
}

function define(map: MiddlewareMap, alias: string, target: PhpValue, file?: string): void {
  const [className] = names(target);
  if (!className) return;
  map.aliases[alias] = className;
  if (file) (map.defined ??= {})[alias] = file;
}

function resolveCall(call: MiddlewareCall, resolve: (v: PhpValue) => PhpValue): MiddlewareCall {
  return {
    ...call,
    args: call.args.map(resolve),
    ...(call.named
      ? { named: Object.fromEntries(Object.entries(call.named).map(([k, v]) => [k, resolve(v)])) }
      : {}),
  };
}

type Apply = (map: MiddlewareMap, call: MiddlewareCall) => void;

/** `$middleware->group('api', [...])` and friends. @see https://laravel.com/api/11.x/Illuminate/Foundation/Configuration/Middleware.html */
const CALLS: Record<string, Apply> = lookupTable({
  group: (map, { args: [name, members] }) => {
    if (typeof name === 'string') map.groups[name] = names(members);
  },
  appendToGroup: (map, { args: [name, members] }) => {
    if (typeof name === 'string')
      map.groups[name] = [...(map.groups[name] ?? []), ...names(members)];
  },
  prependToGroup: (map, { args: [name, members] }) => {
    if (typeof name === 'string')
      map.groups[name] = [...names(members), ...(map.groups[name] ?? [])];
  },
  removeFromGroup: (map, { args: [name, members] }) => {
    const removed = new Set(names(members));
    if (typeof name === 'string')
      map.groups[name] = (map.groups[name] ?? []).filter((m) => !removed.has(m));
  },
  api: (map, call) => changeGroup(map, 'api', call),
  web: (map, call) => changeGroup(map, 'web', call),
  alias: (map, { args: [aliases] }) => {
    for (const [alias, target] of Object.entries(arrayRecord(aliases)))
      define(map, alias, target, BOOTSTRAP);
  },
  statefulApi: (map) => {
    map.groups.api = [STATEFUL, ...(map.groups.api ?? [])];
  },
});

function apply(map: MiddlewareMap, call: MiddlewareCall): void {
  CALLS[call.method]?.(map, call);
}

/** `$middleware->api(append: [...], prepend: [...], remove: [...], replace: [...])`. */
function changeGroup(map: MiddlewareMap, group: string, call: MiddlewareCall): void {
  const named = call.named ?? {};
  const [append, prepend, remove, replace] = ['append', 'prepend', 'remove', 'replace'].map(
    (key, i) => named[key] ?? call.args[i],
  );
  let members = map.groups[group] ?? [];
  for (const [from, to] of Object.entries(arrayRecord(replace))) {
    const [target] = names(to);
    if (target) members = members.map((m) => (m === from ? target : m));
  }
  const removed = new Set(names(remove));
  members = [...names(prepend), ...members.filter((m) => !removed.has(m)), ...names(append)];
  map.groups[group] = members;
}

/** Middleware as written: a class reference, `'throttle:api'`, or a list of them. */
function names(value: PhpValue | undefined): string[] {
  const list = isPhpArray(value) ? arrayValues(value) : value === undefined ? [] : [value];
  return list.flatMap((m) => {
    if (typeof m === 'string') return [m.replace(/^\\/, '')];
    if (typeof m === 'object' && m !== null && m.kind === 'class') return [m.name];
    return [];
  });
}
