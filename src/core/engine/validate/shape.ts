import { resolvePointer } from '../../refs.js';
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
  if (types.includes('array')) return 'array';
  if (types.includes('object')) return 'object';
  // A declared scalar type wins over object keywords beside it (ByAutomata's `terms` is a
  // string with `properties`): those apply to objects only.
  if (node.type !== undefined) return 'primitive';
  if (node.items !== undefined || node.prefixItems !== undefined) return 'array';
  if (node.properties !== undefined || node.additionalProperties !== undefined) return 'object';
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

/** Each top-level property's shape, through `$ref` and composition: how a form field is read. */
export function propertyShapes(root: JsonSchema): Map<string, Shape> {
  const out = new Map<string, Shape>();
  const visit = (node: unknown, depth: number): void => {
    if (!isRecord(node) || depth > MAX_DEPTH) return;
    if (typeof node.$ref === 'string') visit(resolvePointer(root, node.$ref), depth + 1);
    if (isRecord(node.properties)) {
      for (const [name, schema] of Object.entries(node.properties)) {
        if (!out.has(name)) out.set(name, findShape(root, schema, 0));
      }
    }
    for (const key of ['allOf', 'oneOf', 'anyOf']) {
      const branches = node[key];
      if (Array.isArray(branches)) for (const b of branches) visit(b, depth + 1);
    }
  };
  visit(root, 0);
  return out;
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
