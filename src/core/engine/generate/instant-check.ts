import type { Ajv2020 } from 'ajv/dist/2020.js';
import equalModule from 'ajv/dist/runtime/equal.js';
import { codePoints } from '../../code-points.js';
import { patternTest, type PatternTest } from '../../regex/pattern-test.js';
import { formatCheck } from './scalar-check.js';

type Equal = (a: unknown, b: unknown) => boolean;
// The deep equality ajv's own `enum`, `const` and `uniqueItems` use (fast-deep-equal). A
// CommonJS module: Node puts its default export on the default import, bundlers unwrap it.
const equal: Equal =
  typeof equalModule === 'function'
    ? (equalModule as Equal)
    : (equalModule as unknown as { default: Equal }).default;

/**
 * A conformance check that interprets a `toJsonSchema` document instead of compiling it, with
 * the outcome ajv (as `createAjv` sets it up) would give. Whether one example conforms is
 * asked once, and generating and compiling a validator for it costs far more than walking the
 * schema once (on GitHub's issue schema, a first request's worth). A schema that uses any
 * keyword ajv acts on and this file does not implement exactly is left to ajv: undefined, or,
 * where a `$ref` compiled on first use leads to one, the check throws (see `isUnsupported`).
 * @see https://json-schema.org/draft/2020-12/json-schema-validation
 */
export type Check = (value: unknown) => boolean;

type Schema = Record<string, unknown>;
type Keyword = (value: unknown, parent: Schema, compile: (schema: unknown) => Check) => Check;

class Unsupported extends Error {}

/** Keywords ajv knows that change nothing here (or only hold subschemas reached by `$ref`). */
const INERT = new Set([
  '$defs',
  'definitions',
  '$comment',
  'title',
  'description',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
  'examples',
  'contentMediaType',
  'contentEncoding',
  'contentSchema',
]);
/** Keywords that move the base URI or name anchors: `$ref`s would resolve differently. */
const SCOPING = new Set([
  '$id',
  '$schema',
  '$anchor',
  '$dynamicAnchor',
  '$dynamicRef',
  '$recursiveAnchor',
  '$recursiveRef',
  '$vocabulary',
]);
const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null', 'array', 'object']);
/** Deeper than this through `$ref`s and applicators, the schema recurses without the data. */
const MAX_DEPTH = 500;

export function instantCheck(root: unknown, ajv: Ajv2020): Check | undefined {
  const compiled = new Map<unknown, Check>();
  let depth = 0;
  const compile = (schema: unknown): Check => {
    const known = compiled.get(schema);
    if (known) return known;
    // A `$ref` cycle meets this entry before its checks exist: it calls through the slot.
    let own: Check | undefined;
    const slot: Check = (value) => {
      if (++depth > MAX_DEPTH) throw new Unsupported('recursion');
      try {
        return own!(value);
      } finally {
        depth--;
      }
    };
    compiled.set(schema, slot);
    try {
      own = compileNode(schema, ajv, compile, (ref) => resolve(root, ref));
    } catch (error) {
      compiled.delete(schema);
      throw error;
    }
    return slot;
  };
  let check: Check;
  try {
    check = compile(root);
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
  let unsupported = false;
  return (value) => {
    if (unsupported) throw new Unsupported('seen before');
    depth = 0;
    try {
      return check(value);
    } catch (error) {
      if (error instanceof Unsupported) unsupported = true;
      throw error;
    }
  };
}

/** Whether a check gave up midway (a schema that recurses without consuming data). */
export function isUnsupported(error: unknown): boolean {
  return error instanceof Unsupported;
}

function compileNode(
  schema: unknown,
  ajv: Ajv2020,
  compile: (schema: unknown) => Check,
  resolveRef: (ref: string) => unknown,
): Check {
  if (schema === true) return () => true;
  if (schema === false) return () => false;
  if (!isObject(schema)) throw new Unsupported('schema');
  const checks: Check[] = [];
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$ref') checks.push(refCheck(value, compile, resolveRef));
    else if (Object.hasOwn(KEYWORDS, key)) checks.push(KEYWORDS[key]!(value, schema, compile));
    else if (SCOPING.has(key) || (!INERT.has(key) && ajv.getKeyword(key) !== false)) {
      throw new Unsupported(key);
    }
  }
  return (value) => {
    for (const check of checks) if (!check(value)) return false;
    return true;
  };
}

function refCheck(
  ref: unknown,
  compile: (schema: unknown) => Check,
  resolveRef: (ref: string) => unknown,
): Check {
  if (typeof ref !== 'string') throw new Unsupported('$ref');
  const target = resolveRef(ref);
  let check: Check | undefined;
  // Compiled on first use: a value reaches few of the types a large schema refers to. A
  // keyword found unsupported then throws from the check, and ajv decides after all.
  return (value) => (check ??= compile(target))(value);
}

/** `#`, or `#/...` read as a JSON pointer (percent-decoded first, as ajv does). */
function resolve(root: unknown, ref: string): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) throw new Unsupported('$ref');
  let node = root;
  for (const raw of ref.slice(2).split('/')) {
    const segment = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(node) && !Array.isArray(node)) throw new Unsupported('$ref');
    if (!Object.hasOwn(node, segment)) throw new Unsupported('$ref');
    node = (node as Record<string, unknown>)[segment];
  }
  if (typeof node !== 'boolean' && !isObject(node)) throw new Unsupported('$ref');
  return node;
}

const isObject = (v: unknown): v is Schema =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const need = <T>(ok: boolean, value: T): T => {
  if (!ok) throw new Unsupported('keyword value');
  return value;
};
const num = (v: unknown) => need(typeof v === 'number', v as number);
const schemas = (v: unknown) => need(Array.isArray(v) && v.length > 0, v as unknown[]);

/** Each keyword applies to values of its own type only, as in JSON Schema. */
const onNumber =
  (test: (n: number) => boolean): Check =>
  (v) =>
    typeof v !== 'number' || test(v);
const onString =
  (test: (s: string) => boolean): Check =>
  (v) =>
    typeof v !== 'string' || test(v);
const onArray =
  (test: (a: unknown[]) => boolean): Check =>
  (v) =>
    !Array.isArray(v) || test(v);
const onObject =
  (test: (o: Record<string, unknown>) => boolean): Check =>
  (v) =>
    !isObject(v) || test(v);

function typeCheck(value: unknown): Check {
  const types = Array.isArray(value) ? value : [value];
  need(types.length > 0 && types.every((t) => TYPES.has(t as string)), types);
  return (v) =>
    types.some((type) => {
      switch (type) {
        // ajv's tests (strictNumbers off): NaN is no integer, Infinity is one.
        case 'integer':
          return typeof v === 'number' && !(v % 1) && !Number.isNaN(v);
        case 'null':
          return v === null;
        case 'array':
          return Array.isArray(v);
        case 'object':
          return isObject(v);
        default:
          return typeof v === type;
      }
    });
}

/** The test ajv runs too (see createAjv); a pattern JavaScript cannot parse is ajv's to refuse. */
function pattern(source: unknown): PatternTest {
  try {
    new RegExp(need(typeof source === 'string', source as string), 'u');
  } catch {
    throw new Unsupported('pattern');
  }
  return patternTest(source as string);
}

/** ajv's `properties` leaves `__proto__` out; a name with an undefined value is absent. */
function propertyChecks(properties: unknown, compile: (schema: unknown) => Check) {
  need(isObject(properties), properties);
  return Object.entries(properties as Schema)
    .filter(([name]) => name !== '__proto__')
    .map(([name, schema]) => [name, compile(schema)] as const);
}

/** A number keyword: false for NaN, as in ajv. */
const bound = (limit: unknown, test: (n: number, limit: number) => boolean): Check => {
  const m = num(limit);
  return onNumber((n) => test(n, m));
};
/** Lengths count code points (a surrogate pair is one character), as ajv counts. */
const length = (limit: unknown, test: (length: number, limit: number) => boolean): Check => {
  const m = num(limit);
  return onString((s) => test(codePoints(s), m));
};
const size = <T>(
  limit: unknown,
  on: (test: (value: T) => boolean) => Check,
  test: (value: T, limit: number) => boolean,
): Check => {
  const m = num(limit);
  return on((value) => test(value, m));
};

const KEYWORDS: Record<string, Keyword> = {
  type: typeCheck,
  enum: (members) => {
    // ajv refuses an empty enum: left to it, so that the schema fails as a whole.
    const list = need(Array.isArray(members) && members.length > 0, members as unknown[]);
    return (v) => list.some((m) => equal(v, m));
  },
  const: (value) => (v) => equal(v, value),
  // ajv's own test, floating point and all.
  multipleOf: (of) => {
    const m = num(of);
    return onNumber((n) => n / m === parseInt(String(n / m), 10));
  },
  maximum: (max) => bound(max, (n, m) => n <= m),
  minimum: (min) => bound(min, (n, m) => n >= m),
  exclusiveMaximum: (max) => bound(max, (n, m) => n < m),
  exclusiveMinimum: (min) => bound(min, (n, m) => n > m),
  maxLength: (max) => length(max, (l, m) => l <= m),
  minLength: (min) => length(min, (l, m) => l >= m),
  pattern: (source) => {
    const regex = pattern(source);
    return onString((s) => regex.test(s));
  },
  format: (name) => formatCheck(need(typeof name === 'string', name as string)) ?? (() => true),
  maxItems: (max) => size(max, onArray, (a, m) => a.length <= m),
  minItems: (min) => size(min, onArray, (a, m) => a.length >= m),
  uniqueItems: (unique) =>
    need(typeof unique === 'boolean', unique)
      ? onArray((a) => a.every((x, i) => a.findIndex((y) => equal(x, y)) === i))
      : () => true,
  prefixItems: (list, _, compile) => {
    const checks = schemas(list).map(compile);
    return onArray((a) => checks.every((check, i) => i >= a.length || check(a[i])));
  },
  items: (schema, parent, compile) => {
    need(typeof schema === 'boolean' || isObject(schema), schema);
    const from = Array.isArray(parent.prefixItems) ? parent.prefixItems.length : 0;
    const check = compile(schema);
    return onArray((a) => a.every((x, i) => i < from || check(x)));
  },
  maxProperties: (max) => size(max, onObject, (o, m) => Object.keys(o).length <= m),
  minProperties: (min) => size(min, onObject, (o, m) => Object.keys(o).length >= m),
  required: (names) => {
    const list = need(Array.isArray(names) && names.every((n) => typeof n === 'string'), names);
    return onObject((o) => (list as string[]).every((name) => Object.hasOwn(o, name)));
  },
  properties: (properties, _, compile) => {
    const checks = propertyChecks(properties, compile);
    return onObject((o) =>
      checks.every(([name, check]) => !Object.hasOwn(o, name) || check(o[name])),
    );
  },
  patternProperties: (patterns, _, compile) => {
    need(isObject(patterns), patterns);
    const checks = Object.entries(patterns as Schema).map(
      ([p, s]) => [pattern(p), compile(s)] as const,
    );
    return onObject((o) => {
      for (const key in o) {
        for (const [regex, check] of checks) if (regex.test(key) && !check(o[key])) return false;
      }
      return true;
    });
  },
  additionalProperties: (schema, parent, compile) => {
    need(typeof schema === 'boolean' || isObject(schema), schema);
    const declared = new Set(
      parent.properties === undefined ? [] : propertyNames(parent.properties),
    );
    const patterns = isObject(parent.patternProperties)
      ? Object.keys(parent.patternProperties).map(pattern)
      : [];
    const check = compile(schema);
    return onObject((o) => {
      for (const key in o) {
        if (declared.has(key) || patterns.some((regex) => regex.test(key))) continue;
        if (!check(o[key])) return false;
      }
      return true;
    });
  },
  allOf: (list, _, compile) => {
    const checks = schemas(list).map(compile);
    return (v) => checks.every((check) => check(v));
  },
  anyOf: (list, _, compile) => {
    const checks = schemas(list).map(compile);
    return (v) => checks.some((check) => check(v));
  },
  oneOf: (list, _, compile) => {
    const checks = schemas(list).map(compile);
    return (v) => checks.filter((check) => check(v)).length === 1;
  },
  not: (schema, _, compile) => {
    need(typeof schema === 'boolean' || isObject(schema), schema);
    const check = compile(schema);
    return (v) => !check(v);
  },
};

function propertyNames(properties: unknown): string[] {
  need(isObject(properties), properties);
  return Object.keys(properties as Schema).filter((name) => name !== '__proto__');
}
