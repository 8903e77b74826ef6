import { readPageParam } from '../../core/engine/pagination.js';
import { mergeParameters } from '../../core/engine/validate/parameters.js';
import { keepsPath, pathMemo } from '../cache.js';
import type { OperationPlan } from '../plan.js';
import type { OpenApiDocument } from '../../core/types.js';
import type { Reply } from '../respond/reply.js';
import type { MockRequest, Step } from '../step.js';
import { laravelCheck } from './laravel.js';

/** The 406 of an `Accept` header that allows none of the success response's media types. */
export const acceptable: Step = (request) => request.planned.accept(request.headers.accept);

/**
 * The request's parameters and body against the operation's: a 422 with Laravel's body. The
 * application's own Laravel semantics decide when the document carries them (`x-laravel*`).
 * An operation that reads nothing but its target (no body, no header or cookie parameter) gets
 * the same verdict for the same target: it is worked out once per target and kept.
 */
export function validate(doc: OpenApiDocument): Step {
  const verdicts = pathMemo<{ reply: Reply | undefined }>((verdict) => (verdict.reply ? 1024 : 0));
  return (request) => {
    const { plan, name } = request.planned;
    const url = request.req.url ?? '/';
    if (!targetOnly(doc, plan) || !keepsPath(url)) return check(doc, request);
    const key = `${name} ${url}`;
    let verdict = verdicts.get(key);
    if (verdict === undefined) verdicts.set(key, (verdict = { reply: check(doc, request) }));
    return verdict.reply;
  };
}

function check(doc: OpenApiDocument, request: MockRequest): Reply | undefined {
  const { plan } = request.planned;
  const input = {
    path: request.params,
    query: request.query,
    headers: request.headers,
    cookies: request.cookies,
    body: request.body,
    mediaType: request.mediaType,
  };
  const laravel = laravelCheck(doc, plan);
  if (laravel) return laravel(input, request.pathname) ?? pageErrors(request);
  const errors = plan.validate(input);
  if (errors) return { status: 422, body: { message: 'The given data was invalid.', errors } };
  return pageErrors(request);
}

const readsTargetOnly = new WeakMap<OperationPlan, boolean>();

/** Whether the operation's checks read the request's target alone: no body, headers or cookies. */
function targetOnly(doc: OpenApiDocument, plan: OperationPlan): boolean {
  let known = readsTargetOnly.get(plan);
  if (known === undefined) {
    const { pathItem, operation } = plan.entry;
    known =
      !plan.hasBody &&
      mergeParameters(doc, pathItem, operation).every((p) => p.in === 'path' || p.in === 'query');
    readsTargetOnly.set(plan, known);
  }
  return known;
}

/** `page` and `per_page` of a paginated list, as Laravel's paginator refuses them. */
function pageErrors(request: MockRequest): Reply | undefined {
  const { plan } = request.planned;
  if (!plan.pagination) return undefined;
  const { query } = request;
  const errors: Record<string, string[]> = {};
  if ('invalid' in readPageParam(query.get('page'), 1, plan.paging.pageIsInteger)) {
    errors.page = ['The page must be at least 1.'];
  }
  const perPage = readPageParam(
    query.get('per_page'),
    plan.paging.perPageDefault,
    plan.paging.perPageIsInteger,
  );
  if ('invalid' in perPage) errors.per_page = ['The per page must be at least 1.'];
  if (Object.keys(errors).length === 0) return undefined;
  return { status: 422, body: { message: 'The given data was invalid.', errors } };
}
