import type { JsonSchema } from './types.js';

/**
 * Values that arrive as strings (query, path, header, cookie, form fields) against an enum of
 * numbers or booleans with no `type` to coerce them by (Vonage's `delivered: enum [true,
 * false, 0, 1]`, "for curl, use 0 and 1"): the members' string forms are members too.
 */
export function withStringEnums(schema: JsonSchema): JsonSchema {
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
    // `enum`, `const` and `examples` hold data, not schemas.
    out[key] =
      key === 'enum' || key === 'const' || key === 'examples' ? value : convert(value, depth + 1);
  }
  const members = out.enum;
  if (out.type === undefined && Array.isArray(members)) {
    const scalars = members.filter((m) => typeof m === 'number' || typeof m === 'boolean');
    const texts = scalars.map(String).filter((text) => !members.includes(text));
    if (texts.length > 0) out.enum = [...members, ...texts];
  }
  return out;
}
