import { resolvePointer } from '../../core/refs.js';
import type { JsonSchema } from './types.js';

/**
 * What a parameter's schema holds, which decides how its string is split: `ids=1,2` is an array
 * only when the schema says so.
 * @see https://spec.openapis.org/oas/v3.0.3#style-values
 */
export type Shape = 'array' | 'object' | 'primitive';

export interface ValueShape {
  shape: Shape;
  /** Declared property names of an object, for exploded `form` objects (`?role=x&name=y`). */
  properties: string[];
}

/** How deep to follow `$ref`/`allOf` chains: a self-referencing parameter schema stops here. */
const MAX_DEPTH = 16;

export function shapeOf(root: JsonSchema): ValueShape {
  const shape = findShape(root, root, 0);
  return { shape, properties: shape === 'object' ? propertyNames(root, root, 0) : [] };
}

function findShape(root: JsonSchema, node: unknown, depth: number): Shape {
  if (!isRecord(node) || depth > MAX_DEPTH) return 'primitive';
  if (typeof node.$ref === 'string')
    return findShape(root, resolvePointer(root, node.$ref), depth + 1);
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes('array') || node.items !== undefined || node.prefixItems !== undefined) {
    return 'array';
  }
  if (types.includes('object') || node.properties !== undefined) return 'object';
  if (node.additionalProperties !== undefined) return 'object';
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    const branches = node[key];
    if (!Array.isArray(branches)) continue;
    for (const branch of branches) {
      const found = findShape(root, branch, depth + 1);
      if (found !== 'primitive') return found;
    }
  }
  return 'primitive';
}

function propertyNames(root: JsonSchema, node: unknown, depth: number): string[] {
  if (!isRecord(node) || depth > MAX_DEPTH) return [];
  if (typeof node.$ref === 'string') {
    return propertyNames(root, resolvePointer(root, node.$ref), depth + 1);
  }
  const names = isRecord(node.properties) ? Object.keys(node.properties) : [];
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    const branches = node[key];
    if (Array.isArray(branches)) {
      for (const b of branches) names.push(...propertyNames(root, b, depth + 1));
    }
  }
  return [...new Set(names)];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
