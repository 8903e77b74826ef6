import { deref } from '../core/refs.js';
import type { OpenApiDocument } from '../core/types.js';
import type { OperationEntry } from '../core/engine/operations.js';
import { compileResponsePlan, type ResponsePlan } from '../core/engine/plan.js';
import { compileSecurity, type CompiledSecurity } from './auth/index.js';
import { compileRequestValidator, type RequestValidator } from './validate/request.js';

/**
 * Everything about an operation that does not depend on the request, worked out on its first
 * request and kept: a request then does lookups, not searches.
 */
export interface OperationPlan extends ResponsePlan {
  security: CompiledSecurity | undefined;
  validate: RequestValidator;
  /** Whether the operation declares a request body (only then is the body read and parsed). */
  hasBody: boolean;
  /** Media types the request body may use, lower-cased. */
  bodyTypes: string[];
}

export function compilePlan(doc: OpenApiDocument, entry: OperationEntry): OperationPlan {
  const { operation } = entry;
  const requestBody = deref<{ content?: Record<string, unknown> }>(doc, operation.requestBody);
  return {
    ...compileResponsePlan(doc, entry),
    security: compileSecurity(doc, operation),
    validate: compileRequestValidator(doc, entry.pathItem, operation),
    hasBody: requestBody !== undefined,
    bodyTypes: Object.keys(requestBody?.content ?? {}).map((t) => t.toLowerCase()),
  };
}
