import { parseFormBody } from '../core/engine/http.js';
import type { OperationEntry } from '../core/engine/operations.js';
import { isType, objectProperties } from '../core/engine/schema-shape.js';
import { compileBody } from '../core/engine/validate/body.js';
import { deref } from '../core/refs.js';
import type { OpenApiDocument, RequestBodyObject, SchemaObject } from '../core/types.js';
import { exportBody } from '../export/bodies.js';
import { mediaKey } from '../export/responses.js';
import type { IdStore } from './ids.js';

/** A form field; `boolean` ones go on the wire as Laravel reads booleans in forms, `1` or `0`. */
type Field = { key: string; value: string; file?: boolean; boolean?: boolean };

/** A request body before it is encoded: JSON, form fields, or text. */
export type Body =
  | { kind: 'json'; mediaType: string; value: unknown }
  | { kind: 'urlencoded' | 'formdata'; mediaType: string; fields: Field[] }
  | { kind: 'raw'; mediaType: string; text: string };

/** A 1×1 PNG: what a file field gets, for it passes Laravel's `file`, `image` and `mimes:png`. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAAAASUVORK5CYII=',
  'base64',
);

/**
 * A valid body, as the exporters make theirs (an example, else generated data the mock
 * accepts), with each `<field>_confirmation` equal to its field (Laravel's `confirmed`).
 */
export function validBody(
  doc: OpenApiDocument,
  entry: OperationEntry,
  seed: string,
): Body | undefined {
  const made = exportBody(doc, entry, seed);
  if (!made) return undefined;
  const { kind, mediaType } = made;
  if (kind === 'raw') return { kind, mediaType, text: made.text };
  if (kind === 'json') {
    const value = JSON.parse(made.text) as unknown;
    if (isRecord(value)) {
      for (const key of Object.keys(value)) {
        if (`${key}_confirmation` in value) value[`${key}_confirmation`] = value[key];
      }
    }
    return { kind, mediaType, value };
  }
  const schema = bodySchema(doc, entry, mediaType);
  const fields = made.fields.map((field) => {
    const confirmed = made.fields.find((f) => `${f.key}_confirmation` === field.key);
    const value = confirmed ? confirmed.value : field.value;
    return isBooleanAt(doc, schema, field.key)
      ? { ...field, value, boolean: true }
      : { ...field, value };
  });
  return { kind, mediaType, fields };
}

/** Whether the schema at a form key (`settings[newsletter]`) is a boolean. */
function isBooleanAt(doc: OpenApiDocument, schema: unknown, key: string): boolean {
  let node = deref<SchemaObject>(doc, schema as SchemaObject);
  for (const segment of key.replace(/\]/g, '').split('[')) {
    if (!node) return false;
    const items = deref<SchemaObject>(doc, node.items as SchemaObject | undefined);
    node = /^\d+$/.test(segment) && items ? items : objectProperties(doc, node).get(segment);
  }
  return isType(node, 'boolean');
}

/** Whether the mock's own validation takes the body (a multipart one is taken as it is). */
export function accepted(doc: OpenApiDocument, entry: OperationEntry, body: Body): boolean {
  const check = compileBody(doc, entry.operation);
  if (!check || body.kind === 'raw' || body.kind === 'formdata') return true;
  const parsed =
    body.kind === 'json'
      ? body.value
      : parseFormBody(
          new URLSearchParams(
            body.fields.map((f): [string, string] => [f.key, f.value]),
          ).toString(),
        );
  const input = { path: {}, query: new URLSearchParams(), headers: {}, cookies: {} };
  return check({ ...input, body: parsed, mediaType: mediaKey(body.mediaType) }) === null;
}

/**
 * `category_id: 4821` becomes the id of a category the backend listed, where one is known and
 * the body stays valid: a backend checks such references (Laravel's `exists:` rule).
 */
export function withReferences(
  doc: OpenApiDocument,
  entry: OperationEntry,
  body: Body,
  ids: IdStore,
): Body {
  if (body.kind === 'raw' || (body.kind === 'json' && !isRecord(body.value))) return body;
  let out: Body = body;
  for (const key of keysOf(body)) {
    const id = /_id$|[a-z]Id$/.test(key) ? ids.reference(key) : undefined;
    if (id === undefined) continue;
    const next = setKey(out, key, id);
    if (accepted(doc, entry, next)) out = next;
  }
  return out;
}

/** A body the document refuses, and how: a required field left out, else one of the wrong type. */
export interface BrokenBody {
  body: Body;
  field: string;
  how: 'without' | 'wrong type' | 'rule';
  /** For `rule`: the Laravel rule the body breaks (`max:255`), from `x-laravel-validation`. */
  rule?: string;
  /**
   * The error keys a backend may use for it: the field, and the keys of the object it held (a
   * FormRequest's `validationData()` may unwrap a `data` envelope, and name what was inside).
   */
  names: string[];
}

export function brokenBody(
  doc: OpenApiDocument,
  entry: OperationEntry,
  body: Body,
): BrokenBody | undefined {
  if (body.kind === 'raw' || (body.kind === 'json' && !isRecord(body.value))) return undefined;
  const schema = bodySchema(doc, entry, body.mediaType);
  const present = new Set(keysOf(body));
  for (const field of requiredOf(doc, schema)) {
    if (!present.has(field)) continue;
    const names = [field, ...Object.keys(valueOf(body, field))];
    const broken = { body: withoutKey(body, field), field, how: 'without' as const, names };
    if (!accepted(doc, entry, broken.body) || body.kind === 'formdata') return broken;
  }
  for (const [field, prop] of objectProperties(doc, schema)) {
    const wrong = wrongValue(prop);
    if (!present.has(field) || wrong === undefined || body.kind === 'formdata') continue;
    const broken = {
      body: setKey(body, field, wrong),
      field,
      how: 'wrong type' as const,
      names: [field],
    };
    if (!accepted(doc, entry, broken.body)) return broken;
  }
  return undefined;
}

/** What goes on the wire: the payload, its Content-Type (a form's is fetch's own), and as text. */
export function encodeBody(body: Body): {
  payload: string | FormData;
  contentType?: string;
  text: string;
} {
  if (body.kind === 'json') {
    const text = JSON.stringify(body.value);
    return { payload: text, contentType: body.mediaType, text };
  }
  if (body.kind === 'raw')
    return { payload: body.text, contentType: body.mediaType, text: body.text };
  const wire = (f: Field) =>
    f.boolean ? ({ true: '1', false: '0' }[f.value] ?? f.value) : f.value;
  const pairs = body.fields.map((f): [string, string] => [f.key, f.file ? 'file.png' : wire(f)]);
  const text = new URLSearchParams(pairs).toString();
  if (body.kind === 'urlencoded') return { payload: text, contentType: body.mediaType, text };
  const form = new FormData();
  for (const field of body.fields) {
    if (field.file) form.append(field.key, new Blob([PNG], { type: 'image/png' }), 'file.png');
    else form.append(field.key, wire(field));
  }
  return { payload: form, text };
}

function bodySchema(doc: OpenApiDocument, entry: OperationEntry, mediaType: string) {
  const requestBody = deref<RequestBodyObject>(doc, entry.operation.requestBody);
  return requestBody?.content?.[mediaType]?.schema;
}

function requiredOf(doc: OpenApiDocument, schema: unknown, depth = 0): string[] {
  const resolved = deref<SchemaObject>(doc, schema as SchemaObject);
  if (!resolved || depth > 8) return [];
  const own = Array.isArray(resolved.required) ? resolved.required : [];
  return [...own, ...(resolved.allOf ?? []).flatMap((part) => requiredOf(doc, part, depth + 1))];
}

/** A value no schema of this type takes: Laravel's `integer`, `string`, `boolean`, `array` rules refuse it too. */
function wrongValue(schema: SchemaObject): unknown {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return 'not-a-number';
    case 'string':
      return ['not', 'a', 'string'];
    case 'boolean':
      return 'not-a-boolean';
    case 'array':
    case 'object':
      return 'not-a-list';
    default:
      return undefined;
  }
}

/** A JSON body's top-level value at `key`, when it is an object (else `{}`). */
function valueOf(body: Body, key: string): Record<string, unknown> {
  const value = body.kind === 'json' && isRecord(body.value) ? body.value[key] : undefined;
  return isRecord(value) ? value : {};
}

function keysOf(body: Body): string[] {
  if (body.kind === 'json') return isRecord(body.value) ? Object.keys(body.value) : [];
  if (body.kind === 'raw') return [];
  return [...new Set(body.fields.map((f) => f.key.split('[')[0]!))];
}

function withoutKey(body: Body, key: string): Body {
  if (body.kind === 'json') {
    const rest = { ...(body.value as Record<string, unknown>) };
    delete rest[key];
    return { ...body, value: rest };
  }
  if (body.kind === 'raw') return body;
  return { ...body, fields: body.fields.filter((f) => f.key.split('[')[0] !== key) };
}

function setKey(body: Body, key: string, value: unknown): Body {
  if (body.kind === 'json') {
    return { ...body, value: { ...(body.value as Record<string, unknown>), [key]: value } };
  }
  if (body.kind === 'raw') return body;
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  const kept = body.fields.filter((f) => f.key.split('[')[0] !== key);
  return { ...body, fields: [...kept, { key, value: text }] };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
