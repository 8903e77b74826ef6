import type { OpenApiDocument, SchemaObject } from '../../core/types.js';
import { conforms } from '../../core/engine/generate/index.js';
import { hashString } from '../../core/engine/generate/random.js';
import {
  resourceItem,
  seededId,
  typedId,
  withId,
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
 * An item as a schema shows it: the seeded item for that schema (for a created one, its
 * stand-in: see `standIn`), with what was stored over it (the fields that schema declares),
 * so a list of summaries and a read of the whole item agree. One copy is made, and only when
 * something is set over the item: a seeded item unchanged is the one kept for its id.
 */
export function shaped(
  source: ItemSource,
  id: string,
  stored: unknown,
  schema: SchemaObject | undefined,
  created: boolean,
): unknown {
  const { doc, collection } = source;
  const seeded = created ? standIn(source, id, schema) : resourceItem(source, id, schema);
  if (stored === undefined || !isRecord(seeded) || !isRecord(stored)) {
    if (stored !== undefined || !created || !schema) return stored ?? seeded;
    return withId(doc, schema, collection.idField, seeded, id);
  }
  const out: Record<string, unknown> = { ...seeded };
  // The stand-in's id replaced by the item's own, as `withId` would (never added).
  const field = collection.idField;
  if (created && field !== undefined && Object.hasOwn(out, field)) {
    const value = typedId(doc, schema, field, id);
    if (value !== undefined) out[field] = value;
  }
  const props = propertiesOf(doc, schema);
  for (const key in stored)
    if (Object.hasOwn(stored, key) && props.has(key)) out[key] = stored[key];
  return out;
}

/** How many stand-ins a collection's created items draw from. */
export const CREATED_POOL = 64;

/**
 * What a created item shows of the fields its client did not send: one of `CREATED_POOL` items
 * of the collection's path, generated once for the server's seed, chosen by the id (the id is
 * set by `shaped`). Generating a whole item for every creation was most of a POST's work, and
 * each id's item, unlike a seeded one, is asked for by one client only. The same id draws the
 * same stand-in wherever the item is shown.
 */
function standIn(source: ItemSource, id: string, schema: SchemaObject | undefined): unknown {
  if (!schema) return undefined;
  return resourceItem(source, `created ${hashString(id) % CREATED_POOL}`, schema);
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

/** The timestamps Eloquent sets on a creation, and on an update. */
const STAMPED = { created: ['created_at', 'updated_at'], updated: ['updated_at'] } as const;

/** Eloquent's timestamps: `created_at`/`updated_at` set to now, where the schema takes it. */
export function stamp(
  doc: OpenApiDocument,
  schema: SchemaObject | undefined,
  item: Record<string, unknown>,
  write: keyof typeof STAMPED,
): Record<string, unknown> {
  const taking = timestampFields(doc, schema, write);
  if (taking.length === 0) return item;
  const now = isoNow();
  for (const field of taking) item[field] = now;
  return item;
}

const takingFields = new WeakMap<SchemaObject, Map<keyof typeof STAMPED, readonly string[]>>();

/**
 * The fields of a write that take an ISO 8601 time such as `Date#toISOString` writes: every
 * such time has the same form, so this is asked once per schema, not on every write.
 */
function timestampFields(
  doc: OpenApiDocument,
  schema: SchemaObject | undefined,
  write: keyof typeof STAMPED,
): readonly string[] {
  if (!schema) return [];
  let known = takingFields.get(schema);
  if (!known) takingFields.set(schema, (known = new Map()));
  let taking = known.get(write);
  if (taking === undefined) {
    const props = propertiesOf(doc, schema);
    const sample = new Date().toISOString();
    taking = STAMPED[write].filter((field) => {
      const prop = props.get(field);
      return prop !== undefined && conforms(doc, prop, sample);
    });
    known.set(write, taking);
  }
  return taking;
}

let lastTime = { ms: NaN, iso: '' };

/** `new Date().toISOString()`, written once per millisecond: every write of a busy mock asks. */
function isoNow(): string {
  const ms = Date.now();
  if (ms !== lastTime.ms) lastTime = { ms, iso: new Date(ms).toISOString() };
  return lastTime.iso;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
