// The generated document judged by the facts of the app's tests: each fact's request matched to
// an operation (method and path template, the server URL's base path applied), then the figures
// (property recall, status agreement, error statuses, validation-field recall) and the misses.
import { basePath, contentSchema, deref, operations, parameters } from '../openapi.mjs';
import { findAnywhere, findPath, missCause, refusedField } from './schema-path.mjs';
import { UNKNOWN_PART } from './values.mjs';

/** `/api/v1/links/\0?x=1` → `['api','v1','links', null]`: a `null` segment is not known. */
export function urlSegments(url) {
  const path = url
    .replace(/^[a-z]+:\/\/[^/]*/i, '')
    .replace(new RegExp(`^${UNKNOWN_PART}(?=/)`), '')
    .split(/[?#]/)[0];
  return path
    .split('/')
    .filter((s) => s !== '')
    .map((s) => (s.includes(UNKNOWN_PART) ? null : decodeURIComponentSafe(s)));
}

function decodeURIComponentSafe(s) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The document's operations, each with its full path's segments (`{}` for a parameter). */
export function operationIndex(doc) {
  const base = basePath(doc);
  return operations(doc).map((o) => ({
    ...o,
    key: `${o.method.toUpperCase()} ${o.path}`,
    segments: (base + o.path)
      .split('/')
      .filter((s) => s !== '')
      .map((s) => (/^\{[^}]*\}$/.test(s) ? '{}' : s)),
  }));
}

/** The operation a request reaches: the same method (PATCH for PUT), the most literal path. */
export function matchRequest(index, method, url) {
  const segments = urlSegments(url);
  const fits = (op) =>
    op.segments.length === segments.length &&
    op.segments.every((s, i) => s === '{}' || segments[i] === null || s === segments[i]);
  const score = (op) => op.segments.filter((s, i) => s !== '{}' && s === segments[i]).length;
  // A part the test computes (`'/api/flights/'.$flight->id`) is a parameter's value rather
  // than a word of the path: `/api/flights/{id}` before `/api/flights/search`.
  const unknownsAsParameters = (op) =>
    op.segments.filter((s, i) => s === '{}' && segments[i] === null).length;
  const best = (m) =>
    index
      .filter((op) => op.method === m && fits(op))
      .sort((a, b) => score(b) - score(a) || unknownsAsParameters(b) - unknownsAsParameters(a))[0];
  return (
    best(method) ??
    (method === 'patch' ? best('put') : method === 'put' ? best('patch') : undefined)
  );
}

const where = (fact) => `${fact.file}:${fact.line}`;

/** The figures and misses of one app: `{ figures, misses }`. */
export function scoreFacts(doc, facts) {
  const index = operationIndex(doc);
  // A request is to the API when its first segment starts a documented path, or is `api`
  // (so that an app whose routes the generator does not find still counts its requests).
  const prefixes = new Set(['api', ...index.map((op) => op.segments[0])]);
  const requests = new Map();
  const groups = {
    property: new Map(),
    success: new Map(),
    error: new Map(),
    validation: new Map(),
  };
  for (const fact of facts) {
    const segments = urlSegments(fact.request.url);
    const requestKey = `${fact.request.method.toUpperCase()} /${segments.map((s) => s ?? '{}').join('/')}`;
    const op = matchRequest(index, fact.request.method, fact.request.url);
    const api = prefixes.has(segments[0]);
    if (!requests.has(requestKey)) requests.set(requestKey, { api, op, fact });
    if (!op) continue;
    const add = (group, key, make) => {
      const g = groups[group];
      if (!g.has(key)) g.set(key, { ...make(), op, facts: [] });
      g.get(key).facts.push(fact);
    };
    if (fact.kind === 'property') {
      // A body asserted beside an error status is the error's body, not the success schema's.
      if (fact.asserted.some((s) => s >= 300)) continue;
      const path = fact.path.join('.');
      add('property', `${op.key} ${fact.anywhere ? '..' : ''}${path}`, () => ({
        path: fact.path,
        anywhere: fact.anywhere,
        asserted: fact.asserted,
      }));
    } else if (fact.kind === 'status' && fact.status >= 200 && fact.status < 300)
      add('success', `${op.key} ${fact.status}`, () => ({ status: fact.status }));
    else if (fact.kind === 'status' && fact.status >= 400)
      add('error', `${op.key} ${fact.status}`, () => ({ status: fact.status }));
    else if (fact.kind === 'validation')
      add('validation', `${op.key} ${fact.field}`, () => ({ field: fact.field }));
  }
  const misses = [];
  const miss = (kind, entry, cause, detail) =>
    misses.push({
      kind,
      operation: entry.op.key,
      cause,
      detail,
      at: where(entry.facts[0]),
      facts: entry.facts.length,
    });
  const count = (group, judge) => {
    let hit = 0;
    for (const entry of groups[group].values()) if (judge(entry)) hit++;
    return { hit, total: groups[group].size };
  };
  const property = count('property', (e) => {
    const schema = successSchema(doc, e.op.operation, e.asserted);
    if (!schema)
      return (miss('property', e, 'no success body documented', e.path.join('.')), false);
    const found = e.anywhere
      ? findAnywhere(doc, schema, e.path)
      : findPath(doc, schema, e.path).found;
    if (!found) {
      const why = e.anywhere
        ? { cause: 'fragment not found at any depth', detail: e.path.join('.') }
        : missCause(doc, schema, e.path);
      miss('property', e, why.cause, `${e.path.join('.')}${why.detail ? ` (${why.detail})` : ''}`);
    }
    return found;
  });
  const success = count('success', (e) => {
    const documented = successStatus(e.op.operation);
    const ok = documented === String(e.status);
    if (!ok)
      miss(
        'status',
        e,
        documented
          ? `documented ${documented}, the test asserts ${e.status}`
          : `no 2xx documented, the test asserts ${e.status}`,
      );
    return ok;
  });
  const error = count('error', (e) => {
    const responses = e.op.operation.responses ?? {};
    const ok =
      String(e.status) in responses ||
      `${String(e.status)[0]}XX` in responses ||
      'default' in responses;
    if (!ok) miss('error', e, `${e.status} not documented`);
    return ok;
  });
  const validation = count('validation', (e) => {
    const ok = inRequest(doc, e.op, e.field);
    if (!ok)
      miss(
        'validation',
        e,
        e.op.operation.requestBody ? 'field not in the request body' : 'no request body documented',
        e.field,
      );
    return ok;
  });
  const api = [...requests.values()].filter((r) => r.api);
  for (const r of api)
    if (!r.op)
      misses.push({
        kind: 'route',
        operation: `${r.fact.request.method.toUpperCase()} ${r.fact.request.url.replaceAll(UNKNOWN_PART, '{?}')}`,
        cause: 'no documented operation answers this request',
        at: `${r.fact.request.file}:${r.fact.request.line}`,
        facts: 1,
      });
  const figures = {
    facts: facts.length,
    requests: api.length,
    routesFound: new Set(api.filter((r) => r.op).map((r) => r.op.key)).size,
    requestsMatched: api.filter((r) => r.op).length,
    properties: property.total,
    propertiesFound: property.hit,
    successStatuses: success.total,
    successStatusesAgreeing: success.hit,
    errorStatuses: error.total,
    errorStatusesDocumented: error.hit,
    validationFields: validation.total,
    validationFieldsFound: validation.hit,
  };
  return { figures: withRatios(figures), misses };
}

/** The recall figures from the counts (1 where there is nothing to find). */
export function withRatios(c) {
  const ratio = (a, b) => (b === 0 ? 1 : Math.round((a / b) * 10_000) / 10_000);
  return {
    ...c,
    propertyRecall: ratio(c.propertiesFound, c.properties),
    statusAgreement: ratio(c.successStatusesAgreeing, c.successStatuses),
    errorStatusRecall: ratio(c.errorStatusesDocumented, c.errorStatuses),
    validationFieldRecall: ratio(c.validationFieldsFound, c.validationFields),
  };
}

function successStatus(operation) {
  return Object.keys(operation.responses ?? {})
    .filter((c) => /^2\d\d$/.test(c))
    .sort()[0];
}

/** The schema of the asserted 2xx response when documented, else of the lowest 2xx. */
function successSchema(doc, operation, asserted) {
  const codes = Object.keys(operation.responses ?? {})
    .filter((c) => /^2\d\d$/.test(c))
    .sort();
  const status = codes.find((c) => asserted.includes(Number(c))) ?? codes[0];
  return status === undefined ? undefined : contentSchema(doc, operation.responses[status])?.schema;
}

/** A rejected field is documented as a body field (`items.*.name` along the schema) or a query parameter. */
function inRequest(doc, op, field) {
  const path = field.split('.');
  const body = contentSchema(doc, deref(doc, op.operation.requestBody))?.schema;
  if (body && (findPath(doc, body, path).found || findPath(doc, body, [path.join('.')]).found))
    return true;
  // A field the test sends to see it rejected, where the document says no other key is taken.
  if (body && refusedField(doc, body, path)) return true;
  const names = parameters(doc, op.item, op.operation).map((p) => p.name.replace(/\[\]$/, ''));
  return names.includes(field) || names.includes(path[0]);
}
