import { listOperations, type OperationEntry } from '../core/engine/operations.js';
import type { OpenApiDocument } from '../core/types.js';
import type { ExportParameter } from '../export/parameters.js';
import { brokenBody, validBody, type Body, type BrokenBody } from './body.js';
import { collectionOf } from './ids.js';
import { inVerifyOrder } from './order.js';
import { parametersOf } from './requests.js';
import { ruleCases } from './rule-cases.js';
import { operationKey, selectOperations } from './select.js';
import type { PlannedCheck, VerifyOptions, VerifyPlan } from './types.js';

/** A planned check with what its request is made of. */
export interface PreparedCheck extends PlannedCheck {
  parameters: ExportParameter[];
  body: Body | undefined;
  /** For an `invalid-body` check: the body sent, and the status the document gives for it. */
  broken?: BrokenBody & { expect: number };
}

/**
 * What `verifyBackend` will send, in order, without sending it (`apidoc verify --dry-run`): for
 * each selected operation a valid request and, where it takes a body and declares a 422 (or a
 * 400), one with a body the document refuses, sent just before the valid one.
 */
export function planVerification(
  doc: OpenApiDocument,
  options: Pick<VerifyOptions, 'operations' | 'patterns' | 'seed'> = {},
): VerifyPlan {
  return {
    checks: prepareChecks(doc, options).map(({ entry, operation, kind, sources }) => ({
      entry,
      operation,
      kind,
      sources,
    })),
  };
}

export function prepareChecks(
  doc: OpenApiDocument,
  options: Pick<VerifyOptions, 'operations' | 'patterns' | 'seed'>,
): PreparedCheck[] {
  const seed = String(options.seed ?? 0);
  const entries = selectOperations(listOperations(doc), options.operations, options.patterns);
  const known: Known = new Map();
  const checks: PreparedCheck[] = [];
  for (const entry of inVerifyOrder(entries)) {
    const operation = operationKey(entry);
    const parameters = parametersOf(doc, entry, seed);
    const body = validBody(doc, entry, `${seed}|verify|${operation}|body`);
    const sources = sourcesOf(entry, parameters, known);
    const expect = invalidStatus(entry);
    const broken = body && expect !== undefined ? brokenBody(doc, entry, body) : undefined;
    if (broken && expect !== undefined) {
      checks.push({
        entry,
        operation,
        kind: 'invalid-body',
        sources,
        parameters,
        body,
        broken: { ...broken, expect },
      });
    }
    if (body && expect !== undefined) {
      for (const ruled of ruleCases(doc, entry, body)) {
        const broken = { ...ruled, expect };
        checks.push({ entry, operation, kind: 'invalid-body', sources, parameters, body, broken });
      }
    }
    checks.push({ entry, operation, kind: 'valid', sources, parameters, body });
    if (!/\}\/?$/.test(entry.path) && (entry.method === 'get' || entry.method === 'post')) {
      known.set(entry.path, { ...known.get(entry.path), [entry.method]: operation });
    }
  }
  return checks;
}

/** The status a body the document refuses gets: its declared 422, else 400. */
function invalidStatus(entry: OperationEntry): number | undefined {
  const codes = Object.keys(entry.operation.responses ?? {});
  if (codes.includes('422')) return 422;
  return codes.includes('400') ? 400 : undefined;
}

/** The collections earlier requests list (GET) or create in (POST), by path. */
type Known = Map<string, { get?: string; post?: string }>;

/** Which earlier requests each path parameter's value will come from: created items first (ids.ts). */
function sourcesOf(
  entry: OperationEntry,
  parameters: ExportParameter[],
  known: Known,
): Record<string, string> {
  const sources: Record<string, string> = {};
  for (const param of parameters) {
    if (param.in !== 'path') continue;
    const collection = collectionOf(entry.path, param.name);
    const last = collection.split('/').filter(Boolean).at(-1);
    const alias = [...known.keys()].find((path) => path.split('/').filter(Boolean).at(-1) === last);
    const found = known.get(collection) ?? (alias ? known.get(alias) : undefined);
    const from = [found?.post, found?.get].filter(Boolean);
    sources[param.name] = from.length > 0 ? from.join(' then ') : 'generated';
  }
  return sources;
}
