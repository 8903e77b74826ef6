import type { SchemaValidateFunction } from 'ajv';
import { rewriteSchema } from './rewrite-schema.js';
import type { JsonSchema } from './types.js';

/**
 * Laravel's `boolean` rule takes `true`, `false`, `1`, `0`, `"1"` and `"0"`: a form or a query
 * sends `1` and `0` (`?active=1`, a checkbox), which ajv's coercion, knowing only `"true"` and
 * `"false"`, would refuse. So where a value arrives as text, a boolean may also be the integer
 * 0 or 1, and this keyword keeps it to those two; what it refuses reads as the boolean rule's
 * failure ("The active field must be true or false.").
 * @see https://laravel.com/docs/validation#rule-boolean
 */
export const FORM_BOOLEAN = 'x-laravel-boolean';

export function withFormBooleans(schema: JsonSchema): JsonSchema {
  return rewriteSchema(schema, (out) => {
    const types = Array.isArray(out.type) ? (out.type as unknown[]) : [out.type];
    if (types.includes('boolean') && !types.includes('integer') && !types.includes('number')) {
      out.type = [...types.filter((t) => t !== undefined), 'integer'];
      out[FORM_BOOLEAN] = true;
    }
  });
}

export const validateFormBoolean: SchemaValidateFunction = (_schema: unknown, data: unknown) => {
  if (typeof data !== 'number' || data === 0 || data === 1) return true;
  validateFormBoolean.errors = [
    { keyword: 'type', params: { type: 'boolean' }, message: 'must be boolean' },
  ];
  return false;
};
