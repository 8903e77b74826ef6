import type { SchemaObject } from '../../core/types.js';
import type { Components } from './components.js';

type Kind = 'length' | 'simple' | 'cursor';

const INT: SchemaObject = { type: 'integer' };
const NULL_INT: SchemaObject = { type: 'integer', nullable: true };
const URL: SchemaObject = { type: 'string', format: 'uri' };
const NULL_URL: SchemaObject = { type: 'string', format: 'uri', nullable: true };
const NULL_STRING: SchemaObject = { type: 'string', nullable: true };

function object(properties: Record<string, SchemaObject>): SchemaObject {
  return { type: 'object', required: Object.keys(properties), properties };
}

/** `meta.links` / the flat paginator's `links`: the page buttons Laravel renders. */
const PAGE_LINKS: SchemaObject = {
  type: 'array',
  items: object({ url: NULL_URL, label: { type: 'string' }, active: { type: 'boolean' } }),
};

/**
 * The `links` and `meta` of a paginated resource collection, per paginator.
 * @see https://laravel.com/docs/eloquent-resources#pagination
 */
const ENVELOPES: Record<
  Kind,
  { links: Record<string, SchemaObject>; meta: Record<string, SchemaObject> }
> = {
  length: {
    links: { first: URL, last: URL, prev: NULL_URL, next: NULL_URL },
    meta: {
      current_page: INT,
      from: NULL_INT,
      last_page: INT,
      links: PAGE_LINKS,
      path: URL,
      per_page: INT,
      to: NULL_INT,
      total: INT,
    },
  },
  simple: {
    links: { first: URL, last: NULL_URL, prev: NULL_URL, next: NULL_URL },
    meta: { current_page: INT, from: NULL_INT, path: URL, per_page: INT, to: NULL_INT },
  },
  cursor: {
    links: { first: NULL_URL, last: NULL_URL, prev: NULL_URL, next: NULL_URL },
    meta: { path: URL, per_page: INT, next_cursor: NULL_STRING, prev_cursor: NULL_STRING },
  },
};

const COMPONENT_NAMES: Record<Kind, string> = { length: '', simple: 'Simple', cursor: 'Cursor' };

/** A paginated resource collection: `data`, `links`, `meta` (plus anything `with`/`additional` add). */
export function resourceEnvelope(
  kind: Kind,
  items: SchemaObject,
  components: Components,
  extra: Record<string, SchemaObject> = {},
): SchemaObject {
  const envelope = ENVELOPES[kind];
  const prefix = COMPONENT_NAMES[kind];
  const links = components.fixed(`${prefix}PaginationLinks`, () => object(envelope.links));
  const meta = components.fixed(`${prefix}PaginationMeta`, () => object(envelope.meta));
  return object({ data: { type: 'array', items }, links, meta, ...extra });
}

/**
 * A paginator serialised as it is (`return User::paginate()`): Laravel's flat form.
 * @see https://laravel.com/docs/pagination#converting-results-to-json
 */
export function flatPaginator(kind: Kind, items: SchemaObject): SchemaObject {
  const data: SchemaObject = { type: 'array', items };
  if (kind === 'cursor') {
    return object({
      data,
      path: URL,
      per_page: INT,
      next_cursor: NULL_STRING,
      next_page_url: NULL_URL,
      prev_cursor: NULL_STRING,
      prev_page_url: NULL_URL,
    });
  }
  if (kind === 'simple') {
    return object({
      current_page: INT,
      data,
      first_page_url: URL,
      from: NULL_INT,
      next_page_url: NULL_URL,
      path: URL,
      per_page: INT,
      prev_page_url: NULL_URL,
      to: NULL_INT,
    });
  }
  return object({
    current_page: INT,
    data,
    first_page_url: URL,
    from: NULL_INT,
    last_page: INT,
    last_page_url: URL,
    links: PAGE_LINKS,
    next_page_url: NULL_URL,
    path: URL,
    per_page: INT,
    prev_page_url: NULL_URL,
    to: NULL_INT,
    total: INT,
  });
}
