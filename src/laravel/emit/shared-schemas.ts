import {
  HTTP_METHODS,
  type MediaTypeObject,
  type OperationObject,
  type Reference,
  type PathItemObject,
  type SchemaObject,
} from '../../core/types.js';
import { sharedName, type NameHint, type Site } from './shared-names.js';

const SCHEMAS = '#/components/schemas/';

/**
 * How large (compact JSON characters) a schema must be to become a component when it is
 * written more than once: a `$ref` and a component cost about a hundred characters pretty.
 */
const MIN_SIZE = 200;

/** Where a schema may hold other schemas (OpenAPI 3.0's subset of JSON Schema). */
const ONE = ['items', 'additionalProperties', 'not'] as const;
const MANY = ['allOf', 'oneOf', 'anyOf'] as const;

/** One distinct schema: its content with the schemas it holds as ids, and where it is used. */
interface Entry {
  schema: SchemaObject;
  kids: number[];
  size: number;
  sites: Site[];
  /** The component it already is (a model, a resource, a FormRequest), when one. */
  component?: string;
}

/**
 * Every schema the document writes more than once, made one named component referenced by
 * `$ref` (a model's shape serialised in several responses, the same union of error bodies on
 * many operations, one FormRequest's body on several routes), and every inline copy of an
 * existing component replaced by a `$ref` to it. Equal means structurally equal; a schema only
 * used inside one that becomes a component is counted once. The result is a function of the
 * document alone (names from where each schema is used, in document order), so every way of
 * building the document writes the same bytes. Nothing is mutated.
 * @see https://spec.openapis.org/oas/v3.0.3#components-object
 */
export function shareRepeatedSchemas(
  paths: Record<string, PathItemObject>,
  components: ReadonlyMap<string, SchemaObject>,
  hint?: NameHint,
): { paths: Record<string, PathItemObject>; schemas: Map<string, SchemaObject> } {
  const table = new SchemaTable();
  for (const [name, schema] of components) table.component(name, schema);
  forEachRoot(paths, (schema, site) => table.root(schema, site));
  const names = table.decide(hint, new Set(components.keys()));
  const rewrite = new Rewriter(table, names);
  const schemas = new Map<string, SchemaObject>();
  for (const [name, schema] of components) schemas.set(name, rewrite.body(schema));
  for (const [id, name] of names) schemas.set(name, rewrite.body(table.entries[id]!.schema));
  return { paths: mapRoots(paths, (schema) => rewrite.schema(schema)), schemas };
}

/** Distinct schemas, each interned once, children before parents. */
class SchemaTable {
  readonly entries: Entry[] = [];
  private readonly byKey = new Map<string, number>();
  private readonly byObject = new WeakMap<object, number>();
  /** Occurrences as the root of a body (or a component's own), by id. */
  readonly roots = new Map<number, number>();

  component(name: string, schema: SchemaObject): void {
    const id = this.intern(schema, { component: name });
    this.entries[id]!.component ??= name;
    this.roots.set(id, (this.roots.get(id) ?? 0) + 1);
  }

  root(schema: SchemaObject, site: Site): void {
    const id = this.intern(schema, site);
    this.entries[id]!.sites.push(site);
    this.roots.set(id, (this.roots.get(id) ?? 0) + 1);
  }

  /**
   * The schema's id, the same for structurally equal schemas; its children are interned and
   * told where they are (under `site`) at every occurrence, so where a schema is used never
   * depends on whether two occurrences happen to be one object (a run that reuses cached
   * operations shares fewer objects than one that builds them all).
   */
  intern(schema: SchemaObject, site: Site): number {
    const known = this.byObject.get(schema);
    const kids: number[] = [];
    const shallow: Record<string, unknown> = { ...schema };
    for (const { child, where, key, at } of children(schema, site)) {
      const id = this.intern(child, where);
      this.entries[id]!.sites.push(where);
      if (known !== undefined) continue;
      kids.push(id);
      if (at === undefined) shallow[key] = id;
      else {
        if (shallow[key] === schema[key]) shallow[key] = typeof at === 'number' ? [] : {};
        (shallow[key] as Record<string | number, number>)[at] = id;
      }
    }
    if (known !== undefined) return known;
    const key = JSON.stringify(shallow);
    let id = this.byKey.get(key);
    if (id === undefined) {
      id = this.entries.length;
      const size = key.length + kids.reduce((sum, kid) => sum + this.entries[kid]!.size, 0);
      this.entries.push({ schema, kids, size, sites: [] });
      this.byKey.set(key, id);
    }
    this.byObject.set(schema, id);
    return id;
  }

  /** The id of a schema met already (interned as it was met). */
  idOf(schema: SchemaObject): number {
    return this.byObject.get(schema) ?? this.intern(schema, {});
  }

  /**
   * Which schemas become components, parents first: a schema is written as often as its
   * parents that are written inline are, plus once per parent that is a component; it becomes
   * one when written twice or more and large enough, or when it equals an existing component.
   */
  decide(hint: NameHint | undefined, taken: Set<string>): Map<number, string> {
    const written = new Map(this.roots);
    const names = new Map<number, string>();
    for (let id = this.entries.length - 1; id >= 0; id--) {
      const entry = this.entries[id]!;
      const times = written.get(id) ?? 0;
      const shared =
        entry.component === undefined &&
        times >= 2 &&
        entry.size >= MIN_SIZE &&
        entry.schema.$ref === undefined;
      if (shared) names.set(id, sharedName(entry.schema, entry.sites, taken, hint));
      const each = shared || entry.component !== undefined ? 1 : times;
      for (const kid of entry.kids) written.set(kid, (written.get(kid) ?? 0) + each);
    }
    return names;
  }
}

/** A schema without structure or values of its own: no properties, items, members or enum. */
function saysLittle(schema: SchemaObject): boolean {
  return (
    schema.$ref === undefined &&
    schema.properties === undefined &&
    schema.items === undefined &&
    schema.enum === undefined &&
    MANY.every((key) => schema[key] === undefined) &&
    (schema.additionalProperties === undefined || typeof schema.additionalProperties === 'boolean')
  );
}

function isSchema(value: unknown): value is SchemaObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Schemas written with components as `$ref`s, each distinct schema rewritten once. */
class Rewriter {
  private readonly done = new Map<number, SchemaObject>();

  constructor(
    private readonly table: SchemaTable,
    private readonly names: ReadonlyMap<number, string>,
  ) {}

  /**
   * A schema where it is used: a `$ref` when it is (or equals) a component. A schema that
   * says next to nothing (`{}`, any object) stays inline even when some component is just
   * that (a resource whose shape is not known): it is not that component.
   */
  schema(schema: SchemaObject): SchemaObject {
    const id = this.table.idOf(schema);
    const entry = this.table.entries[id]!;
    const name = this.names.get(id) ?? (saysLittle(schema) ? undefined : entry.component);
    return name !== undefined ? { $ref: SCHEMAS + name } : this.body(schema);
  }

  /** A component's own content, its children rewritten. */
  body(schema: SchemaObject): SchemaObject {
    const id = this.table.idOf(schema);
    const done = this.done.get(id);
    if (done) return done;
    const out: SchemaObject = { ...schema };
    if (schema.properties)
      out.properties = Object.fromEntries(
        Object.entries(schema.properties).map(([key, child]) => [key, this.schema(child)]),
      );
    for (const key of ONE) {
      const child = schema[key];
      if (isSchema(child)) (out as Record<string, unknown>)[key] = this.schema(child);
    }
    for (const key of MANY) {
      const list = schema[key];
      if (list) out[key] = list.map((child) => this.schema(child));
    }
    this.done.set(id, out);
    return out;
  }
}

/** A schema held by another: where it is used, and the slot of its parent it fills. */
interface Child {
  child: SchemaObject;
  where: Site;
  key: 'properties' | (typeof ONE)[number] | (typeof MANY)[number];
  /** The property's name or the member's position, for `properties` and lists. */
  at?: string | number;
}

/** The schemas `schema` holds, in a fixed order, each told where it is (under `site`). */
function children(schema: SchemaObject, site: Site): Child[] {
  const out: Child[] = [];
  for (const [at, child] of Object.entries(schema.properties ?? {}))
    out.push({ child, where: { ...site, key: at, items: false }, key: 'properties', at });
  for (const key of ONE) {
    const child = schema[key];
    if (isSchema(child))
      out.push({ child, where: key === 'items' ? { ...site, items: true } : site, key });
  }
  for (const key of MANY)
    (schema[key] ?? []).forEach((child, at) => out.push({ child, where: site, key, at }));
  return out;
}

type Visit = (schema: SchemaObject, site: Site) => void;

/** Every request and response body schema, in document order. */
function forEachRoot(paths: Record<string, PathItemObject>, visit: Visit): void {
  for (const [path, item] of Object.entries(paths))
    for (const method of HTTP_METHODS) {
      const op = item[method] as OperationObject | undefined;
      if (!op) continue;
      for (const media of mediaOf(op.requestBody))
        if (media.schema) visit(media.schema, { path, body: true });
      for (const [status, response] of Object.entries(op.responses ?? {}))
        for (const media of mediaOf(response))
          if (media.schema) visit(media.schema, { path, status });
    }
}

type WithContent = { content?: Record<string, MediaTypeObject> };

/** A body's media types (none for a `$ref` to a component). */
function mediaOf(body: WithContent | Reference | undefined): MediaTypeObject[] {
  return body && 'content' in body ? Object.values(body.content ?? {}) : [];
}

/** The paths with every body schema replaced (copies on the way; the input is left as it is). */
function mapRoots(
  paths: Record<string, PathItemObject>,
  map: (schema: SchemaObject) => SchemaObject,
): Record<string, PathItemObject> {
  const content = <T extends WithContent | Reference>(o: T): T =>
    'content' in o && o.content
      ? {
          ...o,
          content: Object.fromEntries(
            Object.entries(o.content).map(([type, media]) => [
              type,
              media.schema ? { ...media, schema: map(media.schema) } : media,
            ]),
          ),
        }
      : o;
  return Object.fromEntries(
    Object.entries(paths).map(([path, item]) => {
      const out: PathItemObject = { ...item };
      for (const method of HTTP_METHODS) {
        const op = item[method] as OperationObject | undefined;
        if (!op) continue;
        const copy: OperationObject = { ...op };
        if (op.requestBody) copy.requestBody = content(op.requestBody);
        if (op.responses)
          copy.responses = Object.fromEntries(
            Object.entries(op.responses).map(([status, r]) => [status, content(r)]),
          );
        out[method] = copy;
      }
      return [path, out];
    }),
  );
}
