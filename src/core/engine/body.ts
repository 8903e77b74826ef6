import type { MediaTypeObject, OpenApiDocument, SchemaObject } from '../types.js';
import { conforms, generate } from './generate/index.js';
import {
  DEFAULT_TOTAL,
  laravelLinks,
  pageLinks,
  pageWindow,
  type PageWindow,
  type PaginationShape,
} from './pagination.js';
import { idSchema } from './plan.js';
import { objectProperties } from './schema-shape.js';
import { examplePointer, validExample, type ResponseMedia } from './responses.js';
import { isXmlMediaType, toXml } from './xml.js';

export interface BodyContext {
  doc: OpenApiDocument;
  /** The operation answered, for warnings about its examples. */
  path: string;
  method: string;
  /** Told once per stale example found while answering. */
  onStaleExample?: (pointer: string) => void;
  seed: string;
  /** The scenario, whose name also selects a matching named example. */
  scenario: string;
  empty: boolean;
}

/**
 * The body in the declared media type's own form: XML for an XML type (a string example that
 * already is XML stays as written), and a concrete type for a declared range (`*\/*`, `image/*`),
 * which a Content-Type header cannot carry.
 */
export function declaredForm(
  doc: OpenApiDocument,
  at: ResponseMedia,
  body: unknown,
): { contentType: string; body: unknown } {
  const contentType = concreteType(at.type, body);
  if (!isXmlMediaType(contentType)) return { contentType, body };
  if (typeof body === 'string' && body.trimStart().startsWith('<')) return { contentType, body };
  return { contentType, body: toXml(doc, at.media.schema, body) };
}

const RANGE_DEFAULTS: Readonly<Record<string, string>> = {
  '*': 'application/json',
  application: 'application/json',
  text: 'text/plain',
  image: 'image/png',
};

function concreteType(type: string, body: unknown): string {
  const [range = '', params = ''] = type.split(/;(.*)/s);
  const [main = '', sub = ''] = range.trim().split('/');
  if (sub !== '*') return type;
  const json = typeof body === 'object' && body !== null;
  const chosen = json ? 'application/json' : (RANGE_DEFAULTS[main] ?? `${main}/octet-stream`);
  return params ? `${chosen};${params}` : chosen;
}

/** A body from a media type: a valid example, else data generated from its schema. */
export function mediaBody(ctx: BodyContext, at: ResponseMedia): unknown {
  const { media } = at;
  const example = usableExample(ctx, at);
  if (example && (!ctx.empty || example.name === 'empty')) return structuredClone(example.value);
  return generate(ctx.doc, media.schema, { seed: ctx.seed, empty: ctx.empty });
}

/** The scenario's example, if one validates; stale ones are reported as met. */
export function usableExample(ctx: BodyContext, at: ResponseMedia) {
  const report = ctx.onStaleExample;
  return validExample(
    ctx.doc,
    at.media,
    ctx.scenario,
    report && ((c) => report(examplePointer(ctx.path, ctx.method, at, c))),
  );
}

/** Makes an item response's `id` (or `data.id`) the one in its URL, when that value is valid there. */
export function echoId(
  doc: OpenApiDocument,
  schema: SchemaObject | undefined,
  body: unknown,
  raw: string,
): void {
  const target = idSchema(doc, schema);
  if (!target || typeof body !== 'object' || body === null) return;
  const numeric = /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : undefined;
  const value = [numeric, raw].find((v) => v !== undefined && conforms(doc, target.schema, v));
  if (value === undefined) return;
  let node = body as Record<string, unknown>;
  for (const key of target.path.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null) return;
    node = node[key] as Record<string, unknown>;
  }
  const key = target.path[target.path.length - 1]!;
  // Replaced, never added: a body left without `id` had to be (a closed `allOf`, say).
  if (Object.hasOwn(node, key)) node[key] = value;
}

export interface PageRequest {
  page: number;
  perPage: number;
  /** The request's absolute URL, for the links. */
  url: URL;
}

/**
 * A paginated list: the envelope from the example or schema, with the contract's arithmetic,
 * links built from the request, and items generated per position (stable for the same page).
 */
export function paginatedBody(
  ctx: BodyContext,
  at: ResponseMedia,
  shape: PaginationShape,
  req: PageRequest,
): unknown {
  const { media } = at;
  const example = usableExample(ctx, at);
  const envelope = (
    example ? structuredClone(example.value) : generate(ctx.doc, media.schema, { seed: ctx.seed })
  ) as Record<string, unknown>;
  const total = ctx.empty
    ? 0
    : (declaredTotal(ctx.doc, media, shape, example?.value) ?? DEFAULT_TOTAL);
  const window = pageWindow(req.page, req.perPage, total);
  const data = pageItems(ctx, shape, window);
  const links = pageLinks(req.url, window);
  const base = new URL(req.url.href);
  base.search = '';
  const meta: Record<string, unknown> = {
    current_page: window.page,
    from: window.from,
    last_page: window.lastPage,
    per_page: window.perPage,
    to: window.to,
    total: window.total,
  };
  if (shape.declared.has('path')) meta.path = base.href;
  if (shape.declared.has('links')) meta.links = laravelLinks(req.url, window, links);
  const page =
    shape.kind === 'resource'
      ? {
          ...envelope,
          data,
          links: { ...asRecord(envelope.links), ...links },
          meta: { ...asRecord(envelope.meta), ...meta },
        }
      : {
          ...envelope,
          ...meta,
          data,
          first_page_url: links.first,
          last_page_url: links.last,
          prev_page_url: links.prev,
          next_page_url: links.next,
        };
  // An envelope that only looks like Laravel's (JSON:API's `links.self`, a `prev` that may not
  // be null) keeps its own valid values rather than the paginator's.
  return !media.schema || conforms(ctx.doc, media.schema, page) ? page : envelope;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** `total` from the declared example, else from the `total` property's own example. */
function declaredTotal(
  doc: OpenApiDocument,
  media: MediaTypeObject,
  shape: PaginationShape,
  example: unknown,
): number | undefined {
  const isTotal = (v: unknown): v is number =>
    typeof v === 'number' && Number.isInteger(v) && v >= 0;
  const envelope = (example ?? {}) as Record<string, unknown>;
  const holder =
    shape.kind === 'resource' ? (envelope.meta as Record<string, unknown> | undefined) : envelope;
  if (isTotal(holder?.total)) return holder.total;
  const props = objectProperties(doc, media.schema);
  const owner = shape.kind === 'resource' ? objectProperties(doc, props.get('meta')) : props;
  const schemaExample = owner.get('total')?.example;
  return isTotal(schemaExample) ? schemaExample : undefined;
}

function pageItems(ctx: BodyContext, shape: PaginationShape, window: PageWindow): unknown[] {
  if (window.from === null || window.to === null) return [];
  const idHasExample = itemIdHasExample(ctx.doc, shape.item);
  const items: unknown[] = [];
  for (let position = window.from; position <= window.to; position++) {
    const item = generate(ctx.doc, shape.item, { seed: `${ctx.seed}|item|${position}` });
    if (!idHasExample && typeof item === 'object' && item !== null && 'id' in item) {
      const withId = { ...(item as Record<string, unknown>), id: position };
      items.push(shape.item && conforms(ctx.doc, shape.item, withId) ? withId : item);
    } else items.push(item);
  }
  return items;
}

function itemIdHasExample(doc: OpenApiDocument, item: SchemaObject | undefined): boolean {
  const id = objectProperties(doc, item).get('id');
  return id?.example !== undefined || id?.examples !== undefined;
}
