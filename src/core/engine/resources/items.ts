import type { OpenApiDocument, SchemaObject } from '../../types.js';
import { conforms, generate } from '../generate/index.js';
import { successStatus, responseMedia, validExample } from '../responses.js';
import { isType, propertiesOf } from '../schema-shape.js';
import type { Collection } from './recognise.js';
import { itemPlace } from './recognise.js';

/** One collection at one concrete path, for one server seed: where its items come from. */
export interface ItemSource {
  doc: OpenApiDocument;
  /** The server's seed (`--seed`). */
  seed: string;
  collection: Collection;
  /** `/api/posts/42/comments`: a nested collection is kept per parent. */
  path: string;
}

/**
 * The item with this id, the same wherever it is shown (read by its path, at its place in a
 * list, as a write's answer): its data depends on the seed, the collection's concrete path
 * and the id alone. A valid declared example of the read's item stands in for generated data,
 * as for any response; the id field always holds the id, when the types fit.
 */
export function resourceItem(
  source: ItemSource,
  id: string | number,
  schema: SchemaObject | undefined = source.collection.itemSchema,
): unknown {
  const { doc, collection } = source;
  if (!schema) return undefined;
  const seed = `${source.seed}|item ${source.path}|${id}`;
  let made = remembered.get(schema);
  if (!made) remembered.set(schema, (made = new Map()));
  let item = made.get(seed);
  if (item === undefined) {
    const example = exampleItem(doc, collection);
    const value =
      example !== undefined && conforms(doc, schema, example)
        ? structuredClone(example)
        : generate(doc, schema, { seed });
    item = withId(doc, schema, collection.idField, value, id);
    if (made.size >= MAX_REMEMBERED) made.clear();
    made.set(seed, item);
  }
  return item;
}

/**
 * Items made, by schema and seed: a stateful read or list makes the same items again and again.
 * Shared, so never changed in place (callers copy what they change).
 */
const remembered = new WeakMap<SchemaObject, Map<string, unknown>>();
const MAX_REMEMBERED = 5_000;

/** Sets the id field to `id` (as a number where the schema wants one), if it fits there. */
export function withId(
  doc: OpenApiDocument,
  schema: SchemaObject,
  field: string | undefined,
  item: unknown,
  id: string | number,
): unknown {
  if (field === undefined || typeof item !== 'object' || item === null || Array.isArray(item)) {
    return item;
  }
  // Replaced, never added: an item generated without its id had to be (a closed `allOf`).
  if (!Object.hasOwn(item, field)) return item;
  const value = typedId(doc, schema, field, String(id));
  if (value === undefined) return item;
  return { ...(item as Record<string, unknown>), [field]: value };
}

/** The id a path segment stands for, in the id field's own type; undefined when it cannot be one. */
export function typedId(
  doc: OpenApiDocument,
  schema: SchemaObject | undefined,
  field: string | undefined,
  raw: string,
): string | number | undefined {
  const idSchema = field === undefined ? undefined : propertiesOf(doc, schema).get(field);
  if (!idSchema) return undefined;
  const numeric = /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : undefined;
  return [numeric, raw].find(
    (v): v is string | number => v !== undefined && conforms(doc, idSchema, v),
  );
}

/**
 * The id of the item at a 1-based position of the seeded list: the position itself where the
 * id is a number, else the id field of an item generated for that position (a UUID, a slug).
 */
export function seededId(source: ItemSource, position: number): string | number {
  const { doc, collection } = source;
  const { itemSchema: schema, idField: field } = collection;
  if (!schema || numericIds(doc, collection)) return position;
  const item = generate(doc, schema, {
    seed: `${source.seed}|position ${source.path}|${position}`,
  });
  const id = (item as Record<string, unknown> | undefined)?.[field!];
  return typeof id === 'string' || typeof id === 'number' ? id : position;
}

const numeric = new WeakMap<Collection, boolean>();

/** Whether the collection's ids are numbers (or it has none): then an item's id is its position. */
export function numericIds(doc: OpenApiDocument, collection: Collection): boolean {
  let known = numeric.get(collection);
  if (known === undefined) {
    const { itemSchema, idField } = collection;
    const idSchema = idField === undefined ? undefined : propertiesOf(doc, itemSchema).get(idField);
    known = !idSchema || isType(idSchema, 'integer') || isType(idSchema, 'number');
    numeric.set(collection, known);
  }
  return known;
}

const examples = new WeakMap<Collection, { value: unknown }>();

/** The item part of the read's declared success example, once per collection. */
function exampleItem(doc: OpenApiDocument, collection: Collection): unknown {
  let found = examples.get(collection);
  if (!found) {
    found = { value: undefined };
    const read = collection.read;
    const place = read && itemPlace(doc, read);
    const at = read && responseMedia(doc, read.operation, successStatus(read.operation, 'get'));
    const example = at && place ? validExample(doc, at.media, 'success') : undefined;
    if (example && place) found.value = valueAt(example.value, place.at);
    examples.set(collection, found);
  }
  return found.value;
}

export function valueAt(body: unknown, at: readonly string[]): unknown {
  let node = body;
  for (const key of at) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** `body` with `value` at `at` (a copy of the path down to it); `at` empty: `value` itself. */
export function placeAt(body: unknown, at: readonly string[], value: unknown): unknown {
  if (at.length === 0) return value;
  const [key, ...rest] = at;
  const node = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  return { ...node, [key!]: placeAt(node[key!], rest, value) };
}
