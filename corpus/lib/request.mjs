// One valid request per operation: values from the project's generator (mode 'request'), each
// checked with the tool's own validator before it is sent, serialised by style, with credentials.
import { encodeBody, pickRequestMedia } from './bodies.mjs';
import { API_KEY, credentialsFor } from './credentials.mjs';
import { admitsNoValue } from './satisfiable.mjs';
import { pathValue, plainValue, queryPairs, styleOf } from './params.mjs';

/** Seeds tried per value: a pattern or a oneOf may defeat the first. */
const ATTEMPTS = 4;
/**
 * Headers a parameter cannot set: those the spec says to ignore, and the fetch standard's
 * forbidden request headers, which belong to the HTTP machinery, not to the client.
 * @see https://fetch.spec.whatwg.org/#forbidden-request-header
 */
const RESERVED_HEADERS = new Set([
  'accept',
  'content-type',
  'authorization',
  'accept-charset',
  'accept-encoding',
  'access-control-request-headers',
  'access-control-request-method',
  'connection',
  'content-length',
  'cookie',
  'cookie2',
  'date',
  'dnt',
  'expect',
  'host',
  'keep-alive',
  'origin',
  'referer',
  'set-cookie',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'via',
]);
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export class RequestError extends Error {
  /** `skip`: the document asks for what no single request can give; the operation is not judged. */
  constructor(cause, detail, skip = false) {
    super(detail);
    this.cause = cause;
    this.skip = skip;
  }
}

/**
 * `{ method, target, headers, body }` for `op`, or throws RequestError (cause `request: ...`)
 * when no valid request can be built. `ctx`: `{ doc, generate, check, deref, seed }`.
 */
export function buildRequest(ctx, op) {
  const creds = credentialsFor(ctx.doc, op.operation, ctx.deref);
  if (creds.unsatisfiable) {
    throw new RequestError('security no single request satisfies', creds.unsatisfiable, true);
  }
  const params = mergeParameters(ctx, op);
  const { base, qualifier } = splitPathKey(op.path);
  // A path parameter the path does not have (MasterCard's lives in the key's fragment) can
  // never be sent: OpenAPI says it must name a template expression of the path.
  const stray = params.find(
    (p) => p.in === 'path' && !new RegExp(`\\{${escape(p.name)}[+*]?\\}`).test(base),
  );
  if (stray) throw new RequestError('path parameter not in the path', stray.name, true);
  const out = { query: [], headers: {}, cookies: [] };
  const fixed = applyQualifier(ctx, op, qualifier, params, out);
  const path = unshadowedPath(ctx, op, base, params);
  for (const param of params) {
    if (param.in === 'path' || fixed.has(key(param))) continue;
    addParameter(ctx, op, param, out, creds, fixed.forced.has(key(param)));
  }
  for (const [name, value] of Object.entries(creds.query)) out.query.push([name, value]);
  for (const [name, value] of Object.entries(creds.cookies)) out.cookies.push([name, value]);
  const headers = { accept: '*/*', ...out.headers, ...creds.headers };
  if (out.cookies.length > 0) {
    headers.cookie = out.cookies.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
  }
  const body = buildBody(ctx, op);
  if (body) headers['content-type'] = body.contentType;
  const search = shortQuery(out.query, params, path);
  return {
    method: op.method.toUpperCase(),
    target: path + (search.length > 0 ? `?${search.join('&')}` : ''),
    headers,
    body: body?.payload,
  };
}

/** Past this, a request line risks the server's header limit (GSMtasks lists 400 filters). */
const MAX_TARGET = 6000;

/** The query, less its optional parameters when all of them would make the URL too long. */
function shortQuery(pairs, params, path) {
  const encode = (list) =>
    list.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`);
  const all = encode(pairs);
  if (path.length + all.join('&').length < MAX_TARGET) return all;
  const optional = new Set(
    params.filter((p) => p.in === 'query' && p.required !== true).map((p) => p.name),
  );
  return encode(pairs.filter(([name]) => !optional.has(name)));
}

function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Path item parameters overridden by the operation's (same name and location). */
function mergeParameters(ctx, op) {
  const merged = new Map();
  for (const raw of [...(op.pathItem.parameters ?? []), ...(op.operation.parameters ?? [])]) {
    const param = ctx.deref(raw);
    if (
      typeof param?.name !== 'string' ||
      !['path', 'query', 'header', 'cookie'].includes(param.in)
    ) {
      continue;
    }
    merged.set(key(param), param);
  }
  return [...merged.values()];
}

function key(param) {
  return `${param.in}:${param.in === 'header' ? param.name.toLowerCase() : param.name}`;
}

/**
 * Real specs put what tells operations apart into the path key: `/jobs?op=LIST`,
 * `/#X-Amz-Target=Svc.Op`, `/tags/{arn}#tagKeys`. The part after `?` or `#` is not path.
 */
export function splitPathKey(path) {
  const at = path.search(/[?#]/);
  return at < 0
    ? { base: path, qualifier: '' }
    : { base: path.slice(0, at), qualifier: path.slice(at) };
}

/** Sets what a path key's qualifier demands; returns the parameters it fixed or forces. */
function applyQualifier(ctx, op, qualifier, params, out) {
  const fixed = new Set();
  fixed.forced = new Set();
  if (qualifier === '') return fixed;
  // A declared name gets its value where the operation declares it; any other is sent as a
  // query key, which is how S3's `#lifecycle` or Azure's `#overload=stream` tell keys apart.
  for (const part of qualifier.slice(1).split('&').filter(Boolean)) {
    const eq = part.indexOf('=');
    const name = eq < 0 ? part : part.slice(0, eq);
    const value = eq < 0 ? undefined : part.slice(eq + 1);
    const declared =
      params.find((p) => p.name === name && p.in === 'query') ??
      params.find((p) => p.name.toLowerCase() === name.toLowerCase() && p.in === 'header');
    if (value === undefined) {
      if (declared) fixed.forced.add(key(declared));
      else out.query.push([name, '']);
      continue;
    }
    const template = /^\{(.+)\}$/.exec(value);
    const text = template ? templateValue(ctx, op, params, template[1]) : value;
    if (declared?.in === 'header') out.headers[declared.name.toLowerCase()] = text;
    else out.query.push([name, text]);
    if (declared) fixed.add(key(declared));
  }
  return fixed;
}

function templateValue(ctx, op, params, name) {
  const param = params.find((p) => p.name === name);
  if (!param) return 'x1';
  const value = validValue(ctx, op, param, 0, (v) => plainValue(v, styleOf(param)));
  if (value === undefined) throw noValue(ctx, param);
  return value.text;
}

/**
 * A path whose values do not make it another, concrete path key with the same method:
 * `GET /services/buildkite` is the key `/services/buildkite` before it is `/services/{slug}`,
 * as OpenAPI matches concrete paths first
 * (https://spec.openapis.org/oas/v3.0.3#path-templating-matching) and Laravel does too, among
 * the routes of the request's method.
 */
function unshadowedPath(ctx, op, base, params) {
  let path;
  for (let round = 0; round < ATTEMPTS; round++) {
    path = fillPath(ctx, op, base, params, round);
    if (!shadowed(ctx, op, base, path)) return path;
  }
  throw new RequestError('path values always land on a concrete path', path, true);
}

function shadowed(ctx, op, base, path) {
  const mine = segments(base);
  const actual = path.split('?')[0].split('/');
  return [...ctx.pathKeys].some(([key, methods]) => {
    if (!methods.has(op.method)) return false;
    const otherBase = splitPathKey(key).base;
    const other = segments(otherBase);
    if (other.length !== actual.length || otherBase === base) return false;
    const matches = other.every((seg, i) => seg.param || decodeSafe(actual[i]) === seg.text);
    if (!matches) return false;
    const at = mine.findIndex((seg, i) => seg.param !== other[i]?.param);
    return at >= 0 && mine[at].param && !other[at].param;
  });
}

function segments(template) {
  return template.split('/').map((text) => ({ text, param: /\{[^}]*\}/.test(text) }));
}

function decodeSafe(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function fillPath(ctx, op, base, params, round) {
  const filled = base.replace(/\{([^}]*)\}/g, (_, raw) => {
    const name = raw.replace(/[+*]$/, '');
    const param =
      params.find((p) => p.in === 'path' && p.name === name) ??
      params.find((p) => p.in === 'path' && p.name === raw);
    if (!param) return 'x1';
    const value = validValue(ctx, op, param, round, (v) => {
      const text = pathValue(param.name, v, styleOf(param));
      // An empty or dot segment would change the route itself.
      return text === undefined || /^\.{0,2}$/.test(text) ? undefined : text;
    });
    if (value === undefined) throw noValue(ctx, param);
    return value.text;
  });
  const path = filled.startsWith('/') ? filled : `/${filled}`;
  return encodeURI(path).replace(/%25([0-9A-Fa-f]{2})/g, '%$1');
}

/**
 * The names the mock always reads as credentials (an off-pattern value there is refused on every
 * endpoint), so a parameter by that name gets a mock credential whenever its schema allows one.
 */
const CREDENTIAL_NAMES = { 'header:x-api-key': API_KEY, 'query:api_key': API_KEY };

function addParameter(ctx, op, param, out, creds, forced) {
  const name = param.name;
  const carrier = credentialValue(param, creds);
  if (carrier !== undefined) return;
  const credential = CREDENTIAL_NAMES[key(param)];
  if (credential !== undefined && !ctx.check(schemaOf(param) ?? {}, credential, 'request')) {
    if (param.in === 'query') out.query.push([name, credential]);
    else out.headers[name.toLowerCase()] = credential;
    return;
  }
  if (param.in === 'query' && name === '_scenario') return;
  if (param.in === 'header' && !sendableHeader(name)) return;
  const required = param.required === true || forced;
  const style = styleOf(param);
  const json = isJsonContent(param);
  const serialise = {
    query: (v) => (json ? [[name, JSON.stringify(v)]] : queryPairs(name, v, style)),
    header: (v) => headerText(json ? JSON.stringify(v) : plainValue(v, style)),
    cookie: (v) => cookieText(json ? JSON.stringify(v) : plainValue(v, style)),
  }[param.in];
  const value = validValue(ctx, op, param, 0, serialise);
  if (value === undefined) {
    if (required) throw noValue(ctx, param);
    return;
  }
  if (param.in === 'query') out.query.push(...value.text);
  else if (param.in === 'header') out.headers[name.toLowerCase()] = value.text;
  else out.cookies.push([name, value.text]);
}

function sendableHeader(name) {
  const lower = name.toLowerCase();
  return TOKEN.test(name) && !RESERVED_HEADERS.has(lower) && !/^(proxy|sec)-/.test(lower);
}

/** A parameter the credentials already set (an `api_key` query parameter, say). */
function credentialValue(param, creds) {
  if (param.in === 'query') return creds.query[param.name];
  if (param.in === 'cookie') return creds.cookies[param.name];
  if (param.in === 'header') return creds.headers[param.name.toLowerCase()];
  return undefined;
}

/** Printable ASCII without surrounding space: what survives a header field unchanged. */
function headerText(text) {
  return text !== undefined && /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(text)
    ? text
    : undefined;
}

function cookieText(text) {
  return text !== undefined && !/[;\r\n]/.test(text) && text.trim() === text ? text : undefined;
}

function isJsonContent(param) {
  const first = Object.keys(param.content ?? {})[0];
  return first !== undefined && /json/i.test(first);
}

function schemaOf(param) {
  if (param.schema !== undefined) return param.schema;
  const first = Object.values(param.content ?? {})[0];
  return first?.schema;
}

/**
 * A generated value for `param` that the tool's validator accepts and `serialise` can carry:
 * `{ value, text }`, or undefined after a few seeds.
 */
function validValue(ctx, op, param, round, serialise) {
  const declared = schemaOf(param);
  const required = param.in === 'path' || param.required === true;
  ctx.resetNote();
  for (let attempt = 0; attempt < ATTEMPTS * 2; attempt++) {
    const n = round * ATTEMPTS + attempt;
    const seed = `${ctx.seed}|${op.method} ${op.path}|${param.in}:${param.name}|${n}`;
    // A blank default (`default: ""`) comes back every time: later tries go without it.
    const schema = attempt < ATTEMPTS ? declared : withoutFixedValues(ctx, declared);
    const value = schema === undefined ? 'x1' : ctx.generate(schema, seed);
    if (value === undefined) continue;
    // Laravel's `required`, which the mock follows, refuses an empty string or list.
    if (required && (value === '' || (Array.isArray(value) && value.length === 0))) continue;
    const problem = schema === undefined ? null : ctx.check(schema, value, 'request');
    if (problem && !problem.unchecked) {
      ctx.note(
        `request: generated ${param.in} parameter invalid (${problem.keyword})`,
        problem.message,
      );
      continue;
    }
    const text = serialise(value);
    if (text !== undefined) return { value, text };
    // A delimiter inside a value (`.` in a label-style object) would split it on the way in:
    // the same value without delimiters, if the schema takes that.
    const plain = scrub(value);
    const plainText = serialise(plain);
    if (plainText !== undefined && !ctx.check(schema ?? {}, plain, 'request')) {
      return { value: plain, text: plainText };
    }
  }
  return undefined;
}

/** The schema without the values its author wrote down (examples, default), which repeat. */
function withoutFixedValues(ctx, schema) {
  const resolved = ctx.deref(schema);
  if (typeof resolved !== 'object' || resolved === null) return schema;
  const rest = { ...resolved };
  for (const key of ['default', 'example', 'examples']) delete rest[key];
  return rest;
}

function scrub(value) {
  if (typeof value === 'string') return value.replace(/[.,;=&| ]/g, '-');
  if (Array.isArray(value)) return value.map(scrub);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v)]));
  }
  return value;
}

/** The last invalid value generated says why; else nothing generated could be sent. */
function noValue(ctx, param) {
  const where = `${param.in} parameter "${param.name}"`;
  if (admitsNoValue(ctx, schemaOf(param))) {
    return new RequestError('request schema admits no value', where, true);
  }
  const last = ctx.lastNote();
  if (last) return new RequestError(last.cause, `${where}: ${last.detail}`);
  // Valid values the style cannot carry (an array of objects in a form query): not judged.
  return new RequestError(`${param.in} parameter value not expressible in its style`, where, true);
}

/**
 * Top-level properties that are files: `format: binary` (3.0), or a `contentMediaType` /
 * `contentEncoding` (3.1), through `$ref` and `allOf`.
 */
function fileFields(ctx, schema, depth = 0, out = new Set()) {
  const node = ctx.deref(schema);
  if (typeof node !== 'object' || node === null || depth > 8) return out;
  for (const [name, raw] of Object.entries(node.properties ?? {})) {
    const prop = ctx.deref(raw) ?? {};
    const item = ctx.deref(prop.items) ?? {};
    const isFile = (s) =>
      s.format === 'binary' || s.contentMediaType !== undefined || s.contentEncoding !== undefined;
    if (isFile(prop) || (prop.type === 'array' && isFile(item))) out.add(name);
  }
  for (const part of node.allOf ?? []) fileFields(ctx, part, depth + 1, out);
  return out;
}

function buildBody(ctx, op) {
  const requestBody = ctx.deref(op.operation.requestBody);
  if (typeof requestBody !== 'object' || requestBody === null) return undefined;
  const picked = pickRequestMedia(requestBody.content);
  if (!picked) return undefined;
  const [type, media] = picked;
  const schema = ctx.deref(media)?.schema;
  ctx.resetNote();
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const seed = `${ctx.seed}|${op.method} ${op.path}|body|${attempt}`;
    const value = schema === undefined ? {} : ctx.generate(schema, seed);
    const problem = schema === undefined ? null : ctx.check(schema, value, 'request');
    if (problem && !problem.unchecked) {
      ctx.note(
        `request: generated body invalid (${problem.keyword}${problem.format ? ` ${problem.format}` : ''})`,
        problem.message,
      );
      continue;
    }
    const encoded = encodeBody(type, media, value, fileFields(ctx, schema));
    if (encoded) return encoded;
  }
  if (requestBody.required !== true) return undefined;
  if (admitsNoValue(ctx, schema)) {
    throw new RequestError('request schema admits no value', `body in ${type}`, true);
  }
  const last = ctx.lastNote();
  // Valid values the media type cannot carry (a multipart body that is a string): not judged.
  if (!last) throw new RequestError('body value not expressible in its media type', type, true);
  throw new RequestError(last.cause, `body in ${type}: ${last?.detail ?? ''}`);
}
