import type { Finding } from '../../core/errors.js';
import type { FileFacts, RouteDecl } from '../facts/types.js';
import type { PhpValue } from '../php/value.js';
import { resolveAction } from './actions.js';
import { applyCalls, joinUri } from './attributes.js';
import { isWebGroup } from './web.js';
import { resolvePhpPath } from './paths.js';
import { expandResource } from './resource.js';
import { ROOT_GROUP, type GroupState, type Route } from './types.js';

/** Route declarations, the file they were written in, and the class whose method holds them. */
export interface RouteRoot {
  file: string;
  decls: RouteDecl[];
  /** The service provider (or other class) whose method declares them: `$this`. */
  self?: string;
}

/** Where declarations are read: their file, `$this`, and the arguments of the call followed. */
export interface Frame {
  file: string;
  self?: string;
  args: readonly PhpValue[];
}

/**
 * What the flattening needs from the rest of the project: values folded (`config()`, a parent's
 * `$namespace`, a helper's argument), calls followed into the methods that declare routes.
 */
export interface RouteProject {
  /** A declaration with its values resolved where it is read. */
  resolve(decl: RouteDecl, frame: Frame): RouteDecl;
  /** What a `call` or `classes` declaration stands for: declarations of other methods. */
  expand(decl: RouteDecl, frame: Frame, depth: number): { decls: RouteDecl[]; frame: Frame }[];
}

/** A route file mounted by a root, with the group attributes it got there (for messages). */
export interface Mount {
  file: string;
  from: string;
  line: number;
  prefix: string;
}

interface Walk {
  files: ReadonlyMap<string, FileFacts>;
  warnings: Finding[];
  routes: Route[];
  patterns: Record<string, string>;
  /** Files being walked, against `require` cycles. */
  stack: string[];
  project?: RouteProject;
  /** The application's API route files: every route they declare is part of the API. */
  apiFiles: ReadonlySet<string>;
  mounts: Mount[];
}

export interface Flattened {
  routes: Route[];
  mounts: Mount[];
}

const MAX_DEPTH = 6;

/**
 * Every route the roots register, groups applied to any depth, required files and called
 * methods followed: the flat list `php artisan route:list` would show (less the routes of other
 * files).
 */
export function flattenRoutes(
  roots: readonly RouteRoot[],
  files: ReadonlyMap<string, FileFacts>,
  warnings: Finding[],
  options: { project?: RouteProject; apiFiles?: readonly string[] } = {},
): Route[] {
  return flattenAll(roots, files, warnings, options).routes;
}

/** `flattenRoutes`, and the route files each root mounted. */
export function flattenAll(
  roots: readonly RouteRoot[],
  files: ReadonlyMap<string, FileFacts>,
  warnings: Finding[],
  options: { project?: RouteProject; apiFiles?: readonly string[] } = {},
): Flattened {
  const walk: Walk = {
    files,
    warnings,
    routes: [],
    patterns: {},
    stack: [],
    ...(options.project ? { project: options.project } : {}),
    apiFiles: new Set(options.apiFiles ?? []),
    mounts: [],
  };
  for (const root of roots) {
    const frame: Frame = { file: root.file, args: [], ...(root.self ? { self: root.self } : {}) };
    visit(root.decls, ROOT_GROUP, frame, walk, 0);
  }
  // `Route::pattern()` applies to every route that does not constrain the parameter itself.
  const routes = walk.routes.map((r) => ({ ...r, wheres: { ...walk.patterns, ...r.wheres } }));
  return { routes, mounts: walk.mounts };
}

function visit(
  decls: readonly RouteDecl[],
  state: GroupState,
  frame: Frame,
  walk: Walk,
  depth: number,
): void {
  walk.stack.push(frame.file);
  for (const written of decls) {
    const decl = walk.project ? walk.project.resolve(written, frame) : written;
    switch (decl.kind) {
      case 'route':
        walk.routes.push(route(decl, state, frame.file));
        break;
      case 'resource':
        walk.routes.push(...expandResource(decl, state, frame.file, walk.warnings));
        break;
      case 'group':
        // Middleware known only once resolved (a provider's `$middleware` list) may be web's.
        if (walk.project && isWebGroup(decl)) break;
        visit(decl.children, applyCalls(state, decl.calls), frame, walk, depth);
        break;
      case 'require':
        required(decl, applyCalls(state, decl.calls), frame, walk, depth);
        break;
      case 'pattern':
        walk.patterns[decl.name] = decl.regex;
        break;
      case 'inline':
        visit(decl.children, state, { ...frame, file: decl.file }, walk, depth);
        break;
      case 'call':
      case 'classes':
        if (!walk.project || depth >= MAX_DEPTH) break;
        for (const inner of walk.project.expand(decl, frame, depth))
          visit(inner.decls, state, inner.frame, walk, depth + 1);
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
  if (state.apiFile) out.apiFile = true;
  return out;
}

function required(
  decl: Extract<RouteDecl, { kind: 'require' }>,
  state: GroupState,
  frame: Frame,
  walk: Walk,
  depth: number,
): void {
  const target = resolvePhpPath(decl.path, frame.file);
  const facts = target ? walk.files.get(target) : undefined;
  if (!target || !facts) {
    walk.warnings.push({
      file: frame.file,
      line: decl.line,
      message: `route file not found: ${target ?? describePath(decl.path)}`,
    });
    return;
  }
  if (walk.stack.includes(target)) return;
  walk.mounts.push({ file: target, from: frame.file, line: decl.line, prefix: state.prefix });
  const inner = walk.apiFiles.has(target) ? { ...state, apiFile: true } : state;
  // A route file is read as top-level code: no `$this`, no arguments.
  visit(facts.routes ?? [], inner, { file: target, args: [] }, walk, depth);
}

/** Why a required path is not a file name: the expression it could not fold. */
function describePath(path: PhpValue): string {
  const source =
    typeof path === 'object' && path !== null && path.kind === 'unknown' ? path.source : undefined;
  return source ? `a path known only at run time (${source})` : 'a path that is not a literal';
}

function unique(list: string[]): string[] {
  return [...new Set(list)];
}
