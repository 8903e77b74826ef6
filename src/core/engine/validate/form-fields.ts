import type { MediaTypeObject } from '../../types.js';
import { repeated } from '../input-fields.js';
import { parameterPath } from './attribute.js';
import { propertyShapes, type Shape } from './shape.js';
import type { JsonSchema } from './types.js';

/**
 * The fields of a form or multipart body in the shape its schema gives them, before they are
 * validated: a field sent more than once is a list where the schema wants one, else its last
 * value (as PHP keeps it); a list field the Encoding Object delimits (`explode: false`,
 * `pipeDelimited`) is split.
 * @see https://spec.openapis.org/oas/v3.0.3#encoding-object
 */
export interface FormField {
  shape: Shape;
  /** The delimiter of a list sent as one value, when the encoding says so. */
  delimiter?: string;
}

export function formFieldsOf(schema: JsonSchema, media: MediaTypeObject | undefined) {
  const fields = new Map<string, FormField>();
  const encoding = (media as { encoding?: Record<string, unknown> } | undefined)?.encoding ?? {};
  for (const [name, shape] of propertyShapes(schema)) {
    fields.set(name, { shape, delimiter: delimiterOf(encoding[name]) });
  }
  return fields;
}

function delimiterOf(encoding: unknown): string | undefined {
  if (typeof encoding !== 'object' || encoding === null) return undefined;
  const { style, explode } = encoding as { style?: unknown; explode?: unknown };
  if (style === 'spaceDelimited') return ' ';
  if (style === 'pipeDelimited') return '|';
  return explode === false ? ',' : undefined;
}

/** A copy of `body` with each declared field in its schema's shape. */
export function shapeFields(
  body: Record<string, unknown>,
  fields: ReadonlyMap<string, FormField>,
): Record<string, unknown> {
  const out = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of Object.entries(body)) {
    const field = fields.get(key);
    out[key] = field ? fieldValue(value, field) : value;
  }
  bracketNamedFields(out, fields);
  return out;
}

/**
 * Properties named the way PHP reads form keys (Cambase's `model[model]`): the form sent them
 * as such keys, which were read as nested fields; they are put back under their own names.
 */
function bracketNamedFields(out: Record<string, unknown>, fields: ReadonlyMap<string, FormField>) {
  const claimed = new Set<string>();
  for (const [name, field] of fields) {
    if (!name.includes('[') || Object.hasOwn(out, name)) continue;
    const path = parameterPath(name);
    let node: unknown = out;
    for (const segment of path) {
      node =
        typeof node === 'object' && node !== null
          ? (node as Record<string, unknown>)[segment]
          : undefined;
    }
    if (node === undefined) continue;
    out[name] = fieldValue(node, field);
    claimed.add(path[0]!);
  }
  for (const root of claimed) if (!fields.has(root)) delete out[root];
}

function fieldValue(value: unknown, field: FormField): unknown {
  if (Array.isArray(value) && repeated.has(value) && field.shape !== 'array') return value.at(-1);
  if (typeof value === 'string' && field.shape === 'array' && field.delimiter !== undefined) {
    return value === '' ? [] : value.split(field.delimiter);
  }
  return value;
}
