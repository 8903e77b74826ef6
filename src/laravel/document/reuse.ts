import { contentHash } from '../cache.js';
import type { AssemblyStore, RouteEntry } from '../assembly-cache.js';
import type { Route } from '../routes/types.js';
import { routeOperations, type BuiltOperation, type OperationContext } from './operation.js';

/**
 * A route's operations: reused from an earlier run when the route is unchanged and so is every
 * class it consulted, else built (and stored for the next run). Either way the components and
 * warnings they carry end up in this run.
 */
export function operationsFor(
  route: Route,
  ctx: OperationContext,
  store: AssemblyStore | undefined,
): BuiltOperation[] {
  const { asm } = ctx;
  const key = store ? contentHash(JSON.stringify(route)) : '';
  const cached = store?.get(key);
  if (cached && cached.deps.every(([dep, version]) => asm.classes.version(dep) === version)) {
    store?.keep(key, cached);
    return reuse(cached, route, ctx);
  }
  const start = asm.warnings.length;
  const { value: ops, deps } = asm.classes.tracker.run(() => routeOperations(route, ctx));
  if (store) {
    const components = Object.fromEntries(
      asm.components.referenced(ops).map((ref) => [ref, asm.components.stored(ref)!]),
    );
    const entry: RouteEntry = {
      deps: [...deps].sort().map((dep) => [dep, asm.classes.version(dep)]),
      ops,
      components,
      warnings: asm.warnings.slice(start),
    };
    store.put(key, entry);
  }
  return ops;
}

function reuse(entry: RouteEntry, route: Route, ctx: OperationContext): BuiltOperation[] {
  for (const [ref, component] of Object.entries(entry.components))
    ctx.asm.components.restore(ref, component);
  ctx.asm.warnings.push(...entry.warnings);
  ctx.security.requirement(route.middleware);
  return entry.ops;
}
