import { decodePointer, deref, isRef } from '../refs.js';
import type { OpenApiDocument, SchemaObject } from '../types.js';
import { objectProperties } from './schema-shape.js';

/**
 * A generated value as the XML a response declared `application/xml` (or `text/xml`, `+xml`)
 * carries, shaped by each schema's XML Object: element names, attributes, wrapped arrays and
 * namespaces.
 * @see https://spec.openapis.org/oas/v3.0.3#xml-object
 */
export function toXml(
  doc: OpenApiDocument,
  schema: SchemaObject | undefined,
  value: unknown,
): string {
  const name = xmlOf(schema)?.name ?? refName(schema) ?? 'root';
  return `<?xml version="1.0" encoding="UTF-8"?>\n${element(doc, schema, value, name, 0)}`;
}

export function isXmlMediaType(type: string): boolean {
  const subtype = type.split(';')[0]?.trim().toLowerCase().split('/')[1] ?? '';
  return subtype === 'xml' || subtype.endsWith('+xml');
}

interface XmlObject {
  name?: string;
  namespace?: string;
  prefix?: string;
  attribute?: boolean;
  wrapped?: boolean;
}

/** Deep enough for any real document; a cycle in the value cannot reach it (values are trees). */
const MAX_DEPTH = 64;

function element(
  doc: OpenApiDocument,
  schema: SchemaObject | undefined,
  value: unknown,
  fallbackName: string,
  depth: number,
): string {
  const resolved = deref<SchemaObject>(doc, schema);
  const xml = xmlOf(schema) ?? xmlOf(resolved);
  const tag = qualified(xml, xml?.name ?? fallbackName);
  const ns = xml?.namespace
    ? ` xmlns${xml.prefix ? `:${xml.prefix}` : ''}="${text(xml.namespace)}"`
    : '';
  if (value === null || value === undefined) return `<${tag}${ns}/>`;
  if (Array.isArray(value)) {
    const items = arrayItems(doc, resolved, value, xml?.name ?? fallbackName, depth);
    return `<${tag}${ns}>${items}</${tag}>`;
  }
  if (typeof value !== 'object' || depth > MAX_DEPTH)
    return `<${tag}${ns}>${text(scalar(value))}</${tag}>`;
  const properties = objectProperties(doc, schema);
  let attributes = '';
  let children = '';
  for (const [key, item] of Object.entries(value)) {
    const property = properties.get(key);
    const own = xmlOf(property);
    if (own?.attribute && (typeof item !== 'object' || item === null)) {
      attributes += ` ${qualified(own, own.name ?? key)}="${text(scalar(item))}"`;
    } else if (Array.isArray(item) && !(own?.wrapped ?? false)) {
      // An unwrapped array is its items, repeated, each named as the property.
      children += arrayItems(doc, property, item, own?.name ?? key, depth + 1);
    } else children += element(doc, property, item, key, depth + 1);
  }
  return `<${tag}${ns}${attributes}>${children}</${tag}>`;
}

/** Each item as an element named by the items' XML name, else the array's own name. */
function arrayItems(
  doc: OpenApiDocument,
  schema: SchemaObject | undefined,
  items: unknown[],
  name: string,
  depth: number,
): string {
  const itemSchema = deref<SchemaObject>(doc, schema)?.items;
  const itemName = xmlOf(itemSchema)?.name ?? xmlOf(deref<SchemaObject>(doc, itemSchema))?.name;
  return items.map((item) => element(doc, itemSchema, item, itemName ?? name, depth + 1)).join('');
}

function xmlOf(schema: unknown): XmlObject | undefined {
  const xml = (schema as { xml?: unknown } | undefined)?.xml;
  return typeof xml === 'object' && xml !== null ? (xml as XmlObject) : undefined;
}

function refName(schema: SchemaObject | undefined): string | undefined {
  return isRef(schema) ? decodePointer(schema.$ref).at(-1) : undefined;
}

/** `prefix:name`, with the name made a valid XML name (`2fa` → `_2fa`, `a b` → `a_b`). */
function qualified(xml: XmlObject | undefined, name: string): string {
  let safe = name.replace(/[^\w.-]/g, '_');
  if (!/^[A-Za-z_]/.test(safe)) safe = `_${safe}`;
  return xml?.prefix ? `${xml.prefix}:${safe}` : safe;
}

function scalar(value: unknown): string {
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function text(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}
