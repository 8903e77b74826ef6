// The tool's own reading of OpenAPI Schema Objects as JSON Schema 2020-12. Written apart from the
// server's (src/core/schema.ts) on purpose: a mistake in the server's conversion must not be able
// to hide itself by being made twice. Built on the specs, with a whitelist of keywords:
// https://spec.openapis.org/oas/v3.0.3#schema-object and https://spec.openapis.org/oas/v3.1.0#schema-object

/** Keywords whose value is a schema, a list of schemas or a map of schemas. */
const SINGLE = [
  'additionalProperties',
  'items',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
];
const LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const MAPS = ['properties', 'patternProperties', 'dependentSchemas'];

/** Assertion keywords copied when their value has the type JSON Schema requires. */
const NUMBERS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'];
const COUNTS = [
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  'minContains',
  'maxContains',
];
const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

/** Formats the tool checks (ajv-formats' full set); any other format is an annotation. */
export const CHECKED_FORMATS = new Set([
  'date',
  'time',
  'date-time',
  'duration',
  'uri',
  'uri-reference',
  'url',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
  'byte',
  'int32',
  'int64',
  'float',
  'double',
  'regex',
]);

/**
 * One converter per document and side of the wire. `root(schema)` gives a JSON Schema with the
 * `$defs` it reaches; each referenced schema is converted once and shared.
 */
export class SchemaConverter {
  constructor(doc, version, mode) {
    this.doc = doc;
    this.is31 = version === '3.1';
    this.mode = mode;
    /** pointer → { key, schema, deps } */
    this.defs = new Map();
    this.keys = new Set();
  }

  root(schema) {
    const deps = new Set();
    const out = this.convert(schema, deps);
    if (deps.size === 0) return out;
    const $defs = {};
    const stack = [...deps];
    while (stack.length > 0) {
      const pointer = stack.pop();
      const def = this.defs.get(pointer);
      if ($defs[def.key] !== undefined) continue;
      $defs[def.key] = def.schema;
      stack.push(...def.deps);
    }
    return typeof out === 'boolean' ? { allOf: [out], $defs } : { ...out, $defs };
  }

  convert(node, deps) {
    if (typeof node === 'boolean') return node;
    if (!isObject(node)) return true;
    if (typeof node.$ref === 'string') return this.withRef(node, deps);
    return this.plain(node, deps);
  }

  /**
   * 3.0: a `$ref`'s siblings are ignored (spec), except `nullable`, which authors plainly mean.
   * 3.1: siblings apply alongside it.
   */
  withRef(node, deps) {
    const ref = { $ref: this.ref(node.$ref, deps) };
    if (this.is31) {
      const rest = this.plain({ ...node, $ref: undefined }, deps);
      return rest === true || Object.keys(rest).length === 0 ? ref : { allOf: [ref, rest] };
    }
    return node.nullable === true ? { anyOf: [ref, { type: 'null' }] } : ref;
  }

  plain(node, deps) {
    const out = {};
    copyAssertions(node, out);
    for (const key of SINGLE) {
      if (isSchema(node[key])) out[key] = this.convert(node[key], deps);
    }
    // Draft 4 tuples (`items: [...]`, `additionalItems`) in 2020-12 spelling.
    if (Array.isArray(node.items)) {
      out.prefixItems = node.items.map((s) => this.convert(s, deps));
      if (isSchema(node.additionalItems)) out.items = this.convert(node.additionalItems, deps);
      else delete out.items;
    }
    for (const key of LISTS) {
      if (Array.isArray(node[key]) && node[key].length > 0) {
        out[key] = node[key].map((s) => this.convert(s, deps));
      }
    }
    for (const key of MAPS) {
      if (!isObject(node[key])) continue;
      const entries = Object.entries(node[key]).filter(
        ([name]) => key !== 'patternProperties' || compiles(name),
      );
      out[key] = Object.fromEntries(entries.map(([k, v]) => [k, this.convert(v, deps)]));
    }
    this.required(node, out);
    this.discriminator(node, out, deps);
    return this.nullable(node, out);
  }

  /** `required`, less what this side of the wire never carries (readOnly / writeOnly). */
  required(node, out) {
    if (!Array.isArray(node.required)) return;
    const hidden = this.mode === 'request' ? 'readOnly' : 'writeOnly';
    const props = isObject(node.properties) ? node.properties : {};
    const names = node.required.filter(
      (name) => typeof name === 'string' && !this.flagged(props[name], hidden, 0),
    );
    if (names.length > 0) out.required = [...new Set(names)];
  }

  flagged(schema, flag, depth) {
    if (!isObject(schema) || depth > 8) return false;
    if (schema[flag] === true) return true;
    if (typeof schema.$ref === 'string') {
      return this.flagged(resolvePointer(this.doc, schema.$ref), flag, depth + 1);
    }
    return (
      Array.isArray(schema.allOf) && schema.allOf.some((s) => this.flagged(s, flag, depth + 1))
    );
  }

  /**
   * A discriminator next to oneOf/anyOf names the branch the data must match: its value must be
   * a mapping key or a branch's schema name, and the data must validate against that branch.
   * Other branches may match too (two event types sharing one base schema): the discriminator
   * decides, as ajv's `discriminator` option reads it, so `oneOf` is checked as `anyOf`.
   * @see https://spec.openapis.org/oas/v3.0.3#discriminator-object
   */
  discriminator(node, out, deps) {
    const d = node.discriminator;
    const branches = node.oneOf ?? node.anyOf;
    if (!isObject(d) || typeof d.propertyName !== 'string' || !Array.isArray(branches)) return;
    const targets = new Map();
    for (const branch of branches) {
      if (!isObject(branch) || typeof branch.$ref !== 'string') continue;
      // The branch's own tag (`type: { enum: [account] }`), as ajv reads it; else its name.
      const tags = this.tagValues(branch, d.propertyName, 0);
      for (const tag of tags.length > 0 ? tags : [lastSegment(branch.$ref)]) {
        targets.set(tag, branch.$ref);
      }
    }
    for (const [value, target] of Object.entries(isObject(d.mapping) ? d.mapping : {})) {
      if (typeof target !== 'string') continue;
      targets.set(value, target.includes('/') ? target : `#/components/schemas/${target}`);
    }
    if (targets.size === 0) return;
    if (out.oneOf) {
      out.anyOf = out.anyOf ? out.anyOf : out.oneOf;
      if (out.anyOf !== out.oneOf) out.allOf = [...(out.allOf ?? []), { anyOf: out.oneOf }];
      delete out.oneOf;
    }
    const name = d.propertyName;
    const rules = [
      { properties: { [name]: { enum: [...targets.keys()] } }, required: [name] },
      ...[...targets].map(([value, ref]) => ({
        if: { properties: { [name]: { const: value } }, required: [name] },
        then: { $ref: this.ref(ref, deps) },
      })),
    ];
    out.allOf = [...(out.allOf ?? []), ...rules];
  }

  /** The const or enum values a branch gives its discriminator property, through refs and allOf. */
  tagValues(schema, name, depth) {
    const node = typeof schema?.$ref === 'string' ? resolvePointer(this.doc, schema.$ref) : schema;
    if (!isObject(node) || depth > 8) return [];
    const own = isObject(node.properties) ? node.properties[name] : undefined;
    const property = typeof own?.$ref === 'string' ? resolvePointer(this.doc, own.$ref) : own;
    if (isObject(property)) {
      if ('const' in property) return [property.const];
      if (Array.isArray(property.enum)) return property.enum;
    }
    const parts = Array.isArray(node.allOf) ? node.allOf : [];
    return parts.flatMap((part) => this.tagValues(part, name, depth + 1));
  }

  /** 3.0's `nullable: true` lets `null` through, whatever else the schema says. */
  nullable(node, out) {
    if (node.nullable !== true) return out;
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    if (out.type === undefined || Object.keys(out).some((k) => k !== 'type' && k !== 'enum')) {
      return { anyOf: [out, { type: 'null' }] };
    }
    out.type = [...new Set([...[out.type].flat(), 'null'])];
    return out;
  }

  ref(pointer, deps) {
    deps.add(pointer);
    if (this.defs.has(pointer)) return `#/$defs/${this.defs.get(pointer).key}`;
    const key = this.uniqueKey(pointer);
    const def = { key, schema: true, deps: new Set() };
    this.defs.set(pointer, def);
    const target = pointer.startsWith('#') ? resolvePointer(this.doc, pointer) : undefined;
    // A dangling or remote ref constrains nothing the tool can check.
    def.schema = target === undefined ? true : this.convert(target, def.deps);
    return `#/$defs/${key}`;
  }

  uniqueKey(pointer) {
    const base = pointer.replace(/^#\/?/, '').replace(/[^A-Za-z0-9_.-]/g, '_') || 'root';
    let key = base;
    for (let i = 2; this.keys.has(key); i++) key = `${base}_${i}`;
    this.keys.add(key);
    return key;
  }
}

function copyAssertions(node, out) {
  const type = types(node.type);
  if (type !== undefined) out.type = type;
  if (Array.isArray(node.enum)) out.enum = enumMembers(node.enum, type);
  if ('const' in node) out.const = node.const;
  for (const key of NUMBERS) {
    if (typeof node[key] === 'number' && Number.isFinite(node[key])) out[key] = node[key];
  }
  // 3.0's boolean exclusive bounds qualify `minimum` / `maximum`.
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ]) {
    if (node[flag] === true && typeof out[bound] === 'number') {
      out[flag] = out[bound];
      delete out[bound];
    }
  }
  for (const key of COUNTS) {
    if (Number.isInteger(node[key]) && node[key] >= 0) out[key] = node[key];
  }
  if (typeof node.multipleOf === 'number' && node.multipleOf > 0) out.multipleOf = node.multipleOf;
  if (typeof node.uniqueItems === 'boolean') out.uniqueItems = node.uniqueItems;
  if (typeof node.pattern === 'string' && compiles(node.pattern)) out.pattern = node.pattern;
  if (typeof node.format === 'string' && CHECKED_FORMATS.has(node.format)) out.format = node.format;
  if (isObject(node.dependentRequired)) out.dependentRequired = node.dependentRequired;
}

/**
 * The one leniency the issue asks for on enums: members written in another scalar type than the
 * schema's single `type` (`type: string, enum: [1, 2]`) are read in that type when nothing is lost.
 */
export function enumMembers(members, type) {
  // Only an enum written wholly in another type: one with members of the right type is as meant.
  if (members.some((m) => typeof m === (type === 'string' ? 'string' : 'number'))) return members;
  if (type === 'string') {
    return members.map((m) => (typeof m === 'number' || typeof m === 'boolean' ? String(m) : m));
  }
  if (type !== 'integer' && type !== 'number') return members;
  return members.map((m) => {
    if (typeof m !== 'string' || !/^-?\d+(\.\d+)?$/.test(m.trim())) return m;
    const n = Number(m);
    return type === 'integer' && !Number.isInteger(n) ? m : n;
  });
}

/** The JSON types of `type`; names JSON Schema does not know (`file`, `int`) constrain nothing. */
function types(type) {
  const list = (Array.isArray(type) ? type : [type]).filter((t) => TYPES.has(t));
  if (list.length === 0) return undefined;
  return list.length === 1 ? list[0] : list;
}

/** A pattern the tool's regex engine (see validator.mjs) accepts. */
function compiles(pattern) {
  return toRegExp(pattern) !== null;
}

/**
 * ECMA-262 patterns, as the spec says: with the `u` flag where the pattern allows it (`\p{L}`),
 * else without (`[\w-.]`, `{Name}`, which `u` rejects). A pattern written for another engine
 * (Java's `\p{XDigit}`, `\A`, Python's `(?P<`) means something else without `u` than its
 * author meant: it is not checked at all (null) rather than checked against a guess.
 */
export function toRegExp(source) {
  const pattern = linear(source);
  try {
    return new RegExp(pattern, 'u');
  } catch {
    if (/\\[pPAzZ]|\(\?P/.test(pattern)) return null;
  }
  try {
    return new RegExp(pattern);
  } catch {
    return null;
  }
}

/**
 * `(x*)*` and its kin match what `(x*)` matches, but backtrack exponentially on a near miss:
 * the tool reads them with one quantifier, so that checking an answer cannot hang it.
 */
function linear(pattern) {
  return pattern.replace(
    /\(((?:\?:)?(?:\[(?:\\.|[^\]\\])*\]|\\.|[^()|*+?{}[\]\\]))([*+])\)([*+])(?!\?)/g,
    (_, body, inner, outer) => `(${body}${inner === '+' && outer === '+' ? '+' : '*'})`,
  );
}

export function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSchema(value) {
  return typeof value === 'boolean' || isObject(value);
}

/** RFC 6901 pointer in a URI fragment: percent-decoded, then `~1` and `~0`. */
export function resolvePointer(doc, pointer) {
  if (!pointer.startsWith('#')) return undefined;
  const body = pointer.slice(1);
  if (body === '') return doc;
  let node = doc;
  for (const raw of body.slice(1).split('/')) {
    let segment = raw;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      // not percent-encoded after all
    }
    segment = segment.replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, segment))
      return undefined;
    node = node[segment];
  }
  return node;
}

function lastSegment(ref) {
  const segment = ref.split('/').pop() ?? '';
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}
