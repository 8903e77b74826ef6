import type { ValidateFunction } from 'ajv';
import { deref, resolvePointer } from '../../refs.js';
import { toJsonSchema } from '../../schema.js';
import type { OpenApiDocument, OperationObject, RequestBodyObject } from '../../types.js';
import { compileSchema, instantVerdict } from './compile.js';
import { namesIn, pruneFor } from './prune.js';
import { formFieldsOf, shapeFields, type FormField } from './form-fields.js';
import { fieldMessages, groupMessages, requiredErrors } from './errors.js';
import { isFormMediaType, isJsonMediaType, normaliseMediaType, selectMediaType } from './media.js';
import type { AjvKind, Check, JsonSchema, ValidationErrors } from './types.js';

interface BodyEntry {
  mediaType: string;
  schema: JsonSchema;
  /** How a form's or multipart body's fields are read (see form-fields.ts). */
  fields: ReadonlyMap<string, FormField>;
  /** Its top-level required fields: what Laravel reports when nothing is sent. */
  required: string[][];
  validators: Partial<Record<AjvKind, ValidateFunction>>;
  /** Validators that stop at the first error, for bodies too large to list all (compiled on use). */
  firstError: Partial<Record<AjvKind, ValidateFunction>>;
  /** The JSON body's verdict without a validator; null when only ajv can tell. */
  instant?: ((data: unknown) => boolean | undefined) | null;
  /** A JSON schema too large to compile up front: checked by walking it first. */
  large: boolean;
  /** Validators of the schema pruned to the names a body holds (prune.ts), by those names. */
  pruned?: Map<string, ValidateFunction>;
}

/** Distinct shapes of invalid bodies whose pruned validators are kept; then the full one. */
const MAX_PRUNED = 32;

/**
 * A body with more values than this that is invalid gets its first error only: listing every
 * error of megabytes of wrong items costs seconds and memory in proportion (a message each).
 */
export const MAX_VALUES_FOR_ALL_ERRORS = 10_000;

/** Distinct media types a client sends are few; this bounds the cache against junk ones. */
const MAX_CACHED_MEDIA_TYPES = 16;

/**
 * The request body's check, or undefined when the operation declares none. JSON is validated
 * as sent; a form's strings are coerced. Which ajv follows the media type the client sent,
 * since Laravel accepts a form where the spec declares JSON (and validates it the same).
 */
export function compileBody(doc: OpenApiDocument, operation: OperationObject): Check | undefined {
  const requestBody = deref<RequestBodyObject>(doc, operation.requestBody);
  if (!requestBody) return undefined;
  const entries = bodyEntries(doc, requestBody);
  for (const entry of entries) {
    const kind = kindOf(entry.mediaType);
    // A large JSON body is first checked by walking its schema: its validator, needed only for
    // the errors of an invalid body, is slow to compile for Graph's larger bodies. The others
    // get both validators now, so that validating a request never compiles anything.
    if (kind !== undefined && !(kind === 'strict' && entry.large)) {
      validatorFor(entry, kind, true);
      validatorFor(entry, kind);
    }
  }
  const select = planner(entries);
  const bodyRequired = requestBody.required === true;
  return (input) => {
    const { entry, kind } = select(input.mediaType);
    if (isEmptyBody(input.body)) return bodyRequired ? missingBodyErrors(entry) : null;
    if (entry === undefined || kind === undefined) return null;
    // Laravel reads a JSON list as input keyed 0, 1, ...: `[1]` where an object is expected
    // lacks the object's required fields, it is not "not an array".
    if (Array.isArray(input.body) && expectsObject(entry.schema)) {
      input = { ...input, body: Object.fromEntries(input.body.map((v, i) => [String(i), v])) };
    }
    // A multipart body the server did not parse into fields has nothing to check.
    if (kind === 'coerce' && !isPlainObject(input.body)) return null;
    // Coercion writes into the data: never into the caller's object.
    const data = () =>
      kind === 'coerce'
        ? cloneData(shapeFields(input.body as Record<string, unknown>, entry.fields))
        : input.body;
    // Most bodies are valid, and a validator that stops at the first error says so soonest
    // (a oneOf's failing branches stop early too); the errors are listed only for the others.
    const large = kind === 'strict' && entry.large;
    const verdict = large
      ? instantVerdictFor(entry, input.body)
      : validatorFor(entry, kind, true)(data());
    if (verdict === true) return null;
    const firstError = hasMoreValues(input.body, MAX_VALUES_FOR_ALL_ERRORS);
    const validate =
      large && verdict === false
        ? prunedValidator(entry, input.body, firstError)
        : validatorFor(entry, kind, firstError);
    if (validate(data())) return null;
    return groupMessages(fieldMessages(validate.errors ?? [], []));
  };
}

function expectsObject(root: JsonSchema): boolean {
  if (typeof root !== 'object' || root === null) return false;
  let schema = root as Record<string, unknown>;
  // The root is often a `$ref` into its own `$defs`.
  const ref = schema.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/$defs/')) {
    const defs = schema.$defs as Record<string, unknown> | undefined;
    const name = ref.slice('#/$defs/'.length);
    const found = defs && Object.hasOwn(defs, name) ? defs[name] : undefined;
    if (typeof found !== 'object' || found === null) return false;
    schema = found as Record<string, unknown>;
  }
  const type = schema.type;
  return type === 'object' || (type === undefined && 'properties' in schema);
}

/** The request body's schema, as JSON Schema, for the media type the mock reads first. */
export function requestBodySchema(doc: OpenApiDocument, operation: OperationObject): JsonSchema {
  const requestBody = deref<RequestBodyObject>(doc, operation.requestBody);
  const content = Object.entries(requestBody?.content ?? {});
  const chosen = content[selectMediaType(content.map(([key]) => normaliseMediaType(key)))];
  return toJsonSchema(doc, chosen?.[1]?.schema, 'request');
}

/** A required message for each top-level required field of the request body's schema. */
export function requiredFieldErrors(
  doc: OpenApiDocument,
  operation: OperationObject,
): ValidationErrors {
  return requiredErrors(topLevelRequired(requestBodySchema(doc, operation)).map((name) => [name]));
}

function bodyEntries(doc: OpenApiDocument, requestBody: RequestBodyObject): BodyEntry[] {
  return Object.entries(requestBody.content ?? {}).map(([key, media]) => {
    const schema = toJsonSchema(doc, media?.schema, 'request');
    const required = topLevelRequired(schema).map((name) => [name]);
    const mediaType = normaliseMediaType(key);
    // Forms are read by every entry: Laravel takes a form where the document declares JSON.
    const fields = formFieldsOf(schema, media);
    const large = isLarge(schema);
    return { mediaType, schema, fields, required, large, validators: {}, firstError: {} };
  });
}

/** Compiled at compile time for the declared media type, on first use for another one. */
function validatorFor(entry: BodyEntry, kind: AjvKind, firstError = false): ValidateFunction {
  if (firstError) return (entry.firstError[kind] ??= compileSchema(entry.schema, kind, true));
  return (entry.validators[kind] ??= compileSchema(entry.schema, kind));
}

/** Whether `value` holds more than `limit` values, counted no further than that. */
function hasMoreValues(value: unknown, limit: number): boolean {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (++count > limit) return true;
    if (typeof node !== 'object' || node === null) continue;
    if (Array.isArray(node)) {
      if (count + stack.length + node.length > limit) return true;
      for (const child of node) stack.push(child);
    } else {
      for (const key in node) {
        const child = (node as Record<string, unknown>)[key];
        if (typeof child === 'object' && child !== null) stack.push(child);
        else if (++count > limit) return true;
      }
    }
  }
  return false;
}

/** Bodies that reach more types than this are validated by walking first (see compileBody). */
const LARGE_BODY_DEFS = 100;

function isLarge(schema: JsonSchema): boolean {
  if (typeof schema !== 'object') return false;
  const defs = schema.$defs;
  return typeof defs === 'object' && defs !== null && Object.keys(defs).length > LARGE_BODY_DEFS;
}

function instantVerdictFor(entry: BodyEntry, data: unknown): boolean | undefined {
  if (entry.instant === undefined) entry.instant = instantVerdict(entry.schema) ?? null;
  return entry.instant?.(data);
}

/** The errors of an invalid JSON body, from a validator of only what the body reaches. */
function prunedValidator(entry: BodyEntry, data: unknown, firstError: boolean): ValidateFunction {
  const full = firstError ? entry.firstError.strict : entry.validators.strict;
  if (full) return full;
  const key = `${firstError}:${JSON.stringify([...namesIn(data)].sort())}`;
  const pruned = (entry.pruned ??= new Map());
  let validate = pruned.get(key);
  if (validate) return validate;
  if (pruned.size >= MAX_PRUNED) return validatorFor(entry, 'strict', firstError);
  validate = compileSchema(pruneFor(entry.schema, data), 'strict', firstError);
  pruned.set(key, validate);
  return validate;
}

function kindOf(mediaType: string): AjvKind | undefined {
  if (isJsonMediaType(mediaType)) return 'strict';
  return isFormMediaType(mediaType) ? 'coerce' : undefined;
}

interface BodyPlan {
  /** The declared media type the body is checked against. */
  entry: BodyEntry | undefined;
  /** How, by the media type sent (JSON when none was); undefined: not checked. */
  kind: AjvKind | undefined;
}

/** The plan for each media type a client sends, worked out once. */
function planner(entries: BodyEntry[]): (mediaType?: string) => BodyPlan {
  const declared = entries.map((e) => e.mediaType);
  const cache = new Map<string | undefined, BodyPlan>();
  return (mediaType) => {
    let plan = cache.get(mediaType);
    if (plan === undefined) {
      const entry = entries[selectMediaType(declared, mediaType)];
      plan = { entry, kind: mediaType === undefined ? 'strict' : kindOf(mediaType) };
      if (cache.size < MAX_CACHED_MEDIA_TYPES) cache.set(mediaType, plan);
    }
    return plan;
  };
}

/** Nothing sent: Laravel sees an empty input, so every required field is missing. */
function missingBodyErrors(entry: BodyEntry | undefined): ValidationErrors {
  const required = entry?.required ?? [];
  return requiredErrors(required.length > 0 ? required : [[]]);
}

/** No body, an empty one, or JSON `null` (which PHP's `(array) json_decode()` makes `[]`). */
function isEmptyBody(body: unknown): boolean {
  if (body === undefined || body === null || body === '') return true;
  return ArrayBuffer.isView(body) && body.byteLength === 0;
}

/**
 * The names in `required` at the top of a schema, following `$ref` and `allOf` (whose members
 * all apply), not `oneOf`/`anyOf` (only one of which does).
 */
function topLevelRequired(root: JsonSchema): string[] {
  const names = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (node: unknown): void => {
    if (!isRecord(node) || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node.required)) {
      for (const name of node.required) if (typeof name === 'string') names.add(name);
    }
    if (typeof node.$ref === 'string') visit(resolvePointer(root, node.$ref));
    if (Array.isArray(node.allOf)) node.allOf.forEach(visit);
  };
  visit(root);
  return [...names];
}

function cloneData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(cloneData);
  if (!isPlainObject(value)) return value;
  const out = Object.create(null) as Record<string, unknown>;
  for (const key in value) if (Object.hasOwn(value, key)) out[key] = cloneData(value[key]);
  return out;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
