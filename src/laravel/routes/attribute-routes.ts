import path from 'node:path';
import { strIs } from '../../core/str-is.js';
import type { ChainCall, FileFacts, RouteDecl } from '../facts/types.js';
import type { RouteAttribute, RouteAttributeFacts } from '../facts/route-attributes.js';
import type { ClassIndex } from '../project/classes.js';
import { arrayRecord, isPhpArray, stringList, type PhpValue } from '../php/value.js';
import {
  argument,
  classGroups,
  domainCalls,
  groupCalls,
  middlewareCalls,
  prefixCalls,
  whereCalls,
} from './attribute-calls.js';
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

/** What `#[Resource]`/`#[ApiResource]` pass on to the resource registration. */
const RESOURCE_OPTIONS = ['except', 'only', 'names', 'parameters', 'shallow'];

/** A directory the package scans, with the route group options it gives the routes found there. */
interface Directory {
  dir: string;
  options: Record<string, PhpValue>;
  patterns: string[];
  notPatterns: string[];
}

/**
 * Routes declared as attributes on controllers (spatie/laravel-route-attributes): every class
 * in a directory `config/route-attributes.php` names (else `app/Http/Controllers`), in that
 * directory's group (prefix, middleware, `as`, domain), once per class `#[Group]` (else with its
 * `#[Prefix]` and `#[Domain]`/`#[DomainFromConfig]`), with the config's and the class's
 * `#[Middleware]` and its `#[Where]`s; one route per `#[Get]`/`#[Post]`/.../`#[Route]` on its
 * methods, with their own `#[Where]`s; the routes of `#[Resource]`/`#[ApiResource]`. Directories
 * under the `web` middleware group are left out, as web route files are.
 * @see https://github.com/spatie/laravel-route-attributes#usage
 */
export function attributeRoots(
  files: ReadonlyMap<string, FileFacts>,
  classes: ClassIndex,
): RouteRoot[] {
  const config = arrayRecord(files.get(CONFIG_FILE)?.returns ?? null);
  if (config.enabled === false) return [];
  const directories = directoriesOf(config.directories);
  const global = groupCalls({ middleware: config.middleware });
  const decls: RouteDecl[] = [];
  for (const name of classes.names()) {
    const cls = classes.get(name);
    const attributes = cls?.facts.routeAttributes;
    if (!cls || !attributes) continue;
    const directory = directories.find((d) => scans(d, cls.file));
    if (!directory) continue;
    const children = classRoutes(attributes, name, global);
    if (children.length === 0) continue;
    decls.push({
      kind: 'group',
      line: cls.facts.line,
      calls: groupCalls(directory.options),
      children,
    });
  }
  const kept = apiOnly(decls, CONFIG_FILE);
  return kept.length > 0 ? [{ file: '', decls: kept }] : [];
}

/** A class's routes: its methods' in each of its groups, and its resource's. */
function classRoutes(
  attributes: RouteAttributeFacts,
  controller: string,
  global: ChainCall[],
): RouteDecl[] {
  const own = attributes.class;
  const line = own[0]?.line ?? 0;
  const middleware = [...global, ...middlewareCalls(own)];
  const routes = Object.entries(attributes.methods).flatMap(([method, list]) =>
    list.flatMap((a) => routeOf(a, controller, method, whereCalls(list))),
  );
  const out: RouteDecl[] =
    routes.length === 0
      ? []
      : classGroups(own).map((group) => ({
          kind: 'group',
          line,
          calls: [...group, ...middleware, ...whereCalls(own)],
          children: routes,
        }));
  const resource = own.find((a) => a.name === 'Resource' || a.name === 'ApiResource');
  if (resource)
    out.push({
      kind: 'group',
      line: resource.line,
      calls: [...domainCalls(own), ...prefixCalls(own), ...middleware],
      children: [resourceOf(resource, controller)],
    });
  return out;
}

/**
 * `#[ApiResource('photos', only: ['index', 'show'])]`, `#[Resource('photos', apiResource: true)]`:
 * the resource routes `Route::apiResource()`/`resource()` register.
 * @see https://github.com/spatie/laravel-route-attributes#specify-a-resource
 */
function resourceOf(attribute: RouteAttribute, controller: string): RouteDecl {
  const name = argument(attribute, 0, 'resource');
  const api = attribute.name === 'ApiResource' || argument(attribute, 1, 'apiResource') === true;
  // Past the name, `ApiResource` takes the options in order; `Resource` has `apiResource` first.
  const at = attribute.name === 'ApiResource' ? 1 : 2;
  const calls = RESOURCE_OPTIONS.flatMap((option, i): ChainCall[] => {
    const value = argument(attribute, at + i, option);
    return value === undefined || value === null ? [] : [{ method: option, args: [value] }];
  });
  return {
    kind: 'resource',
    line: attribute.line,
    api,
    resources: [{ name: typeof name === 'string' ? name : '', controller: `\\${controller}` }],
    options: null,
    calls,
  };
}

function directoriesOf(listed: PhpValue | undefined): Directory[] {
  if (!isPhpArray(listed))
    return [{ dir: 'app/Http/Controllers', options: {}, patterns: [], notPatterns: [] }];
  return listed.items.flatMap((item): Directory[] => {
    // `[app_path('Http/Controllers')]` or `[app_path('Http/Controllers') => [...options]]`.
    const written = typeof item.key === 'string' ? item.key : item.value;
    const dir = resolvePhpPath(written, CONFIG_FILE);
    if (!dir) return [];
    const options = typeof item.key === 'string' ? arrayRecord(item.value) : {};
    return [
      {
        dir,
        options,
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

/** `#[Get('{server}', name: '...', middleware: '...')]`, `#[Route(['GET', 'HEAD'], '/x')]`. */
function routeOf(
  attribute: RouteAttribute,
  controller: string,
  method: string,
  wheres: ChainCall[],
): RouteDecl[] {
  const isRoute = attribute.name === 'Route';
  const verbs = isRoute
    ? stringList(argument(attribute, 0, 'method')).map((m) => m.toLowerCase())
    : VERBS[attribute.name];
  if (!verbs || verbs.length === 0) return [];
  const at = isRoute ? 1 : 0;
  const arg = (index: number, name: string) => argument(attribute, at + index, name);
  const uri = arg(0, 'uri');
  const calls: ChainCall[] = [];
  const name = arg(1, 'name');
  if (typeof name === 'string') calls.push({ method: 'name', args: [name] });
  calls.push(...groupCalls({ middleware: arg(2, 'middleware') }));
  const without = arg(3, 'withoutMiddleware');
  if (without !== undefined && stringList(without).length > 0)
    calls.push({ method: 'withoutMiddleware', args: [without] });
  calls.push(...wheres);
  return [
    {
      kind: 'route',
      line: attribute.line,
      methods: verbs.filter((v) => v !== 'head'),
      uri: typeof uri === 'string' ? uri : '',
      calls,
      action: {
        kind: 'value',
        // An invokable controller is registered by its class alone.
        value:
          method === '__invoke'
            ? { kind: 'class', name: controller }
            : {
                kind: 'array',
                items: [{ value: { kind: 'class', name: controller } }, { value: method }],
              },
      },
    },
  ];
}
