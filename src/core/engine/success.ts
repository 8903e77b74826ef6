import { echoId, mediaBody, type BodyContext } from './body.js';
import { paginatedBody, type PageItems, type PageRequest } from './page-body.js';
import { MAX_PER_PAGE, readPageParam } from './pagination.js';
import type { ResponsePlan } from './plan.js';
import { placeAt, resourceItem, seededId, valueAt, type ItemSource } from './resources/items.js';
import type { ResourceRole } from './resources/recognise.js';
import { seededCount } from './resources/seeded.js';
import { concretePath } from './resources/shape.js';
import type { ResponseMedia } from './responses.js';

/** The request a success body answers: its absolute URL (for page links) and path values. */
export interface SuccessRequest {
  url: URL;
  params: Record<string, string>;
}

/**
 * The success body of a stateless answer, as the mock sends it and the exporters save it: a
 * page of a list, a collection's item (the same object for the same id wherever it is shown),
 * or the response's own body with the item's id echoed.
 */
export function successBody(
  ctx: BodyContext,
  plan: ResponsePlan,
  at: ResponseMedia,
  request: SuccessRequest,
): unknown {
  // `empty` empties lists; an item is the same item whatever the scenario.
  const role = ctx.empty && plan.resource?.kind === 'list' ? undefined : plan.resource;
  if (plan.pagination) {
    const items = role?.kind === 'list' ? seededPage(ctx, role, request.params) : undefined;
    return paginatedBody(ctx, at, plan.pagination, pageRequest(plan, request.url), items);
  }
  const body = mediaBody(ctx, at);
  const placed = role && resourceBody(ctx, role, at, body, request.params);
  if (placed !== undefined) return placed;
  const id = plan.idParam ? request.params[plan.idParam] : undefined;
  if (id !== undefined) echoId(ctx.doc, at.media.schema, body, id);
  return body;
}

/** `page` and `per_page` of a list request, falling back to the defaults (422s are decided before). */
export function pageRequest(plan: ResponsePlan, url: URL): PageRequest {
  const page = readPageParam(url.searchParams.get('page'), 1, false);
  const perPage = readPageParam(
    url.searchParams.get('per_page'),
    plan.paging.perPageDefault,
    false,
  );
  return {
    page: 'value' in page ? page.value : 1,
    perPage: Math.min(
      'value' in perPage ? perPage.value : plan.paging.perPageDefault,
      MAX_PER_PAGE,
    ),
    url,
  };
}

/** The collection's items for this request's concrete path. */
export function itemSource(
  ctx: BodyContext,
  role: ResourceRole,
  params: Record<string, string>,
): ItemSource {
  const path = concretePath(role.segments, params);
  return { doc: ctx.doc, seed: ctx.serverSeed, collection: role.collection, path };
}

function seededPage(
  ctx: BodyContext,
  role: ResourceRole,
  params: Record<string, string>,
): PageItems | undefined {
  if (!role.list || !('page' in role.list)) return undefined;
  const source = itemSource(ctx, role, params);
  const schema = role.list.page.item;
  return {
    at: (from, to) => {
      const items: unknown[] = [];
      for (let p = from; p <= to; p++)
        items.push(resourceItem(source, seededId(source, p), schema));
      return items;
    },
  };
}

/** The body with the collection's item (or items) in place; undefined when it has no place. */
function resourceBody(
  ctx: BodyContext,
  role: ResourceRole,
  at: ResponseMedia,
  body: unknown,
  params: Record<string, string>,
): unknown {
  const source = itemSource(ctx, role, params);
  let placed: unknown;
  if (role.kind === 'list' && role.list && 'arrayAt' in role.list) {
    const list = valueAt(body, role.list.arrayAt);
    if (!Array.isArray(list)) return undefined;
    const items = list.map((_, i) =>
      resourceItem(source, seededId(source, i + 1), role.itemSchema),
    );
    placed = placeAt(body, role.list.arrayAt, items);
  } else if (role.itemAt) {
    const id =
      role.kind === 'create'
        ? seededId(source, seededCount(ctx.doc, ctx.serverSeed, role.collection, source.path) + 1)
        : role.param !== undefined
          ? params[role.param]
          : undefined;
    if (id === undefined) return undefined;
    placed = placeAt(body, role.itemAt, resourceItem(source, id, role.itemSchema));
  } else return undefined;
  // No check of the whole body: the item comes from the very schema of its place (its id and
  // any example checked against it), which a large response's validator would cost to compile.
  return placed;
}
