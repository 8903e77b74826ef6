import { declaredForm, type BodyContext } from '../../core/engine/body.js';
import { responseMedia } from '../../core/engine/responses.js';
import { successBody } from '../../core/engine/success.js';
import { requestOrigin } from '../../core/request-target.js';
import type { Answer, MockRequest } from '../step.js';
import { readyOnce, type Reply } from './reply.js';

/**
 * The success answer, which every request that came this far gets: the stored item with
 * `--stateful`, else the generated one, cached. A preferred example or fresh data is what the
 * client asked for, not the stored item.
 */
export function respond(request: MockRequest): Answer {
  const { planned, req } = request;
  if (
    planned.state &&
    request.scenario === 'success' &&
    request.fresh === '' &&
    !request.choice.example
  ) {
    const url = () => new URL(request.pathname + request.search, requestOrigin(req));
    const { params, body, key } = request;
    // A stateful answer is made for this request (a read's kept answer comes prepared).
    return planned.state({ ctx: request.context(), url, params, body, key }).then(readyOnce);
  }
  // A page's links depend on the whole URL; any other body only on the seed.
  // The raw Host is enough for a key: the same Host gives the same origin (requestOrigin).
  const key = planned.plan.pagination
    ? `${planned.name}|${request.scenario}|${req.headers.host}|${req.url}${request.preferred}`
    : request.key;
  return request.reuse(key, () => success(request.context(), request));
}

function success(ctx: BodyContext, request: MockRequest): Reply {
  const { plan } = request.planned;
  const status = plan.successStatus;
  const at = responseMedia(ctx.doc, plan.entry.operation, status);
  if (status === 204 || !at) return { status };
  // Links name the origin the client addressed, with the target's path and query.
  const url = new URL(request.pathname + request.search, requestOrigin(request.req));
  const body = successBody(ctx, plan, at, { url, params: request.params });
  return { status, ...declaredForm(ctx.doc, at, body) };
}
