import type { Ctx, Extension, MethodRule } from '../infer/api.js';
import { members, union, unknown, type Type } from '../infer/type.js';

/**
 * Laravel's responses: `response()->json($data, $status)`, `response($content, $status)`,
 * `noContent()`, `Response::json`, `new JsonResponse(...)`, downloads and streams, and what
 * the chained `->header()`, `->setStatusCode()` do.
 * @see https://laravel.com/docs/responses
 */

const FACTORY = 'Illuminate\\Contracts\\Routing\\ResponseFactory';
const RESPONSE_FACADE = 'Illuminate\\Support\\Facades\\Response';
const JSON_RESPONSE = 'Illuminate\\Http\\JsonResponse';
const HTTP_RESPONSE = 'Illuminate\\Http\\Response';
const SYMFONY_RESPONSE = 'Symfony\\Component\\HttpFoundation\\Response';
const SYMFONY_JSON = 'Symfony\\Component\\HttpFoundation\\JsonResponse';
const STREAMED = 'Symfony\\Component\\HttpFoundation\\StreamedResponse';
const BINARY = 'Symfony\\Component\\HttpFoundation\\BinaryFileResponse';
const REDIRECT = 'Illuminate\\Http\\RedirectResponse';

/**
 * Symfony's `Response::HTTP_*` constants, which Laravel's responses inherit
 * (`response()->json($user, Response::HTTP_CREATED)`, `JsonResponse::HTTP_OK`).
 * @see https://github.com/symfony/http-foundation/blob/7.2/Response.php
 */
export const HTTP_STATUS_CONSTANTS: Readonly<Record<string, number>> = {
  HTTP_CONTINUE: 100,
  HTTP_SWITCHING_PROTOCOLS: 101,
  HTTP_PROCESSING: 102,
  HTTP_EARLY_HINTS: 103,
  HTTP_OK: 200,
  HTTP_CREATED: 201,
  HTTP_ACCEPTED: 202,
  HTTP_NON_AUTHORITATIVE_INFORMATION: 203,
  HTTP_NO_CONTENT: 204,
  HTTP_RESET_CONTENT: 205,
  HTTP_PARTIAL_CONTENT: 206,
  HTTP_MULTI_STATUS: 207,
  HTTP_ALREADY_REPORTED: 208,
  HTTP_IM_USED: 226,
  HTTP_MULTIPLE_CHOICES: 300,
  HTTP_MOVED_PERMANENTLY: 301,
  HTTP_FOUND: 302,
  HTTP_SEE_OTHER: 303,
  HTTP_NOT_MODIFIED: 304,
  HTTP_USE_PROXY: 305,
  HTTP_RESERVED: 306,
  HTTP_TEMPORARY_REDIRECT: 307,
  HTTP_PERMANENTLY_REDIRECT: 308,
  HTTP_BAD_REQUEST: 400,
  HTTP_UNAUTHORIZED: 401,
  HTTP_PAYMENT_REQUIRED: 402,
  HTTP_FORBIDDEN: 403,
  HTTP_NOT_FOUND: 404,
  HTTP_METHOD_NOT_ALLOWED: 405,
  HTTP_NOT_ACCEPTABLE: 406,
  HTTP_PROXY_AUTHENTICATION_REQUIRED: 407,
  HTTP_REQUEST_TIMEOUT: 408,
  HTTP_CONFLICT: 409,
  HTTP_GONE: 410,
  HTTP_LENGTH_REQUIRED: 411,
  HTTP_PRECONDITION_FAILED: 412,
  HTTP_REQUEST_ENTITY_TOO_LARGE: 413,
  HTTP_CONTENT_TOO_LARGE: 413,
  HTTP_REQUEST_URI_TOO_LONG: 414,
  HTTP_UNSUPPORTED_MEDIA_TYPE: 415,
  HTTP_REQUESTED_RANGE_NOT_SATISFIABLE: 416,
  HTTP_EXPECTATION_FAILED: 417,
  HTTP_I_AM_A_TEAPOT: 418,
  HTTP_MISDIRECTED_REQUEST: 421,
  HTTP_UNPROCESSABLE_ENTITY: 422,
  HTTP_UNPROCESSABLE_CONTENT: 422,
  HTTP_LOCKED: 423,
  HTTP_FAILED_DEPENDENCY: 424,
  HTTP_TOO_EARLY: 425,
  HTTP_UPGRADE_REQUIRED: 426,
  HTTP_PRECONDITION_REQUIRED: 428,
  HTTP_TOO_MANY_REQUESTS: 429,
  HTTP_REQUEST_HEADER_FIELDS_TOO_LARGE: 431,
  HTTP_UNAVAILABLE_FOR_LEGAL_REASONS: 451,
  HTTP_INTERNAL_SERVER_ERROR: 500,
  HTTP_NOT_IMPLEMENTED: 501,
  HTTP_BAD_GATEWAY: 502,
  HTTP_SERVICE_UNAVAILABLE: 503,
  HTTP_GATEWAY_TIMEOUT: 504,
  HTTP_VERSION_NOT_SUPPORTED: 505,
  HTTP_VARIANT_ALSO_NEGOTIATES_EXPERIMENTAL: 506,
  HTTP_INSUFFICIENT_STORAGE: 507,
  HTTP_LOOP_DETECTED: 508,
  HTTP_NOT_EXTENDED: 510,
  HTTP_NETWORK_AUTHENTICATION_REQUIRED: 511,
};

/**
 * The statuses a value may be, each known (a literal, a `Response::HTTP_*` constant, a branch
 * of `$created ? 201 : 200`); undefined when one is not.
 */
export function statusesOf(type: Type | undefined): number[] | undefined {
  if (!type) return undefined;
  const out: number[] = [];
  for (const t of members(type)) {
    const value = t.kind === 'literal' ? t.value : undefined;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 100 || value >= 600)
      return undefined;
    if (!out.includes(value)) out.push(value);
  }
  return out.length > 0 ? out : undefined;
}

/** A status the engine knows as one number (a literal, a `Response::HTTP_*` constant). */
export function statusOf(type: Type | undefined): number | undefined {
  const statuses = statusesOf(type);
  return statuses?.length === 1 ? statuses[0] : undefined;
}

/** A response with each status the value may be: one response per status. */
function withStatuses(r: Type & { kind: 'response' }, status: Type | undefined): Type {
  const codes = statusesOf(status);
  if (!codes) return r;
  return union(codes.map((code): Type => ({ ...r, status: code })));
}

/** A response with a body (none when the content is null or ''). */
export function response(sent: Type | undefined, status: Type | undefined, media?: string): Type {
  // A body encoded by the application (`response(json_encode($data))`) is that data as JSON.
  const encoded = sent?.kind === 'scalar' ? sent.json : undefined;
  const body = encoded ?? sent;
  if (encoded && !media) media = 'application/json';
  const empty = !body || body.kind === 'null' || (body.kind === 'literal' && body.value === '');
  const out: Type & { kind: 'response' } = { kind: 'response' };
  if (!empty) out.body = body;
  if (media) out.media = media;
  return withStatuses(out, status);
}

/** `json(null)` sends `{}` (Symfony's JsonResponse makes null an empty object). */
const EMPTY_OBJECT: Type = { kind: 'shape', fields: [] };

const json: MethodRule = (_r, args, ctx) => {
  const data = args[0] ?? ctx.named?.data;
  return response(
    !data || data.kind === 'null' ? EMPTY_OBJECT : data,
    args[1] ?? ctx.named?.status,
  );
};

/** A stream, of the media type its headers argument names, if any (a download is a file). */
function streamed(headers: Type | undefined): Type {
  const type =
    headers?.kind === 'shape'
      ? headers.fields.find((f) => f.key.toLowerCase() === 'content-type')?.type
      : undefined;
  const media = type?.kind === 'literal' ? String(type.value).split(';')[0]!.trim() : undefined;
  return media ? { kind: 'file', media } : { kind: 'file' };
}

/** The factory `response()` returns, and the facade: the same methods. */
const FACTORY_METHODS: Record<string, MethodRule> = {
  json,
  jsonp: (_r, args, ctx) => json(_r, args.slice(1), ctx),
  make: (_r, args) => response(args[0], args[1]),
  noContent: (_r, args) => response(undefined, args[0] ?? { kind: 'literal', value: 204 }),
  download: () => ({ kind: 'file' }),
  streamDownload: () => ({ kind: 'file' }),
  file: () => ({ kind: 'file' }),
  stream: (_r, args) => streamed(args[2]),
  streamJson: (_r, args) => response(args[0], args[1]),
  view: () => ({ kind: 'response', body: { kind: 'scalar', type: 'string' }, media: 'text/html' }),
  redirectTo: () => ({ kind: 'response', status: 302 }),
  redirectToRoute: () => ({ kind: 'response', status: 302 }),
};

const staticFactory = Object.fromEntries(
  Object.entries(FACTORY_METHODS).map(([name, rule]) => [
    name,
    (_c: string, args: Type[], ctx: Ctx) => rule({ kind: 'unknown' }, args, ctx),
  ]),
);

/** `->header('Content-Type', 'text/csv')`: the response's media type. */
const header: MethodRule = (r, args) => {
  const [name, value] = args;
  if (r.kind !== 'response' || name?.kind !== 'literal' || value?.kind !== 'literal') return r;
  if (String(name.value).toLowerCase() !== 'content-type') return r;
  return { ...r, media: String(value.value).split(';')[0]!.trim() };
};

const withHeaders: MethodRule = (r, args) => {
  const headers = args[0];
  if (r.kind !== 'response' || headers?.kind !== 'shape') return r;
  const type = headers.fields.find((f) => f.key.toLowerCase() === 'content-type');
  return type
    ? header(r, [{ kind: 'literal', value: 'Content-Type' }, type.type], undefined as never)
    : r;
};

/** What a response becomes after `->header(...)`, `->setStatusCode(...)`, ... */
const RESPONSE_METHODS: Record<string, MethodRule> = {
  header,
  withHeaders,
  withCookie: (r) => r,
  cookie: (r) => r,
  withoutCookie: (r) => r,
  setEncodingOptions: (r) => r,
  setCharset: (r) => r,
  setPublic: (r) => r,
  setPrivate: (r) => r,
  setMaxAge: (r) => r,
  setSharedMaxAge: (r) => r,
  setEtag: (r) => r,
  setLastModified: (r) => r,
  setExpires: (r) => r,
  setCache: (r) => r,
  setVary: (r) => r,
  withCallback: (r) => r,
  setStatusCode: (r, args) => withStatus(r, args[0]),
  status: (r, args) => (args.length > 0 ? withStatus(r, args[0]) : undefined),
  setData: (r, args) => (r.kind === 'response' ? { ...r, body: args[0] ?? unknown() } : r),
  setContent: (r, args) => (r.kind === 'response' ? { ...r, body: args[0] ?? unknown() } : r),
  getData: (r) => (r.kind === 'response' ? (r.body ?? unknown()) : undefined),
  getStatusCode: () => ({ kind: 'scalar', type: 'integer' }),
  // Responses are fluent: what else is called on one (`->with(...)`, `->withInput()`) keeps it.
  '*': (r) => (r.kind === 'response' ? r : undefined),
};

function withStatus(r: Type, status: Type | undefined): Type {
  return r.kind === 'response' ? withStatuses(r, status) : r;
}

const construct =
  (media?: string) =>
  (_c: string, args: Type[], ctx: Ctx): Type =>
    response(args[0] ?? ctx.named?.data ?? ctx.named?.content, args[1] ?? ctx.named?.status, media);

export const responses: Extension = {
  functions: {
    response: (args, ctx) =>
      args.length === 0
        ? { kind: 'object', class: FACTORY }
        : response(args[0], args[1] ?? ctx.named?.status),
    redirect: () => ({ kind: 'response', status: 302 }),
    back: () => ({ kind: 'response', status: 302 }),
    view: () => ({
      kind: 'response',
      body: { kind: 'scalar', type: 'string' },
      media: 'text/html',
    }),
  },
  methods: { response: RESPONSE_METHODS },
  effects: {
    response: {
      header,
      withHeaders,
      setStatusCode: (r, args) => withStatus(r, args[0]),
      setData: (r, args) => (r.kind === 'response' ? { ...r, body: args[0] ?? unknown() } : r),
    },
  },
  classes: [
    {
      classes: [
        SYMFONY_RESPONSE,
        HTTP_RESPONSE,
        JSON_RESPONSE,
        SYMFONY_JSON,
        REDIRECT,
        STREAMED,
        BINARY,
      ],
      constants: HTTP_STATUS_CONSTANTS,
    },
    { classes: [FACTORY], methods: FACTORY_METHODS },
    { classes: [RESPONSE_FACADE], statics: staticFactory },
    {
      classes: [JSON_RESPONSE, SYMFONY_JSON],
      construct: construct(),
      statics: { fromJsonString: () => response(unknown(), undefined) },
    },
    { classes: [HTTP_RESPONSE, SYMFONY_RESPONSE], construct: construct() },
    { classes: [STREAMED, BINARY], construct: () => ({ kind: 'file' }) },
    { classes: [REDIRECT], construct: () => ({ kind: 'response', status: 302 }) },
  ],
};

/** Whether a type is already a response (a handler's return that sets its own status). */
export function isResponse(type: Type): boolean {
  return members(type).every((t) => t.kind === 'response' || t.kind === 'file');
}
