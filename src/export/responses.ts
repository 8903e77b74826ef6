import { STATUS_CODES } from 'node:http';
import { deref } from '../core/refs.js';
import type { OpenApiDocument, ResponseObject, SchemaObject } from '../core/types.js';
import { mediaBody, type BodyContext } from '../core/engine/body.js';
import { isJsonMediaType } from '../core/engine/http.js';
import type { PaginationKind } from '../core/engine/pagination.js';
import type { ResponsePlan } from '../core/engine/plan.js';
import { responseMedia } from '../core/engine/responses.js';
import { requestSeed } from '../core/engine/seed.js';
import { successBody } from '../core/engine/success.js';
import { DEFAULT_ERRORS, type Scenario } from '../core/engine/scenarios.js';

/** What a successful answer looks like: what the tests check. */
export interface SuccessResponse {
  /** The mock's rule: 201 for a POST declaring it, 204 for a DELETE declaring it, else the lowest 2xx. */
  status: number;
  /** The declared media type, when the response has content. */
  contentType?: string;
  /** Its schema, when that media type is JSON. */
  jsonSchema?: SchemaObject;
  pagination?: PaginationKind;
}

/** A declared response with the body `apidoc mock` sends for it. */
export interface SavedResponse {
  code: number;
  name: string;
  contentType?: string;
  /** The body as text (JSON pretty-printed); undefined when the response has none. */
  body?: string;
}

/** The concrete request the examples answer: its URL (base path included) and path values. */
export interface ExampleRequest {
  url: URL;
  pathParams: Record<string, string>;
}

export function successResponse(doc: OpenApiDocument, plan: ResponsePlan): SuccessResponse {
  const status = plan.successStatus;
  const at = status === 204 ? undefined : responseMedia(doc, plan.entry.operation, status);
  if (!at) return { status };
  const contentType = at.type;
  if (!isJsonMediaType(mediaKey(contentType))) return { status, contentType };
  return {
    status,
    contentType,
    ...(at.media.schema ? { jsonSchema: at.media.schema } : {}),
    ...(plan.pagination ? { pagination: plan.pagination.kind } : {}),
  };
}

const SCENARIO_OF: Readonly<Record<number, Scenario>> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  422: 'validation_error',
};

/**
 * The success response and every other declared one with a numeric status, each with the body
 * `apidoc mock` answers (same seed, same data): the success body for this very request, error
 * bodies as their scenarios give them. Ranges (`4XX`) and `default` are shown only through the
 * success status they stand in for.
 * @see https://spec.openapis.org/oas/v3.0.3#responses-object
 */
export function savedResponses(
  doc: OpenApiDocument,
  plan: ResponsePlan,
  request: ExampleRequest,
  seed: string,
): SavedResponse[] {
  const { operation, method } = plan.entry;
  const codes = Object.keys(operation.responses ?? {})
    .filter((c) => /^\d{3}$/.test(c))
    .map(Number);
  if (!codes.includes(plan.successStatus)) codes.unshift(plan.successStatus);
  return codes.map((status) => {
    const success = status === plan.successStatus;
    const scenario = success
      ? 'success'
      : (SCENARIO_OF[status] ?? (status >= 500 ? 'error' : String(status)));
    const ctx: BodyContext = {
      doc,
      path: plan.entry.path,
      method,
      seed: requestSeed(seed, method, request.url.pathname, scenario),
      serverSeed: seed,
      scenario,
      empty: false,
    };
    // The response the mock answers this status with: its own, else its range's (`4XX`).
    const at = status === 204 ? undefined : responseMedia(doc, operation, status);
    const key = at?.code ?? String(status);
    const response = deref<ResponseObject>(doc, operation.responses?.[key]);
    const name =
      `${status} ${response?.description?.split('\n')[0]?.trim() || STATUS_CODES[status] || ''}`.trim();
    if (at) {
      const body = success
        ? successBody(ctx, plan, at, { url: request.url, params: request.pathParams })
        : mediaBody(ctx, at);
      return text(status, name, at.type, body);
    }
    const fallback = DEFAULT_ERRORS[scenario as keyof typeof DEFAULT_ERRORS];
    return fallback
      ? text(status, name, 'application/json', { message: fallback.message })
      : { code: status, name };
  });
}

function text(code: number, name: string, contentType: string, body: unknown): SavedResponse {
  const raw = typeof body === 'string' && !isJsonMediaType(mediaKey(contentType));
  return { code, name, contentType, body: raw ? body : JSON.stringify(body, null, 2) };
}

export function mediaKey(type: string): string {
  return (type.split(';')[0] ?? '').trim().toLowerCase();
}
