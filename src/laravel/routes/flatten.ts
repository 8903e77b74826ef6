import type { Finding } from '../../core/errors.js';
import type { FileFacts, RouteDecl } from '../facts/types.js';
import { resolveAction } from './actions.js';
import { applyCalls, joinUri } from './attributes.js';
import { resolvePhpPath } from './paths.js';
import { expandResource } from './resource.js';
import { ROOT_GROUP, type GroupState, type Route } from './types.js';

/** Route declarations and the file they were written in. */
export interface RouteRoot {
  file: string;
  decls: RouteDecl[];
}

interface Walk {
  files: ReadonlyMap<string, FileFacts>;
  warnings: Finding[];
  routes: Route[];
  patterns: Record<string, string>;
  /** Files being walked, against `require` cycles. */
  stack: string[];
}

/**
 * Every route the roots register, groups applied to any depth and required files followed:
 * the flat list `php artisan route:list` would show (less the routes of other files).
 */
export function flattenRoutes(
  roots: readonly RouteRoot[],
  files: ReadonlyMap<string, FileFacts>,
  warnings: Finding[],
): Route[] {
  const walk: Walk = { files, warnings, routes: [], patterns: {}, stack: [] };
  for (const root of roots) visit(root.decls, ROOT_GROUP, root.file, walk);
  // `Route::pattern()` applies to every route that does not constrain the parameter itself.
  return walk.routes.map((r) => ({ ...r, wheres: { ...walk.patterns, ...r.wheres } }));
}

function visit(decls: readonly RouteDecl[], state: GroupState, file: string, walk: Walk): void {
  walk.stack.push(file);
  for (const decl of decls) {
    switch (decl.kind) {
      case 'route':
        walk.routes.push(route(decl, state, file));
        break;
      case 'resource':
        walk.routes.push(...expandResource(decl, state, file, walk.warnings));
        break;
      case 'group':
        visit(decl.children, applyCalls(state, decl.calls), file, walk);
        break;
      case 'require':
        required(decl, applyCalls(state, decl.calls), file, walk);
        break;
      case 'pattern':
        walk.patterns[decl.name] = decl.regex;
        break;
    }
  }
  walk.stack.pop();
}

function route(
  decl: Extract<RouteDecl, { kind: 'route' }>,
  group: GroupState,
  file: string,
): Route {
  const state = applyCalls(group, decl.calls);
  const {
    action,
    name: actionName,
    middleware: actionMiddleware,
  } = resolveAction(decl.action, state);
  const name = state.name + (actionName ?? '');
  const middleware = unique([...state.middleware, ...(actionMiddleware ?? [])]).filter(
    (m) => !state.withoutMiddleware.includes(m),
  );
  const out: Route = {
    methods: decl.methods,
    uri: joinUri(state.prefix, decl.uri),
    middleware,
    wheres: state.wheres,
    action,
    file,
    line: decl.line,
  };
  if (name) out.name = name;
  if (state.withoutMiddleware.length > 0) out.withoutMiddleware = state.withoutMiddleware;
  if (state.domain) out.domain = state.domain;
  return out;
}

function required(
  decl: Extract<RouteDecl, { kind: 'require' }>,
  state: GroupState,
  file: string,
  walk: Walk,
): void {
  const target = resolvePhpPath(decl.path, file);
  const facts = target ? walk.files.get(target) : undefined;
  if (!target || !facts) {
    walk.warnings.push({
      file,
      line: decl.line,
      message: `route file not found: ${target ?? 'a path that is not a literal'}`,
    });
    return;
  }
  if (walk.stack.includes(target)) return;
  visit(facts.routes ?? [], state, target, walk);
}

function unique(list: string[]): string[] {
  return [...new Set(list)];
}
