import { declaredForm, type BodyContext } from '../../core/engine/body.js';
import { responseMedia } from '../../core/engine/responses.js';
import { isForcedError } from '../../core/engine/scenarios.js';
import type { OpenApiDocument } from '../../core/types.js';
import type { OperationPlan } from '../plan.js';
import { messageReply, RESET_CONNECTION, type Reply } from '../respond/reply.js';
import type { Step } from '../step.js';
import { chooseResponse } from './choice.js';
import { scenarioReply, type ErrorScenario } from './error-reply.js';
import { missingExample, preferredReply } from './preferred.js';
import type { Settings } from './settings.js';

/**
 * What the client asked for (`_scenario`, `Prefer`), or the 400 an unknown one gets; then
 * chaos: a share of requests (`--fail-rate`) gets the `error` scenario or a reset connection.
 */
export function chooseScenario(settings: Settings, dynamic: boolean): Step {
  return (request) => {
    const choice = chooseResponse(
      request.query,
      request.headers,
      settings.scenarioFor(request.entry),
      dynamic,
    );
    if ('error' in choice) return messageReply(400, choice.error);
    let scenario = choice.scenario;
    if (settings.fails()) {
      if (settings.failMode === 'reset') return RESET_CONNECTION;
      scenario = 'error';
    }
    request.choice = choice;
    request.scenario = scenario;
    if (request.exchange) request.exchange.scenario = scenario;
    return undefined;
  };
}

/** A preferred status other than success, or an error scenario: answered as the document declares it. */
export const forcedAnswer: Step = (request) => {
  const { choice, scenario } = request;
  const { plan } = request.planned;
  const forced =
    choice.code !== undefined && choice.code !== plan.successStatus
      ? (ctx: BodyContext) => preferredReply(ctx, plan, choice.code!)
      : isForcedError(scenario)
        ? (ctx: BodyContext) => scenarioReply(ctx, plan, scenario as ErrorScenario)
        : undefined;
  if (!forced) return undefined;
  return request.reuse(request.key, () => {
    const ctx = request.context();
    return inDeclaredForm(ctx, plan, forced(ctx));
  });
};

/** The 400 for `Prefer: example=<name>` when the success response declares no such example. */
export function declaredExample(doc: OpenApiDocument): Step {
  return (request) => missingExample(doc, request.planned.plan, request.choice.example);
}

/** A forced error's declared body, in its declared media type's form (see `declaredForm`). */
function inDeclaredForm(ctx: BodyContext, plan: OperationPlan, reply: Reply): Reply {
  if (reply.contentType === undefined) return reply;
  const at = responseMedia(ctx.doc, plan.entry.operation, reply.status);
  return at ? { ...reply, ...declaredForm(ctx.doc, at, reply.body) } : reply;
}
