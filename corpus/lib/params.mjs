// Parameter values → the strings of an HTTP request, by `style` and `explode`, as the OpenAPI
// examples table shows them: https://spec.openapis.org/oas/v3.0.3#style-examples
// Each function returns undefined when the value cannot travel unambiguously in that style
// (an array item containing the delimiter): the caller then tries another value.

/** Defaults: `form` for query and cookie, `simple` for path and header; only `form` explodes. */
export function styleOf(param) {
  const fallback = param.in === 'query' || param.in === 'cookie' ? 'form' : 'simple';
  const style = typeof param.style === 'string' ? param.style : fallback;
  const explode = typeof param.explode === 'boolean' ? param.explode : style === 'form';
  return { style, explode };
}

const enc = encodeURIComponent;

export function scalar(value) {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Items as strings, or undefined when one contains `sep` (it would split on the way in) or is
 * itself an array or object (no style but deepObject says how to write those).
 */
function items(list, sep) {
  if (list.some((v) => typeof v === 'object' && v !== null)) return undefined;
  const out = list.map(scalar);
  return out.some((s) => s.includes(sep)) ? undefined : out;
}

/** Flat key/value pairs of an object's scalar properties. */
function entries(object, sep) {
  const out = [];
  for (const [key, value] of Object.entries(object)) {
    if (typeof value === 'object' && value !== null) return undefined;
    const text = scalar(value);
    if (key.includes(sep) || text.includes(sep) || key.includes('=')) return undefined;
    out.push([key, text]);
  }
  return out;
}

/** A path segment: `5`, `3,4,5`, `.3.4.5`, `;id=3;id=4`, ... (percent-encoded). */
export function pathValue(name, value, { style, explode }) {
  const text = (list) => list.map(enc);
  if (style === 'label') return labelled(value, explode, text);
  if (style === 'matrix') return matrix(name, value, explode, text);
  return simple(value, explode, text);
}

function simple(value, explode, text) {
  if (Array.isArray(value)) return join(items(value, ','), ',', text);
  if (isObject(value)) return pairs(entries(value, ','), explode ? '=' : ',', ',', text);
  return enc(scalar(value));
}

function labelled(value, explode, text) {
  const sep = explode ? '.' : ',';
  if (Array.isArray(value)) return prefix('.', join(items(value, sep), sep, text));
  if (isObject(value))
    return prefix('.', pairs(entries(value, sep), explode ? '=' : ',', sep, text));
  return '.' + enc(scalar(value));
}

function matrix(name, value, explode, text) {
  const key = enc(name);
  if (Array.isArray(value)) {
    if (!explode) return prefix(`;${key}=`, join(items(value, ','), ',', text));
    const list = items(value, ';');
    return list && list.map((v) => `;${key}=${enc(v)}`).join('');
  }
  if (isObject(value)) {
    if (explode) return prefix(';', pairs(entries(value, ';'), '=', ';', text));
    return prefix(`;${key}=`, pairs(entries(value, ','), ',', ',', text));
  }
  return `;${key}=${enc(scalar(value))}`;
}

/** Query pairs `[name, value]` (not yet encoded), or undefined. */
export function queryPairs(name, value, { style, explode }) {
  if (style === 'deepObject' && isObject(value)) return deep(name, value);
  if (Array.isArray(value)) {
    const sep = { spaceDelimited: ' ', pipeDelimited: '|' }[style] ?? ',';
    const list = items(value, explode ? '&' : sep);
    if (!list) return undefined;
    return explode ? list.map((v) => [name, v]) : [[name, list.join(sep)]];
  }
  if (isObject(value)) {
    const list = entries(value, ',');
    if (!list) return undefined;
    return explode ? list : [[name, list.flat().join(',')]];
  }
  return [[name, scalar(value)]];
}

/** `filter[status]=x`, nested as PHP reads it: `filter[a][b]=x`, `filter[tags][]=y`. */
function deep(name, value) {
  const out = [];
  const visit = (key, v) => {
    if (Array.isArray(v)) v.forEach((item) => visit(`${key}[]`, item));
    else if (isObject(v)) for (const [k, item] of Object.entries(v)) visit(`${key}[${k}]`, item);
    else out.push([key, scalar(v)]);
  };
  visit(name, value);
  return out;
}

/** A header or cookie value: the `simple` (or `form`) string. */
export function plainValue(value, { explode }) {
  if (Array.isArray(value)) return items(value, ',')?.join(',');
  if (isObject(value)) {
    const list = entries(value, ',');
    return list && list.map(([k, v]) => (explode ? `${k}=${v}` : `${k},${v}`)).join(',');
  }
  return scalar(value);
}

function join(list, sep, text) {
  return list && text(list).join(sep);
}

function pairs(list, inner, outer, text) {
  if (!list) return undefined;
  return list.map(([k, v]) => `${text([k])[0]}${inner}${text([v])[0]}`).join(outer);
}

function prefix(head, rest) {
  return rest === undefined ? undefined : head + rest;
}

function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
