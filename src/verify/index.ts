import { checkResponse, responseContract } from '../core/contract/check.js';
import { parseJson } from '../core/engine/json-body.js';
import { UserError } from '../core/errors.js';
import type { OpenApiDocument } from '../core/types.js';
import { accepted, withReferences } from './body.js';
import { collectionOf, IdStore, lastParameter } from './ids.js';
import { judgeInvalid, judgeValid, type Answer, type Judgement } from './judge.js';
import { prepareChecks, type PreparedCheck } from './plan.js';
import { buildRequest, type BuiltRequest, type Credentials } from './requests.js';
import type { CheckResult, VerifyOptions, VerifyReport } from './types.js';
import { DEFAULT_VERIFY_TIMEOUT } from './defaults.js';

export { planVerification } from './plan.js';
export { selectOperations } from './select.js';
export { toJUnit, toJsonReport } from './reports.js';
export type * from './types.js';

export { DEFAULT_VERIFY_TIMEOUT };

/**
 * Checks a running backend against its OpenAPI document: a valid request to every selected
 * operation (values generated from the schemas as the mock generates them, item ids taken from
 * what the backend listed or created earlier, see order.ts and ids.ts), and a body the document
 * refuses wherever it declares a 422; each answer judged as `apidoc mock --proxy` judges them.
 * A backend that refuses the connection stops the run (a UserError).
 */
export async function verifyBackend(
  doc: OpenApiDocument,
  options: VerifyOptions,
): Promise<VerifyReport> {
  const base = typeof options.url === 'string' ? new URL(options.url) : options.url;
  const checks = prepareChecks(doc, options);
  const ids = new IdStore();
  const credentials: Credentials = {
    bearer: options.bearer,
    basic: options.basic,
    headers: options.headers ?? {},
  };
  const timeout = options.timeout ?? DEFAULT_VERIFY_TIMEOUT;
  const results: CheckResult[] = [];
  for (const check of checks) {
    const result = await runCheck(doc, check, { base, ids, credentials, timeout });
    results.push(result);
    options.onResult?.(result, results.length, checks.length);
  }
  return { url: base.href, results, summary: summarise(results) };
}

interface Context {
  base: URL;
  ids: IdStore;
  credentials: Credentials;
  timeout: number;
}

async function runCheck(
  doc: OpenApiDocument,
  check: PreparedCheck,
  ctx: Context,
): Promise<CheckResult> {
  const started = performance.now();
  let body = check.broken?.body ?? check.body;
  if (body && check.kind === 'valid') body = withReferences(doc, check.entry, body, ctx.ids);
  if (body && check.kind === 'valid' && !accepted(doc, check.entry, body)) body = check.body;
  const request = buildRequest(
    doc,
    check.entry,
    ctx.base,
    check.parameters,
    ctx.ids,
    ctx.credentials,
    body,
  );
  const base = {
    operation: check.operation,
    ...(check.entry.operation.operationId
      ? { operationId: check.entry.operation.operationId }
      : {}),
    kind: check.kind,
    request: {
      method: request.method,
      url: request.url.href,
      ...(request.text !== undefined ? { body: request.text } : {}),
    },
  };
  const sent = await send(request, ctx);
  if ('error' in sent) {
    const violations = [{ location: '/response', message: sent.error }];
    return { ...base, verdict: 'fail', violations, ms: performance.now() - started };
  }
  const judgement = judge(doc, check, request, sent, ctx);
  return { ...base, status: sent.status, ...judgement, ms: performance.now() - started };
}

interface Received {
  status: number;
  headers: Headers;
  body: Buffer;
}

function judge(
  doc: OpenApiDocument,
  check: PreparedCheck,
  request: BuiltRequest,
  received: Received,
  ctx: Context,
): Judgement {
  const headers = Object.fromEntries(received.headers);
  const violations = checkResponse(responseContract(doc, check.entry), {
    method: request.method,
    status: received.status,
    headers,
    body: received.body,
  });
  const parsed = /json/i.test(headers['content-type'] ?? '') ? parseJson(received.body) : undefined;
  const answer: Answer = {
    status: received.status,
    json: parsed && 'value' in parsed ? parsed.value : undefined,
    violations,
  };
  if (check.broken) return judgeInvalid(answer, check.broken);
  remember(check, request, received, answer.json, ctx.ids);
  return judgeValid(answer);
}

/** What a successful answer tells later requests: items listed or created, or gone. */
function remember(
  check: PreparedCheck,
  request: BuiltRequest,
  received: Received,
  json: unknown,
  ids: IdStore,
): void {
  if (received.status < 200 || received.status >= 300) return;
  if (check.entry.method !== 'delete') {
    ids.record(check.entry, received.status, received.headers, json);
    return;
  }
  const last = lastParameter(check.entry.path);
  const value = last ? request.pathValues[last] : undefined;
  if (last && value !== undefined) ids.forget(collectionOf(check.entry.path, last), value);
}

/** An answer's body is read up to this many bytes, once decoded (gzip, br...); past it, not. */
export const MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/**
 * The body, read as it is decoded, or undefined past `limit` bytes (the rest is not read): a
 * body that never ends, or a small compressed one that decodes to gigabytes, costs at most that.
 */
async function readCapped(response: Response, limit: number): Promise<Buffer | undefined> {
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
}

async function send(request: BuiltRequest, ctx: Context): Promise<Received | { error: string }> {
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(ctx.timeout),
    });
    const body = await readCapped(response, MAX_RESPONSE_BYTES);
    if (body === undefined) {
      return {
        error: `the answer is larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MiB (decoded): not read further`,
      };
    }
    return { status: response.status, headers: response.headers, body };
  } catch (error) {
    const cause = (error as { cause?: NodeJS.ErrnoException }).cause;
    if (cause?.code === 'ECONNREFUSED') {
      throw new UserError(
        `Cannot reach the backend at ${ctx.base.origin}: connection refused (ECONNREFUSED).`,
        'Start the backend first, or pass its address with --url.',
      );
    }
    if ((error as Error).name === 'TimeoutError') {
      return { error: `no answer within ${ctx.timeout} ms` };
    }
    return { error: `no answer: ${cause?.code ?? cause?.message ?? (error as Error).message}` };
  }
}

function summarise(results: CheckResult[]): VerifyReport['summary'] {
  const count = (verdict: CheckResult['verdict']) =>
    results.filter((r) => r.verdict === verdict).length;
  return {
    checks: results.length,
    passed: count('pass'),
    failed: count('fail'),
    warned: count('warn'),
  };
}
