import type { OpenApiDocument, SchemaObject } from '../types.js';
import { isType, objectProperties } from './schema-shape.js';

/**
 * Laravel's two paginated shapes: an API Resource collection (`data` + `links` + `meta`, the
 * specification's envelope) and the flat `LengthAwarePaginator::toArray()`.
 * @see https://laravel.com/docs/pagination#paginating-api-resources
 */
export type PaginationKind = 'resource' | 'flat';

export interface PaginationShape {
  kind: PaginationKind;
  /** The schema of one item of `data`. */
  item: SchemaObject | undefined;
  /** Property names declared by the envelope (`meta` properties for the resource form). */
  declared: Set<string>;
}

export function detectPagination(
  doc: OpenApiDocument,
  schema: SchemaObject | undefined,
): PaginationShape | undefined {
  if (!schema) return undefined;
  const props = objectProperties(doc, schema);
  const data = props.get('data');
  if (!isType(data, 'array')) return undefined;
  const item = data?.items;
  if (isType(props.get('links'), 'object') && isType(props.get('meta'), 'object')) {
    const meta = objectProperties(doc, props.get('meta'));
    return { kind: 'resource', item, declared: new Set(meta.keys()) };
  }
  if (props.has('current_page') && props.has('per_page') && props.has('total')) {
    return { kind: 'flat', item, declared: new Set(props.keys()) };
  }
  return undefined;
}

export interface PageWindow {
  page: number;
  perPage: number;
  total: number;
  lastPage: number;
  /** 1-based position of the first item, null past the end. */
  from: number | null;
  to: number | null;
}

/** The specification's arithmetic. */
export function pageWindow(page: number, perPage: number, total: number): PageWindow {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const first = (page - 1) * perPage + 1;
  const inRange = first <= total;
  return {
    page,
    perPage,
    total,
    lastPage,
    from: inRange ? first : null,
    to: inRange ? Math.min(page * perPage, total) : null,
  };
}

export const DEFAULT_PER_PAGE = 15;
export const MAX_PER_PAGE = 100;
export const DEFAULT_TOTAL = 50;

/**
 * Reads `page`/`per_page`: a value that is not a positive integer falls back to the default,
 * unless the spec declares the parameter as an integer (then it is the client's mistake: 422).
 */
export function readPageParam(
  raw: string | null,
  fallback: number,
  declaredInteger: boolean,
): { value: number } | { invalid: true } {
  if (raw === null || raw === '') return { value: fallback };
  const n = Number(raw);
  if (Number.isInteger(n) && n >= 1) return { value: n };
  return declaredInteger ? { invalid: true } : { value: fallback };
}

/** An absolute URL for `page`, keeping the request's scheme, host, path and query. */
export function pageUrl(base: URL, page: number): string {
  const url = new URL(base.href);
  url.searchParams.set('page', String(page));
  return url.href;
}

export interface PageLinks {
  first: string;
  last: string;
  prev: string | null;
  next: string | null;
}

export function pageLinks(base: URL, window: PageWindow): PageLinks {
  return {
    first: pageUrl(base, 1),
    last: pageUrl(base, window.lastPage),
    prev: window.page > 1 ? pageUrl(base, window.page - 1) : null,
    next: window.page < window.lastPage ? pageUrl(base, window.page + 1) : null,
  };
}

/** Laravel's `meta.links`: Previous, a page window with `...` gaps, Next. */
export function laravelLinks(base: URL, window: PageWindow, links: PageLinks) {
  const pages: (number | '...')[] = [];
  const { page, lastPage } = window;
  for (let p = 1; p <= lastPage; p++) {
    const near = Math.abs(p - page) <= 2 || p <= 2 || p > lastPage - 2;
    if (near) pages.push(p);
    else if (pages[pages.length - 1] !== '...') pages.push('...');
  }
  return [
    { url: links.prev, label: '&laquo; Previous', active: false },
    ...pages.map((p) =>
      p === '...'
        ? { url: null, label: '...', active: false }
        : { url: pageUrl(base, p), label: String(p), active: p === page },
    ),
    { url: links.next, label: 'Next &raquo;', active: false },
  ];
}
