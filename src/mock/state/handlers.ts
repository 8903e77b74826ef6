import { declaredForm, mediaBody, type BodyContext } from '../../core/engine/body.js';
import { conforms } from '../../core/engine/generate/index.js';
import { paginatedBody } from '../../core/engine/page-body.js';
import { pageWindow } from '../../core/engine/pagination.js';
import type { OperationPlan } from '../plan.js';
import {
  numericIds,
  placeAt,
  seededId,
  type ItemSource,
} from '../../core/engine/resources/items.js';
import type { ResourceKind, ResourceRole } from '../../core/engine/resources/recognise.js';
import { seededCount } from '../../core/engine/resources/seeded.js';
import { responseMedia, type ResponseMedia } from '../../core/engine/responses.js';
import { itemSource, pageRequest } from '../../core/engine/success.js';
import { boundedCache, type BoundedCache } from '../cache.js';
import { messageReply, prepare, type PreparedReply, type Reply } from '../respond/reply.js';
import { scenarioReply } from '../scenario/error-reply.js';
import { idKey, mergeInput, seededIds, shaped, stamp } from './items.js';
import { StateFullError, type StateStore } from './store.js';

/** One request to a collection's operation, validated, as the state handlers read it. */
export interface StateRequest {
  ctx: BodyContext;
  /** The request's absolute URL, for page links (made when a list needs it). */
  url: () => URL;
  params: Record<string, string>;
  body: unknown;
  /** What the answer depends on besides the item: the reply cache's key of the request. */
  key: string;
}

export type StateHandler = (request: StateRequest) => Promise<Reply | PreparedReply>;

/** What one handler is given: the operation, its role, the store and the request. */
interface Call extends StateRequest {
  plan: OperationPlan;
  /** Reads answered, by request key, with the stored item they showed (see `read`). */
  answers: BoundedCache<Answered>;
  role: ResourceRole;
  store: StateStore;
  source: ItemSource;
  /** How many items the collection starts with. */
  count: number;
  /** The success response's media type, if the operation declares one. */
  at: ResponseMedia | undefined;
}

/** A read's prepared answer and what the store held when it was made. */
interface Answered {
  stored: unknown;
  reply: PreparedReply;
}

const HANDLERS: Record<ResourceKind, (call: Call) => Promise<Reply | PreparedReply>> = {
  list,
  read,
  create,
  update: async (call) =>
    withItem(call, async (id, _item, _stored, created) => {
      const { doc } = call.ctx;
      const schema = call.role.collection.itemSchema;
      // Only the fields the request sets: the store sets them over what it has, atomically.
      const changes = mergeInput(doc, schema, {}, call.body, call.role.collection.idField);
      stamp(doc, schema, changes, 'updated');
      const item = await call.store.update(call.source.path, id, changes, !created);
      // Deleted while this request was on its way.
      if (item === undefined) return notFound(call, id);
      return answer(call, id, item, created);
    }),
  delete: async (call) =>
    withItem(call, async (id, item, _stored, created) => {
      const removed = await call.store.remove(call.source.path, id, !created);
      return removed ? answer(call, id, item(), created) : notFound(call, id);
    }),
};

/**
 * The stateful answer of an operation that is a collection's (`--stateful`), or undefined for
 * any other operation, which is answered as without state.
 */
export function stateHandler(
  store: Promise<StateStore>,
  plan: OperationPlan,
): StateHandler | undefined {
  const role = plan.resource;
  if (!role) return undefined;
  const handle = HANDLERS[role.kind];
  const answers = boundedCache<Answered>(
    2_000,
    8 * 1024 * 1024,
    (a) => a.reply.payload?.length ?? 0,
  );
  // The store once opened, so that a request does not wait on its promise again.
  let opened: StateStore | undefined;
  store.then(
    (ready) => (opened = ready),
    () => undefined,
  );
  // The success response's media type: the same for every request of the operation.
  let success: { at: ResponseMedia | undefined } | undefined;
  return async ({ ctx, url, params, body, key }) => {
    success ??= { at: responseMedia(ctx.doc, plan.entry.operation, plan.successStatus) };
    const source = itemSource(ctx, role, params);
    const count = seededCount(ctx.doc, ctx.serverSeed, role.collection, source.path);
    try {
      const kept = opened ?? (await store);
      // One object of one shape for every call: the handlers' reads stay monomorphic.
      return await handle({
        ctx,
        url,
        params,
        body,
        key,
        plan,
        role,
        answers,
        store: kept,
        source,
        count,
        at: success.at,
      });
    } catch (error) {
      if (error instanceof StateFullError) return messageReply(507, error.message);
      return messageReply(
        503,
        `The mock's state store is unavailable: ${(error as Error).message}`,
      );
    }
  };
}

async function list(call: Call): Promise<Reply> {
  const { ctx, role, plan, source, store, at } = call;
  if (!at) return { status: plan.successStatus };
  const summary = await store.summary(source.path);
  const seeded =
    summary.deleted.size === 0
      ? seededIds(source, call.count)
      : seededIds(source, call.count).filter((id) => !summary.deleted.has(id));
  const total = seeded.length + summary.created;
  const paged = role.list && 'page' in role.list ? role.list.page : undefined;
  const request = paged ? pageRequest(plan, call.url()) : undefined;
  // Only the page's items are read from the store: a page costs O(page), whatever the total.
  let from = 1;
  let to = total;
  if (request) {
    const window = pageWindow(request.page, request.perPage, total);
    from = window.from ?? 1;
    to = window.to ?? 0;
  }
  const ids = [
    ...seeded.slice(from - 1, Math.min(to, seeded.length)),
    ...(to > seeded.length
      ? await store.createdIds(
          source.path,
          Math.max(0, from - 1 - seeded.length),
          to - seeded.length,
        )
      : []),
  ];
  const stored = await store.items(source.path, ids);
  const seededShown = Math.max(0, Math.min(to, seeded.length) - (from - 1));
  const shown = ids.map((id, i) =>
    shaped(source, id, stored[i], role.itemSchema, i >= seededShown),
  );
  const items = (a: number, b: number) => shown.slice(a - from, b - from + 1);
  const body =
    paged && request
      ? paginatedBody(ctx, at, paged, request, { total, at: items })
      : placeAt(
          envelope(ctx, at),
          role.list && 'arrayAt' in role.list ? role.list.arrayAt : [],
          shown,
        );
  return { status: plan.successStatus, ...declaredForm(ctx.doc, at, body) };
}

/**
 * A read: its answer is made once per request key and kept while the store holds the same
 * item (a write stores a new object, so an answer kept is never stale). Items from Redis are
 * parsed anew on each read, so there the answer is made each time.
 */
async function read(call: Call): Promise<Reply | PreparedReply> {
  return withItem(call, async (id, item, stored, created) => {
    const known = call.answers.get(call.key);
    if (known && known.stored === stored) return known.reply;
    const reply = prepare(answer(call, id, item(), created));
    call.answers.set(call.key, { stored, reply });
    return reply;
  });
}

async function create(call: Call): Promise<Reply> {
  const { ctx, role, source, store } = call;
  const { collection } = role;
  // Only what the client wrote and the timestamps are stored: the rest of the item is the
  // seeded item of its id, made again when it is shown (see `shaped`), as for seeded items.
  const written = mergeInput(ctx.doc, collection.itemSchema, {}, call.body, collection.idField);
  const item = stamp(ctx.doc, collection.itemSchema, written, 'created');
  // A numeric id is the position after the seeded items: numbered and stored in one step.
  if (numericIds(ctx.doc, collection)) {
    const id = await store.createNumbered(source.path, call.count, item);
    return answer(call, id, item, true);
  }
  const n = await store.nextCreated(source.path);
  let id = String(seededId(source, call.count + n));
  // Generated slugs repeat: a taken one gets the creation's number, which no other has.
  const taken = isSeeded(call, id) || (await store.item(source.path, id)).item !== undefined;
  if (taken) id = `${id}-${n}`;
  if (taken && collection.idField !== undefined) item[collection.idField] = id;
  await store.create(source.path, id, item);
  return answer(call, id, item, true);
}

/**
 * The item the path names, or Laravel's 404 when it does not exist (any more): `then` gets its
 * id, the item (made when asked for: a read's kept answer does not need it), what the store
 * holds of it and whether a client created it.
 */
async function withItem(
  call: Call,
  then: (
    id: string,
    item: () => unknown,
    stored: unknown,
    created: boolean,
  ) => Promise<Reply | PreparedReply>,
): Promise<Reply | PreparedReply> {
  const raw = call.role.param === undefined ? undefined : call.params[call.role.param];
  if (raw === undefined) return notFound(call, '');
  const id = idKey(call.source, raw);
  const stored = await call.store.item(call.source.path, id);
  if (isSeeded(call, id)) {
    if (stored.deleted) return notFound(call, raw);
    const item = () =>
      stored.item ?? shaped(call.source, id, undefined, call.role.collection.itemSchema, false);
    return then(id, item, stored.item, false);
  }
  const item = stored.item;
  return item === undefined ? notFound(call, raw) : then(id, () => item, item, true);
}

function isSeeded(call: Call, id: string): boolean {
  if (numericIds(call.ctx.doc, call.role.collection)) {
    return /^\d+$/.test(id) && Number(id) >= 1 && Number(id) <= call.count;
  }
  return seededIds(call.source, call.count).includes(id);
}

/** The operation's success response with the item in its place. */
function answer(call: Call, id: string, item: unknown, created: boolean): Reply {
  const { ctx, plan, role } = call;
  const status = plan.successStatus;
  const at = status === 204 ? undefined : call.at;
  if (!at) return { status };
  const own = shaped(call.source, id, item, role.itemSchema, created);
  const body = role.itemAt ? placeAt(envelope(ctx, at), role.itemAt, own) : envelope(ctx, at);
  return { status, ...declaredForm(ctx.doc, at, body) };
}

const envelopes = new WeakMap<object, Map<string, unknown>>();
const MAX_ENVELOPES = 1_000;

/** The response's own body for this request's seed, made once: the item is placed in a copy. */
function envelope(ctx: BodyContext, at: ResponseMedia): unknown {
  let made = envelopes.get(at.media);
  if (!made) envelopes.set(at.media, (made = new Map()));
  let body = made.get(ctx.seed);
  if (body === undefined) {
    body = mediaBody(ctx, at);
    if (made.size >= MAX_ENVELOPES) made.clear();
    made.set(ctx.seed, body);
  }
  return body;
}

/**
 * Laravel's answer for a model that route-model binding does not find, unless the operation
 * declares a 404 body it would not validate against.
 */
function notFound(call: Call, id: string): Reply {
  const { ctx, plan, role } = call;
  const body = { message: `No query results for model [${role.collection.model}] ${id}` };
  const at = responseMedia(ctx.doc, plan.entry.operation, 404);
  if (at?.media.schema && !conforms(ctx.doc, at.media.schema, body)) {
    return scenarioReply(ctx, plan, 'not_found');
  }
  return { status: 404, body };
}
