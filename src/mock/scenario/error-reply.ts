import type { OpenApiDocument, SchemaObject } from '../../core/types.js';
import { conforms } from '../../core/engine/generate/index.js';
import { mediaBody, type BodyContext } from '../../core/engine/body.js';
import type { OperationPlan } from '../plan.js';
import type { Reply } from '../respond/reply.js';
import { errorStatus, responseMedia, validExample } from '../../core/engine/responses.js';
import { DEFAULT_ERRORS, type Scenario } from '../../core/engine/scenarios.js';
import { scenarioFieldErrors } from './field-errors.js';

export type ErrorScenario = Exclude<Scenario, 'success' | 'empty'>;

/**
 * A forced error scenario: the operation's declared response for that status (example first),
 * else the table's default body. `status` is a preferred one of the scenario's (`code=503`).
 */
export function scenarioReply(
  ctx: BodyContext,
  plan: OperationPlan,
  scenario: ErrorScenario,
  status: number = defaultStatus(plan, scenario),
): Reply {
  const { operation } = plan.entry;
  const at = responseMedia(ctx.doc, operation, status);
  if (!at) return { status, body: defaultBody(ctx.doc, plan, scenario) };
  const body = mediaBody(ctx, at);
  if (scenario === 'validation_error' && !validExample(ctx.doc, at.media, scenario)) {
    withRealFieldErrors(ctx.doc, plan, at.media.schema, body);
  }
  return { status, body, contentType: at.type };
}

/**
 * A declared Laravel-shaped 422 (`errors` as a map of message lists) gets the operation's real
 * required fields instead of invented keys, when they fit the declared schema.
 */
function withRealFieldErrors(
  doc: OpenApiDocument,
  plan: OperationPlan,
  schema: SchemaObject | undefined,
  body: unknown,
): void {
  if (!schema || typeof body !== 'object' || body === null || !('errors' in body)) return;
  const { pathItem, operation } = plan.entry;
  const candidate = { ...body, errors: scenarioFieldErrors(doc, pathItem, operation) };
  if (conforms(doc, schema, candidate)) (body as Record<string, unknown>).errors = candidate.errors;
}

function defaultStatus(plan: OperationPlan, scenario: ErrorScenario): number {
  return scenario === 'error' ? errorStatus(plan.entry.operation) : DEFAULT_ERRORS[scenario].status;
}

function defaultBody(doc: OpenApiDocument, plan: OperationPlan, scenario: ErrorScenario): unknown {
  const { message } = DEFAULT_ERRORS[scenario];
  if (scenario !== 'validation_error') return { message };
  return { message, errors: scenarioFieldErrors(doc, plan.entry.pathItem, plan.entry.operation) };
}
