// The figures of one generated document: its operations, how many of them answer nothing a
// client could use, statuses that are wrong on their face, and the warnings by kind.
import { Buffer } from 'node:buffer';
import { contentSchema, isEmptySchema, operations, successResponse } from './openapi.mjs';

/** Statuses that carry no body by definition (a documented 204 is an answer, not a gap). */
const BODILESS = new Set(['204', '205', '304']);

/** Warning kinds, recognised by their message; the first that matches wins. */
const KINDS = [
  ['parse', /^cannot parse/],
  ['rule', /validation rule .* not understood/],
  ['handler', /was not found or could not be parsed|has no method/],
  ['duplicate', /registered twice/],
  ['response', /not inferred/],
  ['security', /authenticat/],
  ['route', /route|withRouting|provider/i],
];

export function warningKind(message) {
  return KINDS.find(([, pattern]) => pattern.test(message))?.[0] ?? 'other';
}

/**
 * A rule the generator could not evaluate and printed as PHP (`bin`, `closure`, `$this->x()`),
 * as opposed to a rule it read but does not know (`"foo_bar:1"`).
 */
export function isUnevaluatedRule(message) {
  const rule = /validation rule "([^"]*)"/.exec(message)?.[1];
  return rule !== undefined && !/^[A-Za-z_][\w]*(:.*)?$/.test(rule);
}

export function measureDocument(doc, warnings) {
  const ops = operations(doc);
  const empty = [];
  const errorOnly = [];
  const get201 = [];
  let secured = 0;
  for (const { method, path, operation } of ops) {
    const where = `${method.toUpperCase()} ${path}`;
    if (requiresCredentials(doc, operation)) secured++;
    if ((method === 'get' || method === 'head') && operation.responses?.['201']) get201.push(where);
    if (method === 'head' || method === 'options') continue;
    const success = successResponse(doc, operation);
    if (!success && hasErrorBody(doc, operation)) {
      errorOnly.push(where);
      continue;
    }
    if (success && BODILESS.has(success.status)) continue;
    const content = success && contentSchema(doc, success.response);
    if (!content || (/json|xml|form/i.test(content.type) && isEmptySchema(doc, content.schema)))
      empty.push(where);
  }
  const byKind = {};
  const parseFiles = new Set();
  let unevaluated = 0;
  for (const w of warnings) {
    const kind = warningKind(w.message);
    byKind[kind] = (byKind[kind] ?? 0) + 1;
    if (kind === 'parse') parseFiles.add(w.file);
    if (kind === 'rule' && isUnevaluatedRule(w.message)) unevaluated++;
  }
  return {
    operations: ops.length,
    securedOperations: secured,
    // As `apidoc generate` writes it by default: pretty JSON.
    documentBytes: Buffer.byteLength(`${JSON.stringify(doc, null, 2)}\n`),
    schemas: Object.keys(doc.components?.schemas ?? {}).length,
    emptySuccess: empty.length,
    emptyShare: ops.length === 0 ? 0 : round(empty.length / ops.length),
    errorOnly: errorOnly.length,
    get201: get201.length,
    warnings: warnings.length,
    warningsByKind: byKind,
    parseFailures: parseFiles.size,
    unevaluatedRules: unevaluated,
    examples: { empty: empty.slice(0, 400), get201, errorOnly },
  };
}

/** An operation that cannot be called without credentials (its own security, else the document's). */
function requiresCredentials(doc, operation) {
  const security = operation.security ?? doc.security ?? [];
  return security.length > 0 && security.every((r) => Object.keys(r).length > 0);
}

/**
 * An operation that answers only errors, each with a body (a `GET` that says "use POST", a
 * fallback route's 404): documented as it is, not a gap.
 */
function hasErrorBody(doc, operation) {
  const codes = Object.keys(operation.responses ?? {});
  return (
    codes.length > 0 &&
    codes.every((code) => {
      const content = contentSchema(doc, operation.responses[code]);
      return /^[45]/.test(code) && content && !isEmptySchema(doc, content.schema);
    })
  );
}

export function round(x, digits = 4) {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
