import type { SchemaObject } from '../../core/types.js';

/** The schema of a value that is always the same literal (`'status' => 'ok'`). */
export function literalSchema(value: string | number | boolean | null): SchemaObject {
  if (value === null) return { nullable: true };
  if (typeof value === 'string') return { type: 'string', enum: [value] };
  if (typeof value === 'boolean') return { type: 'boolean', enum: [value] };
  return Number.isInteger(value)
    ? { type: 'integer', enum: [value] }
    : { type: 'number', enum: [value] };
}

/**
 * Several possible schemas as one: equal ones collapse, a literal beside its whole type is that
 * type (`false` or a boolean: a boolean), literal enums of one type merge, a `null` makes the
 * rest nullable, anything else is an `anyOf`.
 * @see https://spec.openapis.org/oas/v3.0.3#fixed-fields-19
 */
export function unionSchema(options: SchemaObject[]): SchemaObject {
  const nullable = options.some((o) => isNullOnly(o) || o.nullable === true);
  const rest = withoutAbsorbed(dedupe(options.filter((o) => !isNullOnly(o)).map(withoutNullable)));
  let merged: SchemaObject;
  if (rest.length === 0) return { nullable: true };
  if (rest.some((o) => Object.keys(o).length === 0)) merged = {};
  else if (rest.length === 1) merged = rest[0]!;
  else if (
    rest.every(
      (o) => Array.isArray(o.enum) && o.type === rest[0]!.type && Object.keys(o).length === 2,
    )
  ) {
    merged = { type: rest[0]!.type, enum: [...new Set(rest.flatMap((o) => o.enum!))] };
  } else merged = { anyOf: rest };
  if (!nullable || Object.keys(merged).length === 0) return merged;
  return merged.$ref ? { allOf: [merged], nullable: true } : { ...merged, nullable: true };
}

/** Literals (`{type, enum}`) whose whole type is an option too (an integer's in a number). */
function withoutAbsorbed(list: SchemaObject[]): SchemaObject[] {
  const whole = new Set(
    list.filter((o) => o.type !== undefined && Object.keys(o).length === 1).map((o) => o.type),
  );
  if (whole.size === 0) return list;
  const absorbs = (type: SchemaObject['type']) =>
    whole.has(type) || (type === 'integer' && whole.has('number'));
  return list.filter(
    (o) => !(Array.isArray(o.enum) && Object.keys(o).length === 2 && absorbs(o.type)),
  );
}

function isNullOnly(schema: SchemaObject): boolean {
  return schema.nullable === true && Object.keys(schema).length === 1;
}

function withoutNullable(schema: SchemaObject): SchemaObject {
  const rest = { ...schema };
  delete rest.nullable;
  return rest;
}

function dedupe(list: SchemaObject[]): SchemaObject[] {
  const seen = new Set<string>();
  return list.filter((s) => {
    const key = JSON.stringify(s);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
