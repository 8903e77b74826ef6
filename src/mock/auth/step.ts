import { deref } from '../../core/refs.js';
import type { OpenApiDocument, ParameterObject } from '../../core/types.js';
import type { OperationPlan } from '../plan.js';
import { messageReply } from '../respond/reply.js';
import type { Step } from '../step.js';
import { invalidCredential, isAuthenticated, wwwAuthenticate } from './index.js';

/**
 * The 401 of a request without the credentials the operation's security asks for, or with a
 * credential the mock does not issue (see credentials.ts), with its `WWW-Authenticate`.
 */
export function authenticate(doc: OpenApiDocument): Step {
  return (request) => {
    const { plan } = request.planned;
    let invalid = invalidCredential(request);
    if (invalid === 'ApiKey' && declaresKeyParameter(doc, plan)) invalid = undefined;
    const challenge =
      invalid ??
      (plan.security && !isAuthenticated(plan.security, request)
        ? plan.security.challenge
        : undefined);
    if (!challenge) return undefined;
    return messageReply(401, 'Unauthenticated.', {
      'www-authenticate': wwwAuthenticate(challenge),
    });
  };
}

const keyParameters = new WeakMap<OperationPlan, boolean>();

/**
 * An operation that declares `X-API-Key` (header) or `api_key` (query) as a parameter of its
 * own (Nookipedia's required UUID key) says what the value is: its schema judges it, not the
 * mock's credential pattern. The spec first.
 */
function declaresKeyParameter(doc: OpenApiDocument, plan: OperationPlan): boolean {
  let declared = keyParameters.get(plan);
  if (declared === undefined) {
    const { pathItem, operation } = plan.entry;
    declared = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].some((raw) => {
      const param = deref<ParameterObject>(doc, raw);
      const name = typeof param?.name === 'string' ? param.name.toLowerCase() : '';
      return (
        (param?.in === 'header' && name === 'x-api-key') ||
        (param?.in === 'query' && name === 'api_key')
      );
    });
    keyParameters.set(plan, declared);
  }
  return declared;
}
