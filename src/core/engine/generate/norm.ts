import { enumOf } from '../../keywords.js';
import { deref, isRef } from '../../refs.js';
import type { SchemaMode } from '../../schema.js';
import type { OpenApiDocument, SchemaObject } from '../../types.js';

/**
 * A schema node flattened for generation: `$ref`s followed, `allOf` merged, 3.0 and 3.1 spellings
 * unified. Built once per schema object (see resolve.ts) and read on every request, so anything
 * derivable ahead of time lives here rather than in the generators.
 */

export type TypeName = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

export interface Bound {
  value: number;
  exclusive: boolean;
}

export interface OpenPart {
  keys: Set<string>;
  patterns: string[];
  schema: SchemaObject;
}

export interface Group {
  kind: 'oneOf' | 'anyOf';
  branches: SchemaObject[];
}

export interface Norm {
  /** The schema this was built from; candidate values are validated against it. */
  source: SchemaObject;
  /** `$ref`s followed to build this node, outermost first: the recursion guard counts them. */
  refs: string[];
  /** Allowed types; undefined when nothing constrains them. */
  types?: Set<TypeName>;
  constant?: { value: unknown };
  /** Schema-level examples (own first, then merged branches'), before any default. */
  examples: unknown[];
  defaults: unknown[];
  enum?: unknown[];
  format?: string;
  patterns: string[];
  minLength?: number;
  maxLength?: number;
  minimum?: Bound;
  maximum?: Bound;
  multipleOf?: number;
  properties: Map<string, SchemaObject | boolean>;
  /** Required property names, per side of the wire (mirrors toJsonSchema's filtering). */
  required: Record<SchemaMode, Set<string>>;
  /** Set when some merged part has `additionalProperties: false`: the only keys allowed. */
  closedKeys?: Set<string>;
  additional?: SchemaObject | boolean;
  /**
   * Each merged part's `additionalProperties` schema with the names that part declares: in
   * JSON Schema it binds every other name, including properties another `allOf` part declares
   * (Azure: `allOf: [Resource]` beside `additionalProperties: { type: object }` rules out
   * Resource's string `etag`).
   */
  openParts: OpenPart[];
  patternProperties: [string, SchemaObject | boolean][];
  propertyNames?: SchemaObject;
  minProperties?: number;
  maxProperties?: number;
  items?: SchemaObject | boolean;
  prefixItems?: (SchemaObject | boolean)[];
  contains?: SchemaObject;
  minItems?: number;
  maxItems?: number;
  uniqueItems: boolean;
  readOnly: boolean;
  writeOnly: boolean;
  discriminator?: { propertyName: string; mapping?: Record<string, string> };
  /** The discriminator value this node stands for (the chosen branch / the subtype's name). */
  discriminatorValue?: string;
  groups: Group[];
  nots: SchemaObject[];
  /** This node merged with one branch of its first group (and the refs that branch adds). */
  combos?: Map<number, { norm: Norm; refs: string[] }>;
}

export function emptyNorm(source: SchemaObject): Norm {
  return {
    source,
    refs: [],
    examples: [],
    defaults: [],
    patterns: [],
    properties: new Map(),
    required: { request: new Set(), response: new Set() },
    patternProperties: [],
    openParts: [],
    uniqueItems: false,
    readOnly: false,
    writeOnly: false,
    groups: [],
    nots: [],
  };
}

const TYPE_NAMES = new Set<string>([
  'string',
  'number',
  'integer',
  'boolean',
  'object',
  'array',
  'null',
]);

/** The keywords of one schema object, ignoring `$ref`, `allOf` and the other composites. */
export function ownNorm(doc: OpenApiDocument, schema: SchemaObject): Norm {
  const norm = emptyNorm(schema);
  norm.types = ownTypes(schema);
  if ('const' in schema) norm.constant = { value: schema.const };
  if ('example' in schema) norm.examples.push(schema.example);
  if (Array.isArray(schema.examples) && schema.examples.length > 0) {
    norm.examples.push(schema.examples[0]);
  }
  if ('default' in schema) norm.defaults.push(schema.default);
  if (Array.isArray(schema.enum)) norm.enum = enumOf(schema);
  ownScalarKeywords(schema, norm);
  ownObjectKeywords(doc, schema, norm);
  ownArrayKeywords(schema, norm);
  norm.readOnly = schema.readOnly === true;
  norm.writeOnly = schema.writeOnly === true;
  if (isObject(schema.discriminator) && typeof schema.discriminator.propertyName === 'string') {
    norm.discriminator = schema.discriminator;
  }
  if (Array.isArray(schema.oneOf)) norm.groups.push({ kind: 'oneOf', branches: schema.oneOf });
  if (Array.isArray(schema.anyOf)) norm.groups.push({ kind: 'anyOf', branches: schema.anyOf });
  if (isObject(schema.not)) norm.nots.push(schema.not);
  return norm;
}

/** 3.0 `type` + `nullable` and 3.1 type arrays, as one set. */
function ownTypes(schema: SchemaObject): Set<TypeName> | undefined {
  const raw = schema.type;
  if (raw === undefined) return undefined;
  const list = (Array.isArray(raw) ? raw : [raw]).filter((t) => TYPE_NAMES.has(t)) as TypeName[];
  // `type: file` (Swagger 2.0) and other names JSON Schema does not know constrain nothing.
  if (list.length === 0) return undefined;
  if (schema.nullable === true) list.push('null');
  return new Set(list);
}

function ownScalarKeywords(schema: SchemaObject, norm: Norm): void {
  if (typeof schema.format === 'string') norm.format = schema.format;
  if (typeof schema.pattern === 'string') norm.patterns.push(schema.pattern);
  norm.minLength = num(schema.minLength);
  norm.maxLength = num(schema.maxLength);
  norm.minimum = bound(schema.minimum, schema.exclusiveMinimum, Math.max);
  norm.maximum = bound(schema.maximum, schema.exclusiveMaximum, Math.min);
  if (typeof schema.multipleOf === 'number' && schema.multipleOf > 0) {
    norm.multipleOf = schema.multipleOf;
  }
}

/** 3.0 (`minimum` + boolean `exclusiveMinimum`) and 3.1 (numeric `exclusiveMinimum`) bounds. */
function bound(
  inclusive: unknown,
  exclusive: unknown,
  tighter: (a: number, b: number) => number,
): Bound | undefined {
  const base = num(inclusive);
  if (typeof exclusive === 'number') {
    // 3.1 allows both; the tighter one wins, and on a tie the exclusive one is the tighter.
    if (base === undefined || tighter(base, exclusive) === exclusive) {
      return { value: exclusive, exclusive: true };
    }
    return { value: base, exclusive: false };
  }
  return base === undefined ? undefined : { value: base, exclusive: exclusive === true };
}

function ownObjectKeywords(doc: OpenApiDocument, schema: SchemaObject, norm: Norm): void {
  if (isObject(schema.properties)) {
    for (const [key, value] of Object.entries(schema.properties)) norm.properties.set(key, value);
  }
  if (Array.isArray(schema.required)) {
    for (const mode of ['request', 'response'] as const) {
      for (const name of effectiveRequired(doc, schema, mode)) norm.required[mode].add(name);
    }
  }
  const additional = schema.additionalProperties;
  if (additional === false || schema.unevaluatedProperties === false) {
    norm.closedKeys = new Set(norm.properties.keys());
  }
  if (typeof additional === 'boolean' || isObject(additional)) norm.additional = additional;
  if (isObject(additional) && Object.keys(additional).length > 0) {
    const patterns = isObject(schema.patternProperties)
      ? Object.keys(schema.patternProperties)
      : [];
    norm.openParts = [{ keys: new Set(norm.properties.keys()), patterns, schema: additional }];
  }
  if (isObject(schema.patternProperties)) {
    norm.patternProperties = Object.entries(
      schema.patternProperties as Record<string, SchemaObject>,
    );
  }
  if (isObject(schema.propertyNames)) norm.propertyNames = schema.propertyNames as SchemaObject;
  norm.minProperties = num(schema.minProperties);
  norm.maxProperties = num(schema.maxProperties);
}

/**
 * Exactly toJsonSchema's rule: a name stays required unless the property declared next to it
 * (through a plain `$ref` chain, siblings ignored) is hidden on this side of the wire.
 */
function effectiveRequired(doc: OpenApiDocument, schema: SchemaObject, mode: SchemaMode): string[] {
  const names = (schema.required ?? []).filter((n): n is string => typeof n === 'string');
  if (!schema.properties) return names;
  const hidden = mode === 'request' ? 'readOnly' : 'writeOnly';
  return names.filter((name) => {
    const prop = schema.properties?.[name];
    const resolved = isRef(prop) ? deref<SchemaObject>(doc, prop) : prop;
    return resolved?.[hidden] !== true;
  });
}

function ownArrayKeywords(schema: SchemaObject, norm: Norm): void {
  const items: unknown = schema.items;
  if (Array.isArray(items)) norm.prefixItems = items as SchemaObject[];
  else if (typeof items === 'boolean' || isObject(items)) norm.items = items as SchemaObject;
  if (Array.isArray(schema.prefixItems)) norm.prefixItems = schema.prefixItems as SchemaObject[];
  if (isObject(schema.contains)) norm.contains = schema.contains as SchemaObject;
  norm.minItems = num(schema.minItems);
  norm.maxItems = num(schema.maxItems);
  norm.uniqueItems = schema.uniqueItems === true;
}

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function isObject(value: unknown): value is Record<string, unknown> & SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
