import { rewriteSchema } from './rewrite-schema.js';
import type { JsonSchema } from './types.js';

/**
 * Values that arrive as strings (query, path, header, cookie, form fields) against an enum of
 * numbers or booleans with no `type` to coerce them by (Vonage's `delivered: enum [true,
 * false, 0, 1]`, "for curl, use 0 and 1"): the members' string forms are members too.
 */
export function withStringEnums(schema: JsonSchema): JsonSchema {
  return rewriteSchema(schema, (out) => {
    const members = out.enum;
    if (out.type === undefined && Array.isArray(members)) {
      const scalars = members.filter((m) => typeof m === 'number' || typeof m === 'boolean');
      const texts = scalars.map(String).filter((text) => !members.includes(text));
      if (texts.length > 0) out.enum = [...members, ...texts];
    }
  });
}
