import { readPageParam } from '../../core/engine/pagination.js';
import type { OpenApiDocument } from '../../core/types.js';
import type { Reply } from '../respond/reply.js';
import type { MockRequest, Step } from '../step.js';
import { laravelCheck } from './laravel.js';

/** The 406 of an `Accept` header that allows none of the success response's media types. */
export const acceptable: Step = (request) => request.planned.accept(request.headers.accept);

/**
 * The request's parameters and body against the operation's: a 422 with Laravel's body. The
 * application's own Laravel semantics decide when the document carries them (`x-laravel*`).
 */
export function validate(doc: OpenApiDocument): Step {
  return (request) => {
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
  };
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
