import { createAjv } from '../../ajv.js';
import { toJsonSchema, type SchemaMode } from '../../schema.js';
import type { OpenApiDocument, SchemaObject } from '../../types.js';
import { instantCheck, isUnsupported, type Check } from './instant-check.js';
import { scalarCheck, type ScalarCheck } from './scalar-check.js';

/**
 * Validation of candidate values (examples, defaults, enum members, oneOf picks) against the
 * same JSON Schema the product contract checks responses with. Compiling is the expensive
 * part, so validators are cached by schema object identity, per document and mode.
 */

type Validators = Partial<Record<SchemaMode, Check | null>>;

let ajv: ReturnType<typeof createAjv> | undefined;
const byDocument = new WeakMap<OpenApiDocument, WeakMap<object, Validators>>();

export function conforms(
  doc: OpenApiDocument,
  schema: SchemaObject | boolean,
  value: unknown,
  mode: SchemaMode = 'response',
): boolean {
  if (typeof schema === 'boolean') return schema;
  const fast = fastCheckFor(schema);
  if (fast) return fast(value);
  const validate = validatorFor(doc, schema, mode);
  return validate === null ? false : validate(value);
}

const fastChecks = new WeakMap<object, ScalarCheck | null>();

/** Flat scalar schemas are checked without compiling a validator (same outcome, no codegen). */
function fastCheckFor(schema: SchemaObject): ScalarCheck | undefined {
  let check = fastChecks.get(schema);
  if (check === undefined) fastChecks.set(schema, (check = scalarCheck(schema) ?? null));
  return check ?? undefined;
}

function validatorFor(doc: OpenApiDocument, schema: SchemaObject, mode: SchemaMode): Check | null {
  let cache = byDocument.get(doc);
  if (!cache) byDocument.set(doc, (cache = new WeakMap()));
  let entry = cache.get(schema);
  if (!entry) cache.set(schema, (entry = {}));
  const cached = entry[mode];
  if (cached !== undefined) return cached;
  return (entry[mode] = checkFor(toJsonSchema(doc, schema, mode)));
}

/**
 * The schema walked as it stands (instant-check.ts) when it can be: each example is checked
 * once, and compiling a validator for one check is dear on a large schema. ajv decides the
 * rest.
 */
function checkFor(jsonSchema: Record<string, unknown> | boolean): Check | null {
  const instant = instantCheck(jsonSchema, (ajv ??= createAjv()));
  if (!instant) return compile(jsonSchema);
  let fallback: Check | null | undefined;
  return (value) => {
    try {
      return instant(value);
    } catch (error) {
      if (!isUnsupported(error)) throw error;
      fallback ??= compile(jsonSchema);
      return fallback !== null && fallback(value);
    }
  };
}

/** A schema ajv rejects cannot vouch for anything: treated as "nothing conforms". */
function compile(jsonSchema: Record<string, unknown> | boolean): Check | null {
  try {
    ajv ??= createAjv();
    const validate = ajv.compile(jsonSchema);
    // ajv keeps every compiled schema in a Map keyed by the schema object; our WeakMap
    // already holds the validator, so drop ajv's strong reference (reloaded specs get freed).
    if (typeof jsonSchema === 'object') ajv.removeSchema(jsonSchema);
    return (value) => validate(value) === true;
  } catch {
    return null;
  }
}
