import type { MediaTypeObject, OpenApiDocument, SchemaObject } from '../types.js';
import { usableExample, type BodyContext } from './body.js';
import { settleEnvelope } from './envelope.js';
import { conforms, generate } from './generate/index.js';
import {
  DEFAULT_TOTAL,
  laravelLinks,
  pageLinks,
  pageWindow,
  type PaginationShape,
} from './pagination.js';
import type { ResponseMedia } from './responses.js';
import { objectProperties } from './schema-shape.js';

export interface PageRequest {
  page: number;
  perPage: number;
  /** The request's absolute URL, for the links. */
  url: URL;
}

/** Where a page's items come from: a collection's seeded or stored items. */
export interface PageItems {
  /** How many items the list holds; undefined: the declared total, else 50. */
  total?: number;
  /** The items at 1-based positions `from`..`to`. */
  at(from: number, to: number): unknown[];
}

/**
 * A paginated list: the envelope from the example or schema, with the contract's arithmetic,
 * links built from the request, and items per position (stable for the same page), or from
 * `items` when the list is a collection's.
 */
export function paginatedBody(
  ctx: BodyContext,
  at: ResponseMedia,
  shape: PaginationShape,
  req: PageRequest,
  items?: PageItems,
): unknown {
  const { media } = at;
  const example = usableExample(ctx, at);
  const envelope = (
    example ? structuredClone(example.value) : generatedEnvelope(ctx, media)
  ) as Record<string, unknown>;
  const total = ctx.empty
    ? 0
    : (items?.total ?? declaredTotal(ctx.doc, media, shape, example?.value) ?? DEFAULT_TOTAL);
  const window = pageWindow(req.page, req.perPage, total);
  const data =
    window.from === null || window.to === null
      ? []
      : items
        ? items.at(window.from, window.to)
        : pageItems(ctx, shape, window.from, window.to);
  // Laravel's `$request->url()`: no trailing slash, whatever the request had.
  const url = new URL(req.url.href);
  url.pathname = url.pathname.replace(/(.)\/+$/, '$1');
  const links = pageLinks(url, window);
  const base = new URL(url.href);
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
  if (shape.declared.has('links')) meta.links = laravelLinks(url, window, links);
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
  return settleEnvelope(ctx.doc, media.schema, shape, page, envelope, links);
}

const envelopes = new WeakMap<MediaTypeObject, Map<string, unknown>>();
const MAX_ENVELOPES = 1_000;

/**
 * The envelope generated for a seed, made once: a stateful list is answered anew on every request
 * (the stateless one is cached whole). Shared, so the page is built beside it, never in it.
 */
function generatedEnvelope(ctx: BodyContext, media: MediaTypeObject): unknown {
  let made = envelopes.get(media);
  if (!made) envelopes.set(media, (made = new Map()));
  let envelope = made.get(ctx.seed);
  if (envelope === undefined) {
    envelope = generate(ctx.doc, media.schema, { seed: ctx.seed });
    if (made.size >= MAX_ENVELOPES) made.clear();
    made.set(ctx.seed, envelope);
  }
  return envelope;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** `total` from the declared example, else from the `total` property's own example. */
export function declaredTotal(
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

/** Items generated per position, for a list that is no collection's. */
function pageItems(ctx: BodyContext, shape: PaginationShape, from: number, to: number): unknown[] {
  const idHasExample = itemIdHasExample(ctx.doc, shape.item);
  const items: unknown[] = [];
  for (let position = from; position <= to; position++) {
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
