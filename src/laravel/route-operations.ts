import { emitOperation, type BuiltOperation } from './emit/operation.js';
import { routeEndpoints, type ResolveContext } from './model/resolve.js';
import type { Route } from './routes/types.js';
import { contentHash } from './hash.js';
import type { AssemblyStore, RouteEntry } from './assembly-cache.js';
import { routeMiddleware } from './routes/controller-middleware.js';

export type OperationContext = ResolveContext;

/**
 * The OpenAPI operations one route stands for: its endpoints resolved from the facts
 * (`model/resolve.ts`), each written by the one emitter (`emit/operation.ts`).
 */
export function routeOperations(route: Route, ctx: OperationContext): BuiltOperation[] {
  return routeEndpoints(route, ctx).map((endpoint) => ({
    path: endpoint.path,
    method: endpoint.method,
    operation: emitOperation(endpoint, ctx.asm),
  }));
}

/**
 * A route's operations: reused from an earlier run when the route is unchanged and so is every
 * class it consulted, else built (and stored for the next run). Either way the components and
 * warnings they carry end up in this run.
 */
export function operationsFor(
  route: Route,
  ctx: OperationContext,
  store: AssemblyStore | undefined,
): { ops: BuiltOperation[] } {
  const { asm } = ctx;
  if (!store) return { ops: asm.classes.tracker.run(() => routeOperations(route, ctx)).value };
  const key = contentHash(JSON.stringify(route));
  const cached = store.get(key);
  if (cached && cached.deps.every(([dep, version]) => asm.classes.version(dep) === version)) {
    store.keep(key, cached);
    return { ops: reuse(cached, route, ctx) };
  }
  const entry = buildRoute(route, ctx);
  store.put(key, entry);
  return { ops: entry.ops };
}

/**
 * Builds a route's operations and records what they were built from: the classes (and other
 * keys) they consulted with their versions, the components they refer to, their warnings.
 */
export function buildRoute(route: Route, ctx: OperationContext): RouteEntry {
  const { asm } = ctx;
  const start = asm.warnings.length;
  const { value: ops, deps } = asm.classes.tracker.run(() => routeOperations(route, ctx));
  const components = Object.fromEntries(
    asm.components.referenced(ops).map((ref) => [ref, asm.components.stored(ref)!]),
  );
  return {
    deps: [...deps].sort().map((dep) => [dep, asm.classes.version(dep)]),
    ops,
    components,
    warnings: asm.warnings.slice(start),
  };
}

function reuse(entry: RouteEntry, route: Route, ctx: OperationContext): BuiltOperation[] {
  for (const [ref, component] of Object.entries(entry.components))
    ctx.asm.components.restore(ref, component);
  ctx.asm.warnings.push(...entry.warnings);
  const { classes, configValue } = ctx.asm;
  ctx.security.requirement(routeMiddleware(route, classes, configValue), route.withoutMiddleware);
  return entry.ops;
}
