import path from 'node:path';
import { strIs } from '../../core/str-is.js';
import type { ChainCall, FileFacts, RouteDecl } from '../facts/types.js';
import type { RouteAttribute } from '../facts/route-attributes.js';
import type { ClassIndex } from '../project/classes.js';
import { arrayRecord, isPhpArray, stringList, type PhpValue } from '../php/value.js';
import type { RouteRoot } from './flatten.js';
import { resolvePhpPath } from './paths.js';
import { apiOnly } from './web.js';

const CONFIG_FILE = 'config/route-attributes.php';

/** `#[Get]` and friends: the HTTP methods each registers. */
const VERBS: Record<string, string[]> = {
  Get: ['get'],
  Post: ['post'],
  Put: ['put'],
  Patch: ['patch'],
  Delete: ['delete'],
  Options: ['options'],
  Any: ['get', 'post', 'put', 'patch', 'delete', 'options'],
};

/** A directory the package scans, with what it gives the routes found there. */
interface Directory {
  dir: string;
  prefix?: PhpValue;
  middleware?: PhpValue;
  patterns: string[];
  notPatterns: string[];
}

/**
 * Routes declared as attributes on controllers (spatie/laravel-route-attributes): every class
 * in a directory `config/route-attributes.php` names (else `app/Http/Controllers`), with that
 * directory's prefix and middleware, the class's `#[Prefix]`, `#[Middleware]`, `#[Domain]` and
 * `#[Where]`, and one route per `#[Get]`/`#[Post]`/.../`#[Route]` on its methods. Directories
 * under the `web` middleware group are left out, as web route files are.
 * @see https://github.com/spatie/laravel-route-attributes#usage
 */
export function attributeRoots(
  files: ReadonlyMap<string, FileFacts>,
  classes: ClassIndex,
): RouteRoot[] {
  const config = files.get(CONFIG_FILE)?.returns;
  if (config !== undefined && arrayRecord(config).enabled === false) return [];
  const directories = directoriesOf(config);
  const decls: RouteDecl[] = [];
  for (const name of classes.names()) {
    const cls = classes.get(name);
    const attributes = cls?.facts.routeAttributes;
    if (!cls || !attributes) continue;
    const directory = directories.find((d) => scans(d, cls.file));
    if (!directory) continue;
    const routes = Object.entries(attributes.methods).flatMap(([method, list]) =>
      list.flatMap((a) => routeOf(a, name, method)),
    );
    if (routes.length === 0) continue;
    decls.push({
      kind: 'group',
      line: cls.facts.line,
      calls: [...directoryCalls(directory), ...attributes.class.flatMap(classCall)],
      children: routes,
    });
  }
  const kept = apiOnly(decls, CONFIG_FILE);
  return kept.length > 0 ? [{ file: '', decls: kept }] : [];
}

function directoriesOf(config: PhpValue | undefined): Directory[] {
  const listed = arrayRecord(config).directories;
  if (!isPhpArray(listed)) return [{ dir: 'app/Http/Controllers', patterns: [], notPatterns: [] }];
  return listed.items.flatMap((item): Directory[] => {
    // `[app_path('Http/Controllers')]` or `[app_path('Http/Controllers') => [...options]]`.
    const written = typeof item.key === 'string' ? item.key : item.value;
    const dir = resolvePhpPath(written, CONFIG_FILE);
    if (!dir) return [];
    const options = typeof item.key === 'string' ? arrayRecord(item.value) : {};
    return [
      {
        dir,
        prefix: options.prefix,
        middleware: options.middleware,
        patterns: stringList(options.patterns),
        notPatterns: stringList(options.not_patterns),
      },
    ];
  });
}

function scans(directory: Directory, file: string): boolean {
  const relative = path.posix.relative(directory.dir, file);
  if (relative.startsWith('..') || path.posix.isAbsolute(relative)) return false;
  if (directory.patterns.length > 0 && !directory.patterns.some((p) => strIs(p, relative)))
    return false;
  return !directory.notPatterns.some((p) => strIs(p, relative));
}

function directoryCalls(directory: Directory): ChainCall[] {
  const calls: ChainCall[] = [];
  if (typeof directory.prefix === 'string' && directory.prefix !== '')
    calls.push({ method: 'prefix', args: [directory.prefix] });
  if (directory.middleware !== undefined && stringList(directory.middleware).length > 0)
    calls.push({ method: 'middleware', args: [directory.middleware] });
  return calls;
}

/** `#[Prefix]`, `#[Middleware]`, `#[Domain]`, `#[Where]` on the class: its routes' group. */
function classCall(attribute: RouteAttribute): ChainCall[] {
  const first = attribute.args[0] ?? Object.values(attribute.named)[0];
  switch (attribute.name) {
    case 'Prefix':
      return first === undefined ? [] : [{ method: 'prefix', args: [first] }];
    case 'Middleware':
      return first === undefined ? [] : [{ method: 'middleware', args: [first] }];
    case 'Domain':
      return first === undefined ? [] : [{ method: 'domain', args: [first] }];
    case 'Where': {
      const param = attribute.args[0] ?? attribute.named.param;
      const constraint = attribute.args[1] ?? attribute.named.constraint;
      return param === undefined || constraint === undefined
        ? []
        : [{ method: 'where', args: [param, constraint] }];
    }
    default:
      return [];
  }
}

/** `#[Get('{server}', name: '...', middleware: '...')]`, `#[Route(['GET', 'HEAD'], '/x')]`. */
function routeOf(attribute: RouteAttribute, controller: string, method: string): RouteDecl[] {
  const isRoute = attribute.name === 'Route';
  const verbs = isRoute
    ? stringList(attribute.args[0] ?? attribute.named.method).map((m) => m.toLowerCase())
    : VERBS[attribute.name];
  if (!verbs || verbs.length === 0) return [];
  const at = isRoute ? 1 : 0;
  const arg = (index: number, name: string) => attribute.args[at + index] ?? attribute.named[name];
  const uri = arg(0, 'uri');
  const calls: ChainCall[] = [];
  const name = arg(1, 'name');
  if (typeof name === 'string') calls.push({ method: 'name', args: [name] });
  const middleware = arg(2, 'middleware');
  if (middleware !== undefined && stringList(middleware).length > 0)
    calls.push({ method: 'middleware', args: [middleware] });
  const without = arg(3, 'withoutMiddleware');
  if (without !== undefined && stringList(without).length > 0)
    calls.push({ method: 'withoutMiddleware', args: [without] });
  return [
    {
      kind: 'route',
      line: attribute.line,
      methods: verbs.filter((v) => v !== 'head'),
      uri: typeof uri === 'string' ? uri : '',
      calls,
      action: {
        kind: 'value',
        value: {
          kind: 'array',
          items: [{ value: { kind: 'class', name: controller } }, { value: method }],
        },
      },
    },
  ];
}
