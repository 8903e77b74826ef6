import type { OpenApiDocument, OperationObject, PathItemObject } from '../../core/types.js';
import { requestBodySchema, requiredFieldErrors } from '../../core/engine/validate/body.js';
import { emptyErrors } from '../../core/engine/validate/errors.js';
import { messageFor } from '../../core/engine/validate/messages.js';
import { mergeParameters } from '../../core/engine/validate/parameters.js';
import type { ValidationErrors } from '../../core/engine/validate/types.js';

/**
 * The `validation_error` scenario's default `errors`, never empty (Laravel's never is): a
 * required message for each required field of the body; else `The selected <field> is
 * invalid.` (as `in` and `exists` word it) for the first field the request has at all: a body
 * property, a query parameter (a required one first), the last path parameter (the bound
 * model); else the whole input, `data`, as required.
 */
export function scenarioFieldErrors(
  doc: OpenApiDocument,
  pathItem: PathItemObject,
  operation: OperationObject,
): ValidationErrors {
  const required = requiredFieldErrors(doc, operation);
  if (Object.keys(required).length > 0) return required;
  const body = requestBodySchema(doc, operation) as { properties?: Record<string, unknown> };
  const params = mergeParameters(doc, pathItem, operation);
  const query = params.filter((p) => p.in === 'query');
  const field =
    Object.keys(body?.properties ?? {})[0] ??
    query.find((p) => p.required === true)?.name ??
    query[0]?.name ??
    params.filter((p) => p.in === 'path').at(-1)?.name;
  const out = emptyErrors();
  if (field === undefined) out.data = [messageFor('required', {}, 'data')];
  else out[field] = [messageFor('enum', {}, field)];
  return out;
}
