import type { Finding } from '../errors.js';
import { encodePointer } from '../refs.js';
import type { OpenApiDocument, SchemaObject } from '../types.js';
import { conforms } from './generate/index.js';
import { listOperations } from './operations.js';
import { detectPagination, type PageLinks, type PaginationShape } from './pagination.js';
import { responseMedia, successStatus } from './responses.js';
import { objectProperties } from './schema-shape.js';

/**
 * What the paginator sends where Laravel sends null, when the document's schema does not allow
 * null there: `from`/`to` 0 on an empty page ("showing 0 to 0 of 0"), `prev` the first page's
 * URL on the first page and `next` the last page's on the last, so that every body validates.
 */
const SUBSTITUTES: Readonly<Record<string, (links: PageLinks) => unknown>> = {
  from: () => 0,
  to: () => 0,
  prev: (links) => links.first,
  next: (links) => links.last,
  prev_page_url: (links) => links.first,
  next_page_url: (links) => links.last,
};

/** The objects that hold the paginator's fields: `meta` and `links`, or the flat body itself. */
function holders(shape: PaginationShape): string[][] {
  return shape.kind === 'resource' ? [['meta'], ['links']] : [[]];
}

/**
 * The page as the paginator made it, nulls the schema refuses replaced; where a field still does
 * not validate (an envelope that only looks like Laravel's: JSON:API's `links.self`, a bounded
 * `total`), the generated envelope's own value for it; the envelope whole as a last resort.
 */
export function settleEnvelope(
  doc: OpenApiDocument,
  schema: SchemaObject | undefined,
  shape: PaginationShape,
  page: Record<string, unknown>,
  envelope: Record<string, unknown>,
  links: PageLinks,
): unknown {
  if (!schema) return page;
  const parts = holders(shape).map((at) => ({
    at,
    ours: (at.length === 0 ? page : page[at[0]!]) as Record<string, unknown>,
    props: propertiesAt(doc, schema, at),
  }));
  for (const { ours, props } of parts) {
    for (const [key, substitute] of Object.entries(SUBSTITUTES)) {
      const prop = props.get(key);
      if (ours[key] === null && prop && !conforms(doc, prop, null)) ours[key] = substitute(links);
    }
  }
  if (conforms(doc, schema, page)) return page;
  for (const { at, ours, props } of parts) {
    const theirs = (at.length === 0 ? envelope : envelope[at[0]!]) as Record<string, unknown>;
    for (const key of Object.keys(ours)) {
      const prop = props.get(key);
      if (key === 'data' || !prop || conforms(doc, prop, ours[key])) continue;
      if (theirs && typeof theirs === 'object' && key in theirs) ours[key] = theirs[key];
      else delete ours[key];
    }
  }
  return conforms(doc, schema, page) ? page : envelope;
}

function propertiesAt(doc: OpenApiDocument, schema: SchemaObject, at: string[]) {
  const props = objectProperties(doc, schema);
  return at.length === 0 ? props : objectProperties(doc, props.get(at[0]!));
}

/**
 * One warning for the document's paginated lists whose `from`/`to`/`prev`/`next` do not allow
 * the null Laravel sends (on an empty page, at either end): what the mock sends instead.
 */
export function paginationWarnings(doc: OpenApiDocument): Finding[] {
  const found: { pointer: string; fields: string[]; name: string }[] = [];
  for (const entry of listOperations(doc)) {
    const at = responseMedia(doc, entry.operation, successStatus(entry.operation, entry.method));
    const shape = at && detectPagination(doc, at.media.schema);
    if (!at || !shape || !at.media.schema) continue;
    const fields = holders(shape).flatMap((holder) => {
      const props = propertiesAt(doc, at.media.schema!, holder);
      return Object.keys(SUBSTITUTES)
        .filter((key) => props.has(key) && !conforms(doc, props.get(key)!, null))
        .map((key) => [...holder, key].join('.'));
    });
    if (fields.length === 0) continue;
    const where = ['paths', entry.path, entry.method, 'responses', at.code, 'content', at.type];
    const name = `${entry.method.toUpperCase()} ${entry.path}`;
    found.push({ pointer: encodePointer([...where, 'schema']), fields, name });
  }
  const first = found[0];
  if (!first) return [];
  const others = found.length > 1 ? ` (and ${found.length - 1} other paginated list(s))` : '';
  return [
    {
      pointer: first.pointer,
      message:
        `${first.fields.join(', ')} of ${first.name}${others} may not be null, where Laravel ` +
        'sends null (from/to on an empty page, prev/next at either end): the mock sends 0 for ' +
        "from/to and the first or last page's URL for prev/next instead",
    },
  ];
}
