import type { JsonSchema } from './types.js';

/** Deep enough for any schema; `$defs` keep it finite. */
const MAX_DEPTH = 64;

/**
 * A copy of `schema` with `rewrite` applied to every schema object in it, children first.
 * `enum`, `const` and `examples` hold data, not schemas, and are copied as they are.
 */
export function rewriteSchema(
  schema: JsonSchema,
  rewrite: (node: Record<string, unknown>) => void,
): JsonSchema {
  if (typeof schema !== 'object' || schema === null) return schema;
  return convert(schema, 0, rewrite) as JsonSchema;
}

function convert(
  node: unknown,
  depth: number,
  rewrite: (node: Record<string, unknown>) => void,
): unknown {
  if (typeof node !== 'object' || node === null || depth > MAX_DEPTH) return node;
  if (Array.isArray(node)) return node.map((item) => convert(item, depth + 1, rewrite));
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] =
      key === 'enum' || key === 'const' || key === 'examples'
        ? value
        : convert(value, depth + 1, rewrite);
  }
  rewrite(out);
  return out;
}
