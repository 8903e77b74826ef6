// A generated document against the reference its app's authors wrote: operations (recall and
// precision), request-body fields (recall, required flags), query parameters (recall),
// security (agreement) and the success response's top-level properties (recall).
import {
  basePath,
  contentSchema,
  deref,
  normalisePath,
  operations,
  parameters,
  requiresAuth,
  successResponse,
  topProperties,
} from './openapi.mjs';
import { round } from './measure.mjs';

/** `filter[name]`, `tags[]`, `Name` → `filter.name`, `tags`, `name`. */
const fieldName = (name) =>
  String(name)
    .replace(/\[\]$/, '')
    .replace(/\[([^\]]*)\]/g, '.$1')
    .toLowerCase();

function indexOperations(doc) {
  const base = basePath(doc);
  const index = new Map();
  for (const op of operations(doc)) {
    const key = `${op.method.toUpperCase()} ${normalisePath(base + op.path)}`;
    if (!index.has(key))
      index.set(key, { ...op, key, written: `${op.method.toUpperCase()} ${op.path}` });
  }
  return index;
}

function bodyFields(doc, operation) {
  const body = contentSchema(doc, operation.requestBody);
  return body ? topProperties(doc, body.schema) : undefined;
}

function responseProperties(doc, operation, status, envelope) {
  const chosen =
    status && operation.responses?.[status]
      ? { status, response: operation.responses[status] }
      : successResponse(doc, operation);
  const content = chosen && contentSchema(doc, chosen.response);
  if (!content) return undefined;
  return topProperties(doc, envelope ? enveloped(doc, content.schema, envelope) : content.schema);
}

/** The schema under `key` of an object schema (in any of its `allOf`/`anyOf`/`oneOf` parts). */
function enveloped(doc, schema, key, depth = 0) {
  const s = deref(doc, schema);
  if (!s || typeof s !== 'object' || depth > 8) return undefined;
  const own = deref(doc, s.properties)?.[key];
  if (own) return own;
  const parts = [...(s.allOf ?? []), ...(s.anyOf ?? []), ...(s.oneOf ?? [])]
    .map((part) => enveloped(doc, part, key, depth + 1))
    .filter(Boolean);
  return parts.length > 1 ? { anyOf: parts } : parts[0];
}

/**
 * `errata`: entries where the reference is wrong about the application, each with its `reason`:
 * - `{ operation }`: a reference operation the application does not have, left out;
 * - `{ operation, field }`: that field (request body, query, response) left out wherever it is
 *   counted, or the operation's security when `field` is `security`;
 * - `{ operation, field, required: true }`: only the field's required flag is not compared;
 * - `{ extra }`: a generated operation (`METHOD /path` as generated) the application has and the
 *   reference leaves out, not counted against precision;
 * - `{ responseEnvelope }`: the application sends every response inside this key, and where the
 *   reference documents the bare object its properties are compared with the envelope's.
 */
export function compareWithReference(generated, reference, errata = []) {
  const ignoredOps = new Set(errata.filter((e) => e.operation && !e.field).map((e) => e.operation));
  const ignoredFields = new Set(
    errata.filter((e) => e.field && !e.required).map((e) => `${e.operation}#${e.field}`),
  );
  const ignoredRequired = new Set(
    errata.filter((e) => e.field && e.required).map((e) => `${e.operation}#${e.field}`),
  );
  const knownExtra = new Set(errata.filter((e) => e.extra).map((e) => e.extra));
  const envelope = errata.find((e) => e.responseEnvelope)?.responseEnvelope;
  const ref = indexOperations(reference);
  const gen = indexOperations(generated);
  for (const [key, op] of ref) if (ignoredOps.has(op.written)) ref.delete(key);
  const counts = {
    body: { total: 0, found: 0, compared: 0, agreed: 0 },
    query: { total: 0, found: 0 },
    security: { total: 0, agreed: 0 },
    response: { total: 0, found: 0 },
  };
  const missing = {
    operations: [],
    bodyFields: [],
    required: [],
    query: [],
    security: [],
    response: [],
  };
  const skip = (op, field) => ignoredFields.has(`${op.written}#${field}`);
  for (const [key, r] of ref) {
    const g = gen.get(key);
    if (!g) {
      missing.operations.push(r.written);
      continue;
    }
    const refBody = bodyFields(reference, r.operation);
    const genBody = bodyFields(generated, g.operation);
    for (const field of refBody?.properties ?? []) {
      if (skip(r, field)) continue;
      counts.body.total++;
      if (!genBody?.properties.has(field)) {
        missing.bodyFields.push(`${r.written} ${field}`);
        continue;
      }
      counts.body.found++;
      if (ignoredRequired.has(`${r.written}#${field}`)) continue;
      counts.body.compared++;
      if (refBody.required.has(field) === genBody.required.has(field)) counts.body.agreed++;
      else missing.required.push(`${r.written} ${field}`);
    }
    // Laravel's `input()` and validation read the query string and the body alike: on a write
    // operation, a query parameter the reference names is found in the generated body too.
    const genQuery = new Set([
      ...parameters(generated, g.item, g.operation)
        .filter((p) => p.in === 'query')
        .map((p) => fieldName(p.name)),
      ...(g.method === 'get' ? [] : [...(genBody?.properties ?? [])].map(fieldName)),
    ]);
    for (const p of parameters(reference, r.item, r.operation)) {
      if (p.in !== 'query' || skip(r, p.name)) continue;
      counts.query.total++;
      if (genQuery.has(fieldName(p.name))) counts.query.found++;
      else missing.query.push(`${r.written} ${p.name}`);
    }
    if (!skip(r, 'security')) {
      counts.security.total++;
      if (requiresAuth(reference, r.operation) === requiresAuth(generated, g.operation))
        counts.security.agreed++;
      else missing.security.push(r.written);
    }
    const status = successResponse(reference, r.operation)?.status;
    const refProps = responseProperties(reference, r.operation, undefined);
    // The reference documents the object the application sends inside an envelope.
    const unwrapped = envelope && refProps && !refProps.properties.has(envelope);
    const genProps = responseProperties(
      generated,
      g.operation,
      status,
      unwrapped ? envelope : undefined,
    );
    for (const prop of refProps?.properties ?? []) {
      if (skip(r, prop)) continue;
      counts.response.total++;
      if (genProps?.properties.has(prop)) counts.response.found++;
      else missing.response.push(`${r.written} ${prop}`);
    }
  }
  // A `PATCH` beside a `PUT` of the same path is the same Laravel route (a resource's update).
  const twin = (g) =>
    (g.method === 'patch' && ref.has(g.key.replace(/^PATCH /, 'PUT '))) ||
    (g.method === 'put' && ref.has(g.key.replace(/^PUT /, 'PATCH ')));
  const extra = [...gen.values()]
    .filter((g) => !ref.has(g.key) && !twin(g) && !knownExtra.has(g.written))
    .map((g) => g.written);
  const share = (a, b) => (b === 0 ? 1 : round(a / b));
  return {
    figures: {
      operationsRecall: share(ref.size - missing.operations.length, ref.size),
      operationsPrecision: share(gen.size - extra.length, gen.size),
      bodyFieldRecall: share(counts.body.found, counts.body.total),
      requiredAgreement: share(counts.body.agreed, counts.body.compared),
      queryRecall: share(counts.query.found, counts.query.total),
      securityAgreement: share(counts.security.agreed, counts.security.total),
      responsePropertyRecall: share(counts.response.found, counts.response.total),
    },
    counts: {
      referenceOperations: ref.size,
      generatedOperations: gen.size,
      bodyFields: counts.body.total,
      queryParameters: counts.query.total,
      responseProperties: counts.response.total,
    },
    missing: { ...missing, extraOperations: extra },
  };
}
