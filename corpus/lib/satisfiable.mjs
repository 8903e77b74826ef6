import { patternMinLength } from './pattern-length.mjs';
import { enumMembers, toRegExp } from './schema.mjs';

// Schemas that no finite JSON value satisfies: `allOf: [string, integer]`, a required property
// whose chain of required properties never ends (`TreeNode.parent` always a TreeNode). No server
// can answer those validly and no client can send them, so an operation that needs one is not
// judged. Only certain cases answer true; anything unclear counts as satisfiable.

const TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];
const MAX_DEPTH = 40;

export function admitsNoValue(ctx, schema) {
  return empty(ctx, schema, new Set(), 0);
}

function empty(ctx, schema, onPath, depth) {
  if (schema === false) return true;
  if (typeof schema !== 'object' || schema === null || depth > MAX_DEPTH) return false;
  if (typeof schema.$ref === 'string') {
    // Back on a ref this path already holds: only an endless chain of required values leads here.
    if (onPath.has(schema.$ref)) return true;
    const target = ctx.deref(schema);
    if (target === undefined) return false;
    onPath.add(schema.$ref);
    try {
      return empty(ctx, target, onPath, depth + 1);
    } finally {
      onPath.delete(schema.$ref);
    }
  }
  const types = allowedTypes(ctx, schema, 0);
  if (types.size === 0) return true;
  // Mercedes-Benz's `type: object, enum: [PKW, VAN]`: no member has an allowed type.
  if (Array.isArray(schema.enum) && !types.has('null')) {
    const members = enumMembers(
      schema.enum,
      declaredTypes(schema)?.size === 1 ? schema.type : undefined,
    );
    if (
      !members.some(
        (m) => types.has(jsonType(m)) || (jsonType(m) === 'integer' && types.has('number')),
      )
    ) {
      return true;
    }
  }
  if (types.size === 1 && types.has('string') && patternTooLong(schema)) return true;
  if (types.has('null')) return false;
  const parts = Array.isArray(schema.allOf) ? schema.allOf : [];
  if (parts.some((part) => empty(ctx, part, onPath, depth + 1))) return true;
  for (const key of ['oneOf', 'anyOf']) {
    const branches = schema[key];
    if (Array.isArray(branches) && branches.length > 0) {
      if (branches.every((branch) => empty(ctx, branch, onPath, depth + 1))) return true;
    }
  }
  if (types.size === 1 && types.has('object')) {
    return requiredEmpty(ctx, schema, onPath, depth) || closedConflict(ctx, schema);
  }
  return false;
}

/**
 * `allOf` members that each close their object (`additionalProperties: false`) while another
 * requires a name they do not list: ShipEngine's list body `allOf` its error body.
 */
function closedConflict(ctx, schema) {
  const parts = [];
  const collect = (node, depth) => {
    const resolved = ctx.deref(node);
    if (typeof resolved !== 'object' || resolved === null || depth > 8) return;
    parts.push(resolved);
    for (const part of Array.isArray(resolved.allOf) ? resolved.allOf : [])
      collect(part, depth + 1);
  };
  collect(schema, 0);
  const required = new Set(parts.flatMap((p) => (Array.isArray(p.required) ? p.required : [])));
  return parts.some((part) => {
    if (part.additionalProperties !== false || part.patternProperties) return false;
    const allowed = new Set(Object.keys(part.properties ?? {}));
    return [...required].some((name) => !allowed.has(name));
  });
}

/** A pattern whose shortest match is longer than `maxLength` allows. */
function patternTooLong(schema) {
  if (typeof schema.pattern !== 'string' || typeof schema.maxLength !== 'number') return false;
  return toRegExp(schema.pattern) !== null && patternMinLength(schema.pattern) > schema.maxLength;
}

/** A required property no value satisfies makes its object unsatisfiable too. */
function requiredEmpty(ctx, schema, onPath, depth) {
  const properties = typeof schema.properties === 'object' ? (schema.properties ?? {}) : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  return required.some(
    (name) => Object.hasOwn(properties, name) && empty(ctx, properties[name], onPath, depth + 1),
  );
}

/** The JSON types a schema allows, through `type`, `nullable` and its `allOf` members. */
function allowedTypes(ctx, schema, depth) {
  let types = new Set(TYPES);
  const own = declaredTypes(schema);
  if (own) types = intersect(types, own);
  for (const part of Array.isArray(schema.allOf) ? schema.allOf : []) {
    const resolved = ctx.deref(part);
    if (typeof resolved !== 'object' || resolved === null || depth > 8) continue;
    types = intersect(types, allowedTypes(ctx, resolved, depth + 1));
  }
  return types;
}

function jsonType(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function declaredTypes(schema) {
  const raw = schema.type;
  if (raw === undefined) return undefined;
  const list = (Array.isArray(raw) ? raw : [raw]).filter((t) => TYPES.includes(t));
  if (list.length === 0) return undefined;
  const out = new Set(list);
  if (out.has('number')) out.add('integer');
  if (schema.nullable === true) out.add('null');
  return out;
}

function intersect(a, b) {
  const out = new Set();
  for (const type of a) if (b.has(type)) out.add(type);
  return out;
}
