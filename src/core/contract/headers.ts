import type { ValidateFunction } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { createAjv } from '../ajv.js';
import { deref } from '../refs.js';
import { toJsonSchema } from '../schema.js';
import type { OpenApiDocument, ResponseObject, SchemaObject } from '../types.js';
import { escapeSegment, quote } from './body.js';
import type { ResponseHeaders, Violation } from './types.js';

interface HeaderObject {
  required?: boolean;
  schema?: SchemaObject;
}

let ajv: Ajv2020 | undefined;
const compiled = new WeakMap<object, ValidateFunction>();

/**
 * The response's declared headers: each `required` one present, and every one sent matching its
 * schema (as text, coerced: `X-RateLimit-Limit: 30` is an integer). `Content-Type` is left to
 * the media type check, as the specification says.
 * @see https://spec.openapis.org/oas/v3.0.3#fixed-fields-14
 */
export function checkHeaders(
  doc: OpenApiDocument,
  response: ResponseObject,
  headers: ResponseHeaders,
): Violation[] {
  const out: Violation[] = [];
  for (const [name, raw] of Object.entries(response.headers ?? {})) {
    const lower = name.toLowerCase();
    if (lower === 'content-type') continue;
    const header = deref<HeaderObject>(doc, raw as HeaderObject);
    const location = `/response/headers/${escapeSegment(lower)}`;
    const value = headers[lower];
    if (value === undefined) {
      if (header?.required === true)
        out.push({ location, message: `required header '${name}' is missing` });
      continue;
    }
    const text = Array.isArray(value) ? value.join(', ') : String(value);
    if (header?.schema && !valueMatches(doc, header.schema, text)) {
      out.push({ location, message: `does not match its schema, is ${quote(text)}` });
    }
  }
  return out;
}

function valueMatches(doc: OpenApiDocument, schema: SchemaObject, text: string): boolean {
  let validate = compiled.get(schema);
  if (!validate) {
    ajv ??= createAjv({ coerce: true });
    const json = toJsonSchema(doc, schema, 'response');
    validate = ajv.compile(typeof json === 'boolean' ? json : { ...json });
    compiled.set(schema, validate);
  }
  // Header values are text: coercion reads `30` as the integer the schema declares.
  return validate(text);
}
