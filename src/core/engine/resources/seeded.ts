import type { OpenApiDocument } from '../../types.js';
import { mediaBody, type BodyContext } from '../body.js';
import { declaredTotal } from '../page-body.js';
import { DEFAULT_TOTAL, detectPagination } from '../pagination.js';
import { responseMedia, successStatus, validExample } from '../responses.js';
import { requestSeed } from '../seed.js';
import type { Collection } from './recognise.js';

const counts = new WeakMap<Collection, Map<string, number>>();
/** Concrete paths remembered per collection (nested collections have one per parent). */
const MAX_PATHS = 1_000;

/**
 * How many items a collection at a concrete path starts with: the stateless list's own count
 * (its declared `total`, else 50, for a paginated list; the generated array's length for a plain
 * one), so that state starts from what the stateless mock shows; 50 when it has no list.
 */
export function seededCount(
  doc: OpenApiDocument,
  serverSeed: string,
  collection: Collection,
  path: string,
): number {
  let known = counts.get(collection);
  if (!known) counts.set(collection, (known = new Map()));
  let count = known.get(path);
  if (count === undefined) {
    count = countOf(doc, serverSeed, collection, path);
    if (known.size >= MAX_PATHS) known.clear();
    known.set(path, count);
  }
  return count;
}

function countOf(
  doc: OpenApiDocument,
  serverSeed: string,
  collection: Collection,
  path: string,
): number {
  const list = collection.list;
  const at = list && responseMedia(doc, list.operation, successStatus(list.operation, 'get'));
  if (!list || !at) return DEFAULT_TOTAL;
  const shape = detectPagination(doc, at.media.schema);
  if (shape) {
    const example = validExample(doc, at.media, 'success');
    return declaredTotal(doc, at.media, shape, example?.value) ?? DEFAULT_TOTAL;
  }
  const ctx: BodyContext = {
    doc,
    path: list.path,
    method: 'get',
    seed: requestSeed(serverSeed, 'get', path, 'success'),
    serverSeed,
    scenario: 'success',
    empty: false,
  };
  const body = mediaBody(ctx, at);
  const array = Array.isArray(body) ? body : (body as { data?: unknown } | undefined)?.data;
  return Array.isArray(array) ? array.length : DEFAULT_TOTAL;
}
