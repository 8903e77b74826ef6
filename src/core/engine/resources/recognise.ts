import { singular, studly } from '../../inflect.js';
import type { OpenApiDocument, SchemaObject } from '../../types.js';
import { listOperations, type OperationEntry } from '../operations.js';
import { detectPagination, type PaginationShape } from '../pagination.js';
import { responseMedia, successStatus } from '../responses.js';
import { isType, objectProperties } from '../schema-shape.js';
import { bindingOf, keyOf, pathShape, type Segment } from './shape.js';

/**
 * A collection the document describes: a path ending in a literal segment (`/api/books`,
 * `/api/posts/{post}/comments`) that lists items, or that has an item path beneath it
 * (`/api/books/{book}`), whatever its parameters are called.
 */
export interface Collection {
  /** `/api/posts/{}/comments`. */
  key: string;
  /** The collection's segments, as written by its first operation. */
  segments: Segment[];
  /** The item path's last parameter as written (`id`, `post`, `post:slug`). */
  itemParam: string | undefined;
  /** The item property that parameter names (`id`, or `slug` for `{post:slug}`). */
  idField: string | undefined;
  /** The schema of one item: the read's response (its `data` when wrapped), else a list item. */
  itemSchema: SchemaObject | undefined;
  /** `App\Models\Book`, for Laravel's 404 body. */
  model: string;
  list?: OperationEntry;
  read?: OperationEntry;
}

export type ResourceKind = 'list' | 'create' | 'read' | 'update' | 'delete';

/** What an operation does to a collection, and where its item sits in its response. */
export interface ResourceRole {
  collection: Collection;
  kind: ResourceKind;
  /** The item's place in the success body: `[]` (the body is the item), `['data']`; none. */
  itemAt: string[] | undefined;
  /** The schema of the item at that place. */
  itemSchema: SchemaObject | undefined;
  /** A list's shape: Laravel's paginators, or a plain array (at `arrayAt`). */
  list?: { page: PaginationShape } | { arrayAt: string[] };
  /** The collection's part of this operation's own template (its parameter names). */
  segments: Segment[];
  /** An item operation's own parameter (`post:slug`). */
  param?: string;
}

export interface ResourceModel {
  collections: Collection[];
  roleOf(method: string, path: string): ResourceRole | undefined;
}

const models = new WeakMap<OpenApiDocument, ResourceModel>();

/** The document's collections and each operation's role, worked out once per document. */
export function resourceModel(doc: OpenApiDocument): ResourceModel {
  let model = models.get(doc);
  if (!model) models.set(doc, (model = recognise(doc)));
  return model;
}

interface Group {
  segments: Segment[];
  collectionOps: OperationEntry[];
  itemOps: OperationEntry[];
  itemParam?: string;
}

/**
 * Groups the operations by path shape at once (string work only); what a group is, and each
 * operation's role, is worked out on first use: Graph's 22,000 operations must not make the
 * first request wait for the schemas of all of them.
 */
function recognise(doc: OpenApiDocument): ResourceModel {
  const groups = new Map<string, Group>();
  /** `get /api/books` → the operation, its group, and whether it is on the item path. */
  const places = new Map<string, { entry: OperationEntry; group: Group; item: boolean }>();
  const group = (segments: Segment[]) => {
    const key = keyOf(segments);
    let found = groups.get(key);
    if (!found) groups.set(key, (found = { segments, collectionOps: [], itemOps: [] }));
    return found;
  };
  for (const entry of listOperations(doc)) {
    const shape = pathShape(entry.path);
    const last = shape?.segments.at(-1);
    if (!shape || !last) continue;
    const at = `${entry.method} ${entry.path}`;
    if ('literal' in last) {
      const owner = group(shape.segments);
      owner.collectionOps.push(entry);
      places.set(at, { entry, group: owner, item: false });
    } else if (shape.segments.length >= 2 && 'literal' in shape.segments.at(-2)!) {
      const owner = group(shape.segments.slice(0, -1));
      owner.itemOps.push(entry);
      owner.itemParam ??= last.param;
      places.set(at, { entry, group: owner, item: true });
    }
  }
  const collections = new Map<Group, Collection | null>();
  const collectionOf = (g: Group): Collection | null => {
    let found = collections.get(g);
    if (found === undefined) {
      const listOp = g.collectionOps.find((op) => op.method === 'get');
      const list = listOp && listShape(doc, listOp);
      found =
        g.itemOps.length === 0 && !list ? null : describe(doc, keyOf(g.segments), g, listOp, list);
      collections.set(g, found);
    }
    return found;
  };
  const roles = new Map<string, ResourceRole | null>();
  const roleAt = (at: string): ResourceRole | null => {
    const place = places.get(at);
    const collection = place && collectionOf(place.group);
    if (!place || !collection) return null;
    const { entry } = place;
    if (place.item) {
      const kind = ITEM_KINDS[entry.method];
      return kind ? role(doc, collection, kind, entry) : null;
    }
    if (entry.method === 'post') return role(doc, collection, 'create', entry);
    if (collection.list !== entry) return null;
    const list = listShape(doc, entry)!;
    const itemSchema = listItemSchema(doc, entry, list);
    return { ...role(doc, collection, 'list', entry), list, itemSchema };
  };
  return {
    get collections() {
      return [...groups.values()].map(collectionOf).filter((c): c is Collection => c !== null);
    },
    roleOf: (method, path) => {
      const at = `${method} ${path}`;
      let found = roles.get(at);
      if (found === undefined) roles.set(at, (found = roleAt(at)));
      return found ?? undefined;
    },
  };
}

const ITEM_KINDS: Partial<Record<string, ResourceKind>> = {
  get: 'read',
  put: 'update',
  patch: 'update',
  delete: 'delete',
};

function describe(
  doc: OpenApiDocument,
  key: string,
  g: Group,
  listOp: OperationEntry | undefined,
  list: ReturnType<typeof listShape>,
): Collection {
  const read = g.itemOps.find((op) => op.method === 'get');
  const readItem = read && itemPlace(doc, read);
  const itemSchema = readItem?.schema ?? (list && listItemSchema(doc, listOp!, list));
  const name = [...g.segments].reverse().find((s) => 'literal' in s) as { literal: string };
  return {
    key,
    segments: g.segments,
    itemParam: g.itemParam,
    idField: idField(doc, g.itemParam, itemSchema),
    itemSchema,
    model: `App\\Models\\${studly(singular(name.literal))}`,
    list: list ? listOp : undefined,
    read,
  };
}

function role(
  doc: OpenApiDocument,
  collection: Collection,
  kind: ResourceKind,
  entry: OperationEntry,
): ResourceRole {
  const own = pathShape(entry.path)!.segments;
  const segments = own.slice(0, collection.segments.length);
  const last = own.at(-1)!;
  const param = own.length > segments.length && 'param' in last ? last.param : undefined;
  const place = itemPlace(doc, entry);
  return { collection, kind, itemAt: place?.at, itemSchema: place?.schema, segments, param };
}

/**
 * The item property a path parameter names: Laravel's binding field (`{post:slug}`), a property
 * of the parameter's own name (`{slug}`, `{uuid}`), else `id` (`{post}`, `{user_id}`, `{id}`).
 */
export function idField(
  doc: OpenApiDocument,
  param: string | undefined,
  itemSchema: SchemaObject | undefined,
): string | undefined {
  const props = objectProperties(doc, itemSchema);
  if (param !== undefined) {
    const { name, field } = bindingOf(param);
    if (field !== undefined) return props.has(field) ? field : undefined;
    if (props.has(name)) return name;
  }
  return props.has('id') ? 'id' : undefined;
}

/** Where an operation's success body holds one item: its `data` object, else itself. */
export function itemPlace(
  doc: OpenApiDocument,
  entry: OperationEntry,
): { at: string[]; schema: SchemaObject } | undefined {
  const schema = successSchema(doc, entry);
  const props = objectProperties(doc, schema);
  const data = props.get('data');
  if (data && isObject(doc, data)) return { at: ['data'], schema: data };
  return schema && props.size > 0 && !props.has('data') ? { at: [], schema } : undefined;
}

function listShape(
  doc: OpenApiDocument,
  entry: OperationEntry,
): { page: PaginationShape } | { arrayAt: string[] } | undefined {
  const schema = successSchema(doc, entry);
  const page = detectPagination(doc, schema);
  if (page) return page.item && isObject(doc, page.item) ? { page } : undefined;
  if (isType(schema, 'array')) return isObject(doc, schema?.items) ? { arrayAt: [] } : undefined;
  const data = objectProperties(doc, schema).get('data');
  return isType(data, 'array') && isObject(doc, data?.items) ? { arrayAt: ['data'] } : undefined;
}

function listItemSchema(
  doc: OpenApiDocument,
  entry: OperationEntry,
  list: { page: PaginationShape } | { arrayAt: string[] },
): SchemaObject | undefined {
  if ('page' in list) return list.page.item;
  const schema = successSchema(doc, entry);
  const array = list.arrayAt.length === 0 ? schema : objectProperties(doc, schema).get('data');
  return array?.items as SchemaObject | undefined;
}

function successSchema(doc: OpenApiDocument, entry: OperationEntry): SchemaObject | undefined {
  const status = successStatus(entry.operation, entry.method);
  return responseMedia(doc, entry.operation, status)?.media.schema;
}

function isObject(doc: OpenApiDocument, schema: unknown): boolean {
  return objectProperties(doc, schema).size > 0;
}
