import type { OpenApiDocument, OperationObject, PathItemObject } from '../../core/types.js';
import { compileBody } from '../../core/engine/validate/body.js';
import { emptyErrors, mergeErrors } from '../../core/engine/validate/errors.js';
import { compileParameter, mergeParameters } from '../../core/engine/validate/parameters.js';
import type { RequestValidator, ValidationErrors } from '../../core/engine/validate/types.js';

/**
 * Request validation with Laravel's 422 `errors` body: parameters (deserialised by style and
 * coerced, as they arrive as strings) and the request body (JSON as sent, forms coerced), each
 * failure worded as Laravel's English validator would word it.
 */

export { requiredFieldErrors } from '../../core/engine/validate/body.js';
export type {
  RequestInput,
  RequestValidator,
  ValidationErrors,
} from '../../core/engine/validate/types.js';

/**
 * Compiles an operation's request checks. All schema work happens here, once: the returned
 * function only reads the request and runs compiled validators.
 */
export function compileRequestValidator(
  doc: OpenApiDocument,
  pathItem: PathItemObject,
  operation: OperationObject,
): RequestValidator {
  const parameters = mergeParameters(doc, pathItem, operation);
  const checks = parameters.map((p) => compileParameter(doc, p, parameters));
  const body = compileBody(doc, operation);
  if (body) checks.push(body);
  return (input) => {
    let errors: ValidationErrors | null = null;
    for (const check of checks) {
      const found = check(input);
      if (found) errors = mergeErrors(errors ?? emptyErrors(), found);
    }
    return errors;
  };
}
