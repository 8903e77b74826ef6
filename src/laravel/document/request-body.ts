import type { RequestBodyObject, SchemaObject } from '../../core/types.js';
import type { Validation } from '../requests/rules.js';
import type { Assembly } from './context.js';
import { validationExtension } from './laravel-extensions.js';

/**
 * The request body a validated write operation accepts: the rules' schema, as JSON, or as
 * multipart/form-data when a file is expected. A FormRequest's schema is a named component.
 * @see https://spec.openapis.org/oas/v3.0.3#request-body-object
 */
export function requestBody(validation: Validation, asm: Assembly): RequestBodyObject | undefined {
  if (Object.keys(validation.rules).length === 0) return undefined;
  const { schema, multipart } = asm.rules.schema(validation);
  const body: SchemaObject = validation.formRequest
    ? asm.components.classRef(validation.formRequest, () => schema)
    : schema;
  const mediaType = multipart ? 'multipart/form-data' : 'application/json';
  const out: RequestBodyObject = {
    content: { [mediaType]: { schema: body } },
    ...validationExtension(validation),
  };
  if ((schema.required ?? []).length > 0) out.required = true;
  return out;
}
