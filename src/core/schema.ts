import { enumOf, knownTypes, validKeyword, SINGLE_SUBSCHEMA_KEYWORDS } from './keywords.js';
import { unicodePattern } from './pattern.js';
import { deref, isRef, resolvePointer } from './refs.js';
import type { OpenApiDocument, SchemaObject } from './types.js';

/**
 * Which side of the wire a schema describes: `readOnly` properties are never required in a
 * request, `writeOnly` ones never in a response.
 * @see https://spec.openapis.org/oas/v3.0.3#fixed-fields-19
 */
export type SchemaMode = 'request' | 'response';

/** The formats ajv-formats knows; any other format is an annotation and is dropped. */
const KNOWN_FORMATS = new Set([
  'date',
  'time',
  'date-time',
  'iso-time',
  'iso-date-time',
  'duration',
  'uri',
  'uri-reference',
  'uri-template',
  'url',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'regex',
  'uuid',
  'json-pointer',
  'json-pointer-uri-fragment',
  'relative-json-pointer',
  'byte',
  'int32',
  'int64',
  'float',
  'double',
  'password',
  'binary',
]);

/** OpenAPI-only keywords that JSON Schema validators must not see. */
const DROPPED = new Set([
  'nullable',
  'discriminator',
  'example',
  'xml',
  'externalDocs',
  'deprecated',
  '$id',
  '$schema',
  '$anchor',
  '$dynamicAnchor',
  '$dynamicRef',
  '$comment',
  'id',
]);

const SCHEMA_MAPS = ['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];

/**
 * Turns an OpenAPI 3.0/3.1 schema into a self-contained JSON Schema 2020-12 document: every
 * `$ref` it reaches is converted once into `$defs` (so circular schemas stay finite),
 * `nullable` becomes a `null` type, 3.0's boolean `exclusiveMinimum` becomes 2020's numeric
 * one, and annotations only OpenAPI knows are dropped.
 * @see https://spec.openapis.org/oas/v3.1.0#schema-object
 */
export function toJsonSchema(
  doc: OpenApiDocument,
  schema: SchemaObject | boolean | undefined,
  mode: SchemaMode,
): Record<string, unknown> | boolean {
  const converter = new Converter(doc, mode);
  const root = converter.convert(schema ?? true);
  if (typeof root === 'boolean' || converter.defs.size === 0) return root;
  return { ...root, $defs: Object.fromEntries(converter.defs) };
}

/**
 * OpenAPI 3.0 reads a Reference Object alone: "any sibling elements of a $ref are ignored"
 * (`{ $ref: Contact, type: string }` is a Contact). 3.1 schemas are JSON Schema, where siblings
 * apply. `nullable` next to a 3.0 `$ref` is kept all the same: it only widens, and authors mean it.
 * @see https://spec.openapis.org/oas/v3.0.3#reference-object
 */
export function refSiblingsApply(doc: OpenApiDocument): boolean {
  return /^3\.1/.test(String(doc.openapi));
}

class Converter {
  readonly defs = new Map<string, Record<string, unknown> | boolean>();
  private readonly keys = new Map<string, string>();
  private readonly siblings: boolean;

  constructor(
    private readonly doc: OpenApiDocument,
    private readonly mode: SchemaMode,
  ) {
    this.siblings = refSiblingsApply(doc);
  }

  convert(node: unknown): Record<string, unknown> | boolean {
    if (typeof node === 'boolean') return node;
    if (typeof node !== 'object' || node === null || Array.isArray(node)) return true;
    const schema = node as SchemaObject;
    if (typeof schema.$ref === 'string' && !this.siblings) {
      const ref = { $ref: this.ref(schema.$ref) };
      return schema.nullable === true ? { anyOf: [ref, { type: 'null' }] } : ref;
    }
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(schema)) {
      if (DROPPED.has(key) || key.startsWith('x-')) continue;
      if (key === '$ref') out.$ref = this.ref(value);
      else if (SCHEMA_MAPS.includes(key)) out[key] = this.convertMap(value);
      else if (SCHEMA_LISTS.includes(key)) out[key] = this.convertList(value);
      else if (key === 'items' && Array.isArray(value)) out.prefixItems = this.convertList(value);
      else if (SINGLE_SUBSCHEMA_KEYWORDS.has(key)) out[key] = this.convert(value);
      else if (key === 'type') {
        const type = knownTypes(value);
        if (type !== undefined) out.type = type;
      } else if (key === 'enum') {
        const members = enumOf(schema);
        if (members) out.enum = members;
      } else if (validKeyword(key, value)) out[key] = value;
    }
    fixFormat(out);
    fixPattern(out);
    fixExclusiveBounds(out);
    discriminated(schema, out);
    this.fixRequired(schema, out);
    return schema.nullable === true ? nullable(out) : out;
  }

  private ref(value: unknown): string {
    const pointer = String(value);
    let key = this.keys.get(pointer);
    if (key !== undefined) return `#/$defs/${key}`;
    key = uniqueKey(pointer, this.defs);
    this.keys.set(pointer, key);
    this.defs.set(key, true);
    const target = pointer.startsWith('#') ? resolvePointer(this.doc, pointer) : undefined;
    this.defs.set(key, target === undefined ? true : this.convert(target));
    return `#/$defs/${key}`;
  }

  private convertMap(value: unknown): Record<string, unknown> {
    if (typeof value !== 'object' || value === null) return {};
    // fromEntries defines own keys, so a property named `__proto__` stays a property.
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.convert(v)]));
  }

  private convertList(value: unknown): unknown[] {
    return Array.isArray(value) ? value.map((v) => this.convert(v)) : [];
  }

  /** Drops from `required` what this side of the wire never sends. */
  private fixRequired(schema: SchemaObject, out: Record<string, unknown>): void {
    if (!Array.isArray(schema.required)) return;
    const names = schema.required.filter((name): name is string => typeof name === 'string');
    const hidden = this.mode === 'request' ? 'readOnly' : 'writeOnly';
    const required = names.filter((name) => {
      const prop = schema.properties?.[name];
      const resolved = isRef(prop) ? deref<SchemaObject>(this.doc, prop) : prop;
      return resolved?.[hidden] !== true;
    });
    out.required = required;
  }
}

/**
 * With a discriminator, the discriminator value picks the `oneOf` branch, so branches that
 * overlap (two event types sharing one base schema) do not make every value invalid: the
 * reading of ajv's `discriminator` option and of the tools generated from such documents.
 * @see https://spec.openapis.org/oas/v3.0.3#discriminator-object
 */
function discriminated(schema: SchemaObject, out: Record<string, unknown>): void {
  if (typeof schema.discriminator !== 'object' || !Array.isArray(out.oneOf)) return;
  const branches = out.oneOf;
  delete out.oneOf;
  if (out.anyOf === undefined) out.anyOf = branches;
  else out.allOf = [...((out.allOf as unknown[] | undefined) ?? []), { anyOf: branches }];
}

function uniqueKey(pointer: string, taken: Map<string, unknown>): string {
  const base =
    pointer.replace(/^#\/(components\/schemas\/)?/, '').replace(/[^\w.-]/g, '_') || 'root';
  let key = base;
  for (let i = 2; taken.has(key); i++) key = `${base}_${i}`;
  return key;
}

function nullable(out: Record<string, unknown>): Record<string, unknown> {
  if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  if (typeof out.type === 'string') out.type = [out.type, 'null'];
  else if (Array.isArray(out.type)) {
    if (!out.type.includes('null')) out.type = [...out.type, 'null'];
  } else return { anyOf: [out, { type: 'null' }] };
  return out;
}

function fixFormat(out: Record<string, unknown>): void {
  if (typeof out.format === 'string' && !KNOWN_FORMATS.has(out.format)) delete out.format;
}

/**
 * Patterns in the u-mode spelling ajv compiles (see pattern.ts); one that still does not compile
 * would make the whole schema fail to compile, so it goes.
 */
function fixPattern(out: Record<string, unknown>): void {
  if (typeof out.pattern === 'string') {
    const pattern = unicodePattern(out.pattern);
    if (pattern === undefined) delete out.pattern;
    else out.pattern = pattern;
  }
  const props = out.patternProperties;
  if (typeof props === 'object' && props !== null) {
    const entries = Object.entries(props).flatMap(([key, value]) => {
      const pattern = unicodePattern(key);
      return pattern === undefined ? [] : [[pattern, value] as const];
    });
    out.patternProperties = Object.fromEntries(entries);
  }
}

function fixExclusiveBounds(out: Record<string, unknown>): void {
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[flag] !== 'boolean') continue;
    if (out[flag] === true && typeof out[bound] === 'number') {
      out[flag] = out[bound];
      delete out[bound];
    } else delete out[flag];
  }
}
