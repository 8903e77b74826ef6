import type { OperationObject } from '../../core/types.js';
import { emitOperation } from '../emit/operation.js';
import { routeEndpoints, type ResolveContext } from '../endpoint/resolve.js';
import type { Route } from '../routes/types.js';

export type OperationContext = ResolveContext;

export interface BuiltOperation {
  path: string;
  method: string;
  operation: OperationObject;
}

/**
 * The OpenAPI operations one route stands for: its endpoints resolved from the facts
 * (`endpoint/resolve.ts`), each written by the one emitter (`emit/operation.ts`).
 */
export function routeOperations(route: Route, ctx: OperationContext): BuiltOperation[] {
  return routeEndpoints(route, ctx).map((endpoint) => ({
    path: endpoint.path,
    method: endpoint.method,
    operation: emitOperation(endpoint, ctx.asm),
  }));
}
