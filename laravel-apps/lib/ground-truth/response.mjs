// What a test asserts on a response (TestResponse), on the fluent AssertableJson and through
// Pest's expect(): each assertion becomes facts about the request's answer.
import { invokeClosure } from './interpret.mjs';
import { isArr, lookup, THIS, UNKNOWN } from './values.mjs';

/** Status helpers of TestResponse and the status each asserts. */
export const STATUS_HELPERS = {
  assertok: 200,
  assertcreated: 201,
  assertaccepted: 202,
  assertnocontent: 204,
  assertmovedpermanently: 301,
  assertfound: 302,
  assertbadrequest: 400,
  assertunauthorized: 401,
  assertpaymentrequired: 402,
  assertforbidden: 403,
  assertnotfound: 404,
  assertmethodnotallowed: 405,
  assertnotacceptable: 406,
  assertrequesttimeout: 408,
  assertconflict: 409,
  assertgone: 410,
  assertunsupportedmediatype: 415,
  assertunprocessable: 422,
  asserttoomanyrequests: 429,
  assertinternalservererror: 500,
  assertserviceunavailable: 503,
};

/** `a.b.0.c` as path segments, list indexes as `*`. */
export function splitPath(path) {
  if (typeof path !== 'string' || path.includes('\u0000') || path === '') return undefined;
  return path.split('.').map((s) => (/^\d+$/.test(s) ? '*' : s));
}

/** Property paths a nested array asserts (assertJson, assertExactJson, assertJsonStructure). */
export function pathsOfArray(value, prefix, structure) {
  const out = [];
  if (!isArr(value)) return out;
  for (const { key, value: v } of value.entries) {
    // assertJsonStructure: a name listed is a key; `[['id']]` (a list inside) reads item 0.
    if (structure && typeof key === 'number') {
      if (typeof v === 'string') out.push([...prefix, ...(splitPath(v) ?? [])]);
      else if (isArr(v)) out.push(...pathsOfArray(v, [...prefix, '*'], structure));
      continue;
    }
    const segment = typeof key === 'number' ? '*' : key === '*' ? '*' : key;
    if (typeof segment !== 'string' || segment.includes('\u0000')) continue;
    const path = [...prefix, segment];
    const nested = isArr(v) ? pathsOfArray(v, path, structure) : [];
    if (nested.length > 0) out.push(...nested);
    else if (segment !== '*' || !structure) out.push(path);
  }
  return out.filter((p) => p.length > 0);
}

/** A method called on a value the interpreter holds (response, json, AssertableJson, expect). */
export function responseMethod(target, name, args, node, f) {
  const lower = name.toLowerCase();
  if (target?.t === 'resp') return onResponse(target, lower, args, node, f);
  if (target?.t === 'ajson') return onFluent(target, lower, args, node, f);
  if (target?.t === 'expect') return onExpect(target, lower, args, node, f);
  if (target?.t === 'json' && (lower === 'all' || lower === 'toarray')) return target;
  return UNKNOWN;
}

function onResponse(resp, lower, { values, named }, node, f) {
  const fact = (kind, data) => f.test.fact(resp.r, kind, data, node, f);
  const [a, b] = values;
  if (lower in STATUS_HELPERS) fact('status', { status: STATUS_HELPERS[lower] });
  else if (lower === 'assertstatus' && typeof a === 'number') fact('status', { status: a });
  else if (lower === 'assertjsonstructure' || lower === 'assertexactjsonstructure') {
    const base = a === null || a === undefined ? undefined : a;
    if (isArr(base)) for (const path of pathsOfArray(base, [], true)) fact('property', { path });
  } else if (
    lower === 'assertjson' ||
    lower === 'assertexactjson' ||
    lower === 'assertsimilarjson'
  ) {
    if (a?.t === 'closure') fluent(resp, [], a, f);
    else for (const path of pathsOfArray(a, [], false)) fact('property', { path });
  } else if (lower === 'assertjsonfragment') {
    // A fragment is found anywhere: a list around it (`[[...]]`) says nothing of where.
    for (const path of pathsOfArray(a, [], false))
      fact('property', { path: path[0] === '*' ? path.slice(1) : path, anywhere: true });
  } else if (lower === 'assertjsonpath') {
    const path = splitPath(a);
    // A null expected value passes when the key is missing: not a fact.
    if (path && b !== null && b !== undefined) fact('property', { path });
  } else if (lower === 'assertjsoncount') {
    const path = b === undefined || b === null ? [] : splitPath(b);
    if (path && typeof a === 'number' && a > 0) fact('property', { path: [...path, '*'] });
    else if (path && path.length > 0) fact('property', { path });
  } else if (
    ['assertjsonvalidationerrors', 'assertinvalid', 'assertjsonvalidationerrorfor'].includes(lower)
  ) {
    if ((named.get('responseKey') ?? b ?? 'errors') !== 'errors' && lower !== 'assertinvalid')
      return resp;
    for (const field of validationFields(a)) fact('validation', { field });
  } else if (
    lower === 'json' ||
    lower === 'decoderesponsejson' ||
    lower === 'getdata' ||
    lower === 'original'
  ) {
    const path = a === undefined || a === null || a === true ? [] : splitPath(a);
    return path ? { t: 'json', resp, path, n: f.test.requests.length } : UNKNOWN;
  } else if (lower === 'status' || lower === 'getstatuscode') return { t: 'statusread', resp };
  else if (!lower.startsWith('assert'))
    return lower === 'collect'
      ? { t: 'json', resp, path: splitPath(a) ?? [], n: f.test.requests.length }
      : UNKNOWN;
  return resp;
}

/** `['email']`, `'email'`, `['email' => 'message']`: the fields named. */
function validationFields(v) {
  const fields =
    typeof v === 'string'
      ? [v]
      : isArr(v)
        ? v.entries.map((e) => (typeof e.key === 'string' ? e.key : e.value))
        : [];
  return fields
    .filter((x) => typeof x === 'string' && !x.includes('\u0000'))
    .map((x) => x.replace(/\.\d+(?=\.|$)/g, '.*'));
}

/** `assertJson(fn (AssertableJson $json) => ...)`: the closure run on a fluent value. */
function fluent(resp, prefix, closure, f) {
  invokeClosure(closure, [{ t: 'ajson', resp, prefix }], f);
}

function onFluent(target, lower, { values }, node, f) {
  const [a, b, c] = values;
  const fact = (path) =>
    f.test.fact(target.resp.r, 'property', { path: [...target.prefix, ...path] }, node, f);
  const scoped = (path, closure) => fluent(target.resp, [...target.prefix, ...path], closure, f);
  if (lower === 'has' || lower === 'count') {
    const path = splitPath(typeof a === 'number' ? undefined : a);
    if (!path) return target;
    if (b?.t === 'closure') scoped(path, b);
    else if (c?.t === 'closure') {
      fact([...path, '*']);
      scoped([...path, '*'], c);
    } else fact(typeof b === 'number' && b > 0 ? [...path, '*'] : path);
  } else if (lower === 'hasall') {
    const list = isArr(a) ? a.entries.map((e) => e.value) : values;
    for (const v of list) {
      const path = splitPath(v);
      if (path) fact(path);
    }
  } else if (['where', 'wherenot', 'wheretype', 'wherecontains'].includes(lower)) {
    const path = splitPath(a);
    if (path && !(lower === 'where' && b === null)) fact(path);
  } else if (lower === 'whereall' || lower === 'wherealltype') {
    if (isArr(a))
      for (const e of a.entries)
        if (typeof e.key === 'string' && e.value !== null) fact(splitPath(e.key) ?? []);
  } else if (lower === 'first' || lower === 'each') {
    if (a?.t === 'closure') scoped(['*'], a);
  }
  return target;
}

/** Pest's `expect($x)`: a json read used as an expectation's subject. */
function onExpect(target, lower, { values }, node, f) {
  const [a] = values;
  const subject = target.value;
  if (subject?.t === 'statusread' && ['tobe', 'toequal'].includes(lower) && typeof a === 'number')
    f.test.fact(subject.resp.r, 'status', { status: a }, node, f);
  else if (subject?.t === 'json' && !subject.optional) {
    const negative = /^to(benull|beempty|befalsy)$/.test(lower);
    if (lower === 'tohavekey' && !target.not && typeof a === 'string')
      f.test.jsonFact({ ...subject, path: [...subject.path, ...(splitPath(a) ?? [])] }, node, f);
    else if (lower === 'tohavekeys' && !target.not && isArr(a))
      for (const e of a.entries)
        f.test.jsonFact(
          { ...subject, path: [...subject.path, ...(splitPath(e.value) ?? [])] },
          node,
          f,
        );
    else if (lower === 'tomatcharray' && !target.not)
      for (const path of pathsOfArray(a, subject.path, false))
        f.test.jsonFact({ ...subject, path }, node, f);
    else if (lower.startsWith('to') && (negative ? target.not : !target.not))
      f.test.jsonFact(subject, node, f);
  }
  return lower.startsWith('to')
    ? target
    : lower === 'not'
      ? { ...target, not: !target.not }
      : target;
}

export { lookup, THIS };
