import { declaredForm, mediaBody, type BodyContext } from '../../core/engine/body.js';
import type { OperationPlan } from '../plan.js';
import type { OpenApiDocument } from '../../core/types.js';
import { responseMedia, type ResponseMedia } from '../../core/engine/responses.js';
import { messageReply, type Reply } from '../respond/reply.js';
import { scenarioReply, type ErrorScenario } from './error-reply.js';

/** The scenario a preferred status stands for, when the operation declares no body for it. */
const SCENARIO_OF: Readonly<Record<number, ErrorScenario>> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  422: 'validation_error',
};

/**
 * `Prefer: code=<status>` other than the success status: the operation's declared response for
 * it (a named example when one is preferred too); a status it does not declare is answered as
 * its scenario would be (401, 403, 404, 422, 5xx), any other is the client's mistake (400).
 */
export function preferredReply(ctx: BodyContext, plan: OperationPlan, code: number): Reply {
  const scenario = SCENARIO_OF[code] ?? (code >= 500 ? 'error' : undefined);
  const at = responseMedia(ctx.doc, plan.entry.operation, code);
  if (ctx.example !== undefined && at) {
    return (
      unknownExample(at, ctx.example) ?? {
        status: code,
        ...declaredForm(ctx.doc, at, mediaBody(ctx, at)),
      }
    );
  }
  if (scenario) return scenarioReply(ctx, plan, scenario, code);
  if (at) return { status: code, ...declaredForm(ctx.doc, at, mediaBody(ctx, at)) };
  const declared = Object.keys(plan.entry.operation.responses ?? {});
  if (declared.includes(String(code))) return { status: code };
  return messageReply(
    400,
    `The operation declares no response with status ${code}. Declared: ${declared.join(', ')}.`,
  );
}

/** The 400 for a preferred example the response does not declare. */
export function unknownExample(at: ResponseMedia, name: string): Reply | undefined {
  const names = Object.keys(at.media.examples ?? {});
  if (names.includes(name)) return undefined;
  const known = names.length > 0 ? `Examples: ${names.join(', ')}.` : 'It declares none.';
  return messageReply(400, `The response declares no example named '${name}'. ${known}`);
}

/** The 400 for `Prefer: example=<name>` on the success response, when it declares no such one. */
export function missingExample(
  doc: OpenApiDocument,
  plan: OperationPlan,
  example: string | undefined,
): Reply | undefined {
  if (example === undefined) return undefined;
  const at = responseMedia(doc, plan.entry.operation, plan.successStatus);
  return at
    ? unknownExample(at, example)
    : messageReply(400, `The response declares no example named '${example}'. It declares none.`);
}
