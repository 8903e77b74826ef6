import type { RequestBodyObject, SchemaObject } from '../../core/types.js';
import type { InputRead } from '../facts/types.js';
import type { Validation } from '../requests/rules.js';
import type { Assembly } from './context.js';
import { requestBody } from './request-body.js';

/** The schema of an input read by name, from how it is read (`$request->integer('x')`). */
export const INPUT_TYPES: Record<NonNullable<InputRead['type']>, SchemaObject> = {
  string: { type: 'string' },
  integer: { type: 'integer' },
  number: { type: 'number' },
  boolean: { type: 'boolean' },
  array: { type: 'array', items: {} },
};

/**
 * A write operation's body: the validated fields (see `requestBody`) and, as optional fields,
 * the inputs the handler reads by name without validating them (`$request->input('note')`,
 * `$request->boolean('notify')`), typed by the accessor; a file read makes it multipart.
 * @see https://laravel.com/docs/requests#retrieving-input
 */
export function inputBody(
  validation: Validation | undefined,
  unvalidated: readonly InputRead[],
  asm: Assembly,
  /** Keys other than these are rejected: `additionalProperties: false` where it can be said. */
  closed = false,
): RequestBodyObject | undefined {
  const validated = validation ? requestBody(validation, asm) : undefined;
  if (unvalidated.length === 0 && !closed) return validated;
  const properties: Record<string, SchemaObject> = {};
  let files = false;
  for (const input of unvalidated) {
    const name = input.name.split('.')[0]!;
    if (name === '' || name === '*' || name in properties) continue;
    files ||= input.via === 'file';
    properties[name] =
      input.via === 'file'
        ? { type: 'string', format: 'binary' }
        : input.type
          ? { ...INPUT_TYPES[input.type] }
          : {};
  }
  const extra: SchemaObject = { type: 'object', properties };
  const [mediaType, schema] = Object.entries(validated?.content ?? {})[0] ?? [];
  const base = schema?.schema;
  const merged: SchemaObject = !base
    ? extra
    : base.$ref || base.allOf
      ? { allOf: [base, extra] }
      : { ...base, properties: { ...properties, ...base.properties } };
  // Beside `allOf`, `additionalProperties: false` would refuse the other part's keys.
  if (closed && !merged.allOf) merged.additionalProperties = false;
  const type = files ? 'multipart/form-data' : (mediaType ?? 'application/json');
  return {
    ...(validated?.required ? { required: true } : {}),
    content: { [type]: { schema: merged } },
  };
}
