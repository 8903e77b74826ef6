import type { OpenApiDocument, SchemaObject } from '../../core/types.js';
import { conforms } from '../../core/engine/generate/index.js';
import {
  resourceItem,
  seededId,
  typedId,
  type ItemSource,
} from '../../core/engine/resources/items.js';
import { propertiesOf } from '../../core/engine/schema-shape.js';

const seededLists = new WeakMap<ItemSource['collection'], Map<string, string[]>>();
const MAX_PATHS = 1_000;

/** The ids a collection starts with, in list order (as strings, the store's keys). */
export function seededIds(source: ItemSource, count: number): string[] {
  let known = seededLists.get(source.collection);
  if (!known) seededLists.set(source.collection, (known = new Map()));
  let ids = known.get(source.path);
  if (!ids || ids.length !== count) {
    ids = Array.from({ length: count }, (_, i) => String(seededId(source, i + 1)));
    if (known.size >= MAX_PATHS) known.clear();
    known.set(source.path, ids);
  }
  return ids;
}

/** The store's key of the id in a path: `7` for `/books/7` (and `07`), the text otherwise. */
export function idKey(source: ItemSource, raw: string): string {
  const { doc, collection } = source;
  return String(typedId(doc, collection.itemSchema, collection.idField, raw) ?? raw);
}

/**
 * An item as a schema shows it: the seeded item for that schema, with what was stored over it
 * (the fields that schema declares), so a list of summaries and a read of the whole item agree.
 */
export function shaped(
  source: ItemSource,
  id: string,
  stored: unknown,
  schema: SchemaObject | undefined,
): unknown {
  const seeded = resourceItem(source, id, schema);
  if (stored === undefined || !isRecord(seeded) || !isRecord(stored)) return stored ?? seeded;
  const props = propertiesOf(source.doc, schema);
  const out: Record<string, unknown> = { ...seeded };
  for (const [key, value] of Object.entries(stored)) if (props.has(key)) out[key] = value;
  return out;
}

/**
 * `current` with the request's fields that the item declares and whose values fit there (as
 * Laravel's `update($request->validated())` fills them); never the id.
 */
export function mergeInput(
  doc: OpenApiDocument,
  schema: SchemaObject | undefined,
  current: unknown,
  input: unknown,
  idField: string | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = isRecord(current) ? { ...current } : {};
  if (!isRecord(input)) return out;
  const props = propertiesOf(doc, schema);
  for (const [key, value] of Object.entries(input)) {
    const prop = props.get(key);
    if (key !== idField && prop && conforms(doc, prop, value)) out[key] = value;
  }
  return out;
}

/** Eloquent's timestamps: `created_at`/`updated_at` set to now, where the schema takes it. */
export function stamp(
  doc: OpenApiDocument,
  schema: SchemaObject | undefined,
  item: Record<string, unknown>,
  fields: readonly string[],
): Record<string, unknown> {
  const props = propertiesOf(doc, schema);
  const now = new Date().toISOString();
  for (const field of fields) {
    const prop = props.get(field);
    if (prop && conforms(doc, prop, now)) item[field] = now;
  }
  return item;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
