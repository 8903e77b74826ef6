import type { OperationEntry } from '../core/engine/operations.js';

type Row = Record<string, unknown>;

/** Fields that may hold an item's route key, by the type of the path parameter. */
const KEY_FIELDS = {
  integer: ['id', 'number'],
  string: ['slug', 'uuid', 'key', 'code', 'id', 'name', 'number'],
};

/**
 * What a backend's answers say exists, for the requests after them: the items each collection
 * listed, and those created in it (newest first), by the collection's path template
 * (`/api/posts`, `/api/posts/{post}/comments`). An item path's parameter is then filled from
 * its collection; a body's `category_id` from the collection whose last segment is `categories`.
 */
export class IdStore {
  private readonly listed = new Map<string, Row[]>();
  private readonly created = new Map<string, Row[]>();

  /** Takes what an answer shows: a list's items, a created item (its body or its `Location`). */
  record(entry: OperationEntry, status: number, headers: Headers, body: unknown): void {
    if (status < 200 || status >= 300 || endsWithParameter(entry.path)) return;
    if (entry.method === 'get') {
      const items = listOf(body);
      if (items) this.listed.set(entry.path, items);
      return;
    }
    if (entry.method !== 'post') return;
    const row: Row = { ...objectOf(body) };
    const location = headers.get('location');
    const key = location ? lastSegment(location) : undefined;
    if (key) row.__location = key;
    if (Object.keys(row).length > 0) {
      this.created.set(entry.path, [row, ...(this.created.get(entry.path) ?? [])]);
    }
  }

  /** Forgets an item its DELETE removed, so that no later request picks it. */
  forget(collection: string, value: string): void {
    for (const rows of [this.listed.get(collection), this.created.get(collection)]) {
      if (!rows) continue;
      const at = rows.findIndex((row) => Object.values(row).some((v) => String(v) === value));
      if (at >= 0) rows.splice(at, 1);
    }
  }

  /**
   * A value for path parameter `name` of `entry` that `accepts` takes: from the items created
   * in its collection, else listed (for the item a DELETE removes, the last listed: seeded data
   * the rest of the run relies on comes first).
   */
  valueFor(
    entry: OperationEntry,
    name: string,
    type: 'integer' | 'string',
    accepts: (value: string) => boolean,
  ): string | undefined {
    const collection = this.known(collectionOf(entry.path, name));
    if (collection === undefined) return undefined;
    const listed = this.listed.get(collection) ?? [];
    // The item a DELETE removes; its parents are chosen as for every other request.
    const removed = entry.method === 'delete' && lastParameter(entry.path) === name;
    const rows = [
      ...(this.created.get(collection) ?? []),
      ...(removed ? [...listed].reverse() : listed),
    ];
    const fields = [name, `${name}_id`, `${name}Id`, ...KEY_FIELDS[type], '__location'];
    for (const row of rows) {
      for (const field of fields) {
        const value = row[field];
        if ((typeof value === 'number' || typeof value === 'string') && accepts(String(value)))
          return String(value);
      }
    }
    return undefined;
  }

  /** The id of an item in the collection a `<thing>_id` body field refers to, if one is known. */
  reference(field: string): number | string | undefined {
    const thing = /^(.+?)_?[iI]d$/.exec(field)?.[1]?.toLowerCase();
    if (!thing) return undefined;
    const plurals = new Set([`${thing}s`, `${thing}es`, thing.replace(/y$/, 'ies'), thing]);
    for (const [path, rows] of [...this.listed, ...this.created]) {
      if (!plurals.has(lastSegment(path) ?? '')) continue;
      const id = rows.find((row) => typeof row.id === 'number' || typeof row.id === 'string')?.id;
      if (id !== undefined) return id as number | string;
    }
    return undefined;
  }

  /** The collection itself when it has data; else one with the same last segment that has. */
  private known(collection: string): string | undefined {
    if (this.listed.has(collection) || this.created.has(collection)) return collection;
    const segment = lastSegment(collection);
    return [...this.listed.keys(), ...this.created.keys()].find(
      (path) => lastSegment(path) === segment,
    );
  }
}

/** `/api/posts/{post}/comments/{comment}` and `post` → `/api/posts`. */
export function collectionOf(path: string, param: string): string {
  const segments = path.split('/');
  const at = segments.findIndex((segment) => segment.includes(`{${param}}`));
  return at < 0 ? path : segments.slice(0, at).join('/');
}

/** `/api/posts/{post}/comments/{comment}` → `comment`. */
export function lastParameter(path: string): string | undefined {
  return /\{([^}]+)\}\/?$/.exec(path)?.[1];
}

function endsWithParameter(path: string): boolean {
  return /\}\/?$/.test(path);
}

function lastSegment(path: string): string | undefined {
  const clean = path.split(/[?#]/)[0]!;
  return clean.split('/').filter(Boolean).at(-1);
}

/** A list's rows: the body itself, its `data`, or its first array of objects. */
function listOf(body: unknown): Row[] | undefined {
  const rows = (value: unknown) =>
    Array.isArray(value) ? value.filter((v): v is Row => isRow(v)) : undefined;
  if (Array.isArray(body)) return rows(body);
  if (!isRow(body)) return undefined;
  if (Array.isArray(body.data)) return rows(body.data);
  const first = Object.values(body).find((v) => Array.isArray(v) && v.some(isRow));
  return rows(first);
}

/**
 * A created item: the body's `data` (an API resource), else the body when it has an `id`,
 * else its one member that has (a resource with its own `$wrap`: `{"product": {...}}`).
 */
function objectOf(body: unknown): Row | undefined {
  if (!isRow(body)) return undefined;
  if (isRow(body.data)) return body.data;
  if ('id' in body) return body;
  return Object.values(body).find((v): v is Row => isRow(v) && 'id' in v) ?? body;
}

function isRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
