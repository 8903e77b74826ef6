import type { RequestBodyObject, SchemaObject } from '../../core/types.js';
import type { Assembly } from '../model/context.js';
import { validationExtension } from './laravel-extensions.js';
import type { InputBody, ReadInput } from '../model/endpoint.js';
import { READ_TYPES } from '../model/inputs.js';
import { treeSchema, valueSchema } from './input-schema.js';

/**
 * A write operation's body: the validated fields (see `validatedBody`) and, as optional fields,
 * the inputs the handler reads by name without validating them (`$request->input('note')`,
 * `$request->boolean('notify')`), typed by the accessor; a file read makes it multipart.
 * @see https://laravel.com/docs/requests#retrieving-input
 */
export function emitRequestBody(body: InputBody, asm: Assembly): RequestBodyObject | undefined {
  const validated = body.validated ? validatedBody(body.validated, asm) : undefined;
  if (body.read.length === 0 && !body.closed) return validated;
  const properties: Record<string, SchemaObject> = {};
  for (const input of body.read) properties[input.name] = readSchema(input);
  const extra: SchemaObject = { type: 'object', properties };
  const [mediaType, schema] = Object.entries(validated?.content ?? {})[0] ?? [];
  const base = schema?.schema;
  const merged: SchemaObject = !base
    ? extra
    : base.$ref || base.allOf
      ? { allOf: [base, extra] }
      : { ...base, properties: { ...properties, ...base.properties } };
  // Beside `allOf`, `additionalProperties: false` would refuse the other part's keys.
  if (body.closed && !merged.allOf) merged.additionalProperties = false;
  const files = body.read.some((input) => input.file);
  const type = files ? 'multipart/form-data' : (mediaType ?? 'application/json');
  return {
    ...(validated?.required ? { required: true } : {}),
    content: { [type]: { schema: merged } },
  };
}

function readSchema(input: ReadInput): SchemaObject {
  if (input.file) return { type: 'string', format: 'binary' };
  return input.type ? valueSchema(READ_TYPES[input.type]) : {};
}

/**
 * The request body a validated write operation accepts: the rules' schema, as JSON, or as
 * multipart/form-data when a file is expected. A FormRequest's schema is a named component.
 * @see https://spec.openapis.org/oas/v3.0.3#request-body-object
 */
function validatedBody(
  { validation, tree }: NonNullable<InputBody['validated']>,
  asm: Assembly,
): RequestBodyObject {
  const schema = treeSchema(tree);
  const body: SchemaObject = validation.formRequest
    ? asm.components.classRef(validation.formRequest, () => schema)
    : schema;
  const mediaType = tree.multipart ? 'multipart/form-data' : 'application/json';
  const out: RequestBodyObject = {
    content: { [mediaType]: { schema: body } },
    ...validationExtension(validation),
  };
  if ((schema.required ?? []).length > 0) out.required = true;
  return out;
}
