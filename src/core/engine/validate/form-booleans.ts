import type { SchemaValidateFunction } from 'ajv';
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
  if (typeof schema !== 'object' || schema === null) return schema;
  return convert(schema, 0) as JsonSchema;
}

/** Deep enough for any schema; `$defs` keep it finite. */
const MAX_DEPTH = 64;

function convert(node: unknown, depth: number): unknown {
  if (typeof node !== 'object' || node === null || depth > MAX_DEPTH) return node;
  if (Array.isArray(node)) return node.map((item) => convert(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] =
      key === 'enum' || key === 'const' || key === 'examples' ? value : convert(value, depth + 1);
  }
  const types = Array.isArray(out.type) ? (out.type as unknown[]) : [out.type];
  if (types.includes('boolean') && !types.includes('integer') && !types.includes('number')) {
    out.type = [...types.filter((t) => t !== undefined), 'integer'];
    out[FORM_BOOLEAN] = true;
  }
  return out;
}

export const validateFormBoolean: SchemaValidateFunction = (_schema: unknown, data: unknown) => {
  if (typeof data !== 'number' || data === 0 || data === 1) return true;
  validateFormBoolean.errors = [
    { keyword: 'type', params: { type: 'boolean' }, message: 'must be boolean' },
  ];
  return false;
};
