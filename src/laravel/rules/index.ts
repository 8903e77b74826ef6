import type { SchemaObject } from '../../core/types.js';
import type { PhpValue } from '../php/value.js';
import type { RuleContext } from './rule.js';
import { buildSchema } from './tree.js';

/**
 * Laravel validation rules → JSON Schema (OpenAPI 3.0 flavour), read statically from the
 * PhpValues the PHP layer evaluates. One file per rule family under `families/`, joined by the
 * lookup table in `table.ts`.
 * @see https://laravel.com/docs/validation#available-validation-rules
 */

export type { ParsedRule, RuleContext } from './rule.js';
export { parseRules } from './parse.js';
export { rulesToQueryParameters } from './query.js';
export { validationErrorExample, type ValidationErrorBody } from './example.js';

export interface RulesSchema {
  /** type object, properties, required, nested per dot/.* keys. */
  schema: SchemaObject;
  /** True when a file/image/mimes/mimetypes rule appears: the body must be multipart/form-data. */
  multipart: boolean;
  /** Rules that were not understood, for the generator's warnings (rule name + field). */
  unknown: { field: string; rule: string }[];
}

/** A request body's schema from `rules()`: `{ 'name' => 'required|string|max:255', ... }`. */
export function rulesToSchema(
  rules: Record<string, PhpValue>,
  context: RuleContext = {},
): RulesSchema {
  const { schema, multipart, unknown } = buildSchema(rules, context);
  return { schema, multipart, unknown };
}
