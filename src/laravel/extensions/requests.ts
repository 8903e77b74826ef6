import type { Ctx, Extension, MethodRule, StaticRule } from '../infer/api.js';
import {
  BOOLEAN,
  INTEGER,
  NULL,
  NUMBER,
  STRING,
  listOf,
  stringValues,
  union,
  unknown,
  type Type,
} from '../infer/type.js';
import { sentKey } from '../infer/access.js';
import { arrayMerge, pickKeys } from './collections.js';
import { REQUEST, AUTH_FACTORY, URI, carbon, user } from './common.js';

function literalName(key: Type | undefined): string | undefined {
  return key?.kind === 'literal' ? String(key.value) : undefined;
}

/** The validated input a handler's request carries (see `TypeEngine.entryParams`). */
function inputOf(request: Type): Type {
  return request.kind === 'object' && request.state?.input
    ? request.state.input
    : unknown('request input');
}

const TRUE: Type = { kind: 'literal', value: true };

/**
 * A request known to be an API client's (`Accept: application/json`, under `api/`): what an
 * exception handler is asked to answer (`model/exception-replies.ts`).
 */
function apiRequest(request: Type): boolean {
  return request.kind === 'object' && request.state?.api?.kind === 'literal';
}

/** `'api/*'`, `'api.*'`: a pattern every API route matches. */
function apiPattern(pattern: Type, prefix: string): boolean {
  return pattern.kind === 'literal' && ['api*', `${prefix}*`].includes(String(pattern.value));
}

/** One input field: `$request->input('email')`, `$request->email`. */
function inputField(request: Type, key: Type | undefined, fallback?: Type): Type {
  const name = key?.kind === 'literal' ? String(key.value) : undefined;
  const input = inputOf(request);
  if (input.kind === 'sent') return sentField(input, name, fallback);
  const found =
    name !== undefined && input.kind === 'shape'
      ? input.fields.find((f) => f.key === name)
      : undefined;
  const type = found ? found.type : unknown(name ? `input ${name}` : 'request input');
  return fallback ? union([type, fallback]) : type;
}

/**
 * The input `name` of what the client sent (`$this->input('user')`, `$this->input('data', [])`:
 * the default is what an absent input gives).
 */
export function sentField(
  sent: Extract<Type, { kind: 'sent' }>,
  name: string | undefined,
  fallback?: Type,
): Type {
  if (name === undefined) return unknown('request input');
  const type = sentKey(sent, name);
  return fallback ? union([type, fallback]) : type;
}

/** `$this->only(['a', 'b'])` of what the client sent: those inputs, under their names. */
function sentOnly(sent: Type, args: readonly Type[]): Type | undefined {
  if (sent.kind !== 'sent' || sent.name !== undefined) return undefined;
  const names = args.flatMap((a) => stringValues(a.kind === 'list' ? a.items : a) ?? []);
  return { kind: 'shape', fields: names.map((key) => ({ key, type: sentField(sent, key) })) };
}

const wholeOrField: MethodRule = (r, args) =>
  args.length > 0 ? inputField(r, args[0], args[1]) : inputOf(r);

const request: Record<string, MethodRule> = {
  user: (_r, _a, ctx) => user(ctx),
  validated: wholeOrField,
  validate: (r) => inputOf(r),
  validateWithBag: (r) => inputOf(r),
  safe: (r) => inputOf(r),
  all: (r) => inputOf(r),
  input: wholeOrField,
  post: wholeOrField,
  get: wholeOrField,
  query: wholeOrField,
  json: wholeOrField,
  only: (r, args) => sentOnly(inputOf(r), args) ?? pickKeys(inputOf(r), args, true),
  except: (r, args) => pickKeys(inputOf(r), args, false),
  boolean: () => BOOLEAN,
  integer: () => INTEGER,
  float: () => NUMBER,
  string: () => STRING,
  str: () => STRING,
  date: () => union([carbon, NULL]),
  has: () => BOOLEAN,
  hasAny: () => BOOLEAN,
  filled: () => BOOLEAN,
  missing: () => BOOLEAN,
  isMethod: () => BOOLEAN,
  routeIs: (r, args) =>
    apiRequest(r) && args.every((a) => apiPattern(a, 'api.')) ? TRUE : BOOLEAN,
  is: (r, args) => (apiRequest(r) && args.every((a) => apiPattern(a, 'api/')) ? TRUE : undefined),
  expectsJson: (r) => (apiRequest(r) ? TRUE : BOOLEAN),
  wantsJson: (r) => (apiRequest(r) ? TRUE : BOOLEAN),
  acceptsJson: (r) => (apiRequest(r) ? TRUE : BOOLEAN),
  ip: () => STRING,
  url: () => URI,
  fullUrl: () => URI,
  path: () => STRING,
  method: () => STRING,
  bearerToken: () => union([STRING, NULL]),
  header: (_r, args) =>
    args.length > 0 ? union([STRING, NULL]) : { kind: 'map', values: listOf(STRING) },
  route: () => unknown('route parameter'),
};

const auth: Record<string, MethodRule> = {
  user: (_r, _a, ctx) => user(ctx),
  id: () => INTEGER,
  check: () => BOOLEAN,
  guest: () => BOOLEAN,
  guard: (r) => r,
  attempt: () => BOOLEAN,
};

const authStatics: Record<string, StaticRule> = {
  user: (_c, _a, ctx) => user(ctx),
  id: () => INTEGER,
  check: () => BOOLEAN,
  guest: () => BOOLEAN,
  guard: () => ({ kind: 'object', class: AUTH_FACTORY }),
  attempt: () => BOOLEAN,
};

/** `Validator::make($data, $rules)->validated()`: the data it was given, once valid. */
const validator: Record<string, MethodRule> = {
  validate: (r) =>
    r.kind === 'object' ? (r.state?.data ?? unknown('validated input')) : undefined,
  validated: (r) =>
    r.kind === 'object' ? (r.state?.data ?? unknown('validated input')) : undefined,
  safe: (r) => (r.kind === 'object' ? (r.state?.data ?? unknown('validated input')) : undefined),
  fails: () => BOOLEAN,
  passes: () => BOOLEAN,
  errors: () => ({ kind: 'object', class: MESSAGE_BAG }),
};

const MESSAGE_BAG = 'Illuminate\\Support\\MessageBag';

/** Each field's messages: `{"email": ["The email field is required."]}`. */
const MESSAGES: Type = { kind: 'map', values: listOf(STRING) };

/** A validator's errors (`$validator->errors()`), as JSON and as their accessors give them. */
const messageBag: Record<string, MethodRule> = {
  jsonSerialize: () => MESSAGES,
  toArray: () => MESSAGES,
  messages: () => MESSAGES,
  getMessages: () => MESSAGES,
  all: () => listOf(STRING),
  get: () => listOf(STRING),
  keys: () => listOf(STRING),
  first: () => STRING,
  has: () => BOOLEAN,
  any: () => BOOLEAN,
  isEmpty: () => BOOLEAN,
  isNotEmpty: () => BOOLEAN,
  count: () => INTEGER,
};

/**
 * The request: its validated input (typed by the operation's rules), the authenticated user,
 * `Validator::make(...)->validated()`, the controllers' `$this->validate(...)`.
 * @see https://laravel.com/docs/validation
 */
export const requests: Extension = {
  methods: {
    // `$this->json()->all()`, `$this->json()->get('user')`: the input, as the JSON body holds it.
    sent: {
      all: (r) => r,
      get: (r, args) =>
        r.kind === 'sent' ? sentField(r, literalName(args[0]), args[1]) : undefined,
    },
    // The `ValidatesRequests` trait of controllers: `$this->validate($request, [...])`.
    object: {
      validate: (_r, args) =>
        args[0]?.kind === 'object' && args[0].state?.input ? args[0].state.input : undefined,
    },
  },
  classes: [
    {
      classes: [
        REQUEST,
        'Illuminate\\Foundation\\Http\\FormRequest',
        'Illuminate\\Support\\Facades\\Request',
      ],
      methods: request,
      statics: Object.fromEntries(
        Object.entries(request).map(([k, rule]) => [
          k,
          (_c: string, args: Type[], ctx: Ctx) => rule({ kind: 'unknown' }, args, ctx),
        ]),
      ),
      // `prepareForValidation()`: keys set over the input, or another input instead.
      effects: {
        merge: (r, [over], ctx) =>
          r.kind === 'object' && over
            ? { ...r, state: { ...r.state, input: arrayMerge([inputOf(r), over], ctx) } }
            : undefined,
        replace: (r, [input]) =>
          r.kind === 'object' && input ? { ...r, state: { ...r.state, input } } : undefined,
      },
      // `$request->email` is an input, unless the class declares the property (`$this->rules`).
      properties: (r, name, ctx) =>
        r.kind === 'object' && ctx.infer.world.classes.property(r.class, name) !== undefined
          ? undefined
          : inputField(r, { kind: 'literal', value: name }),
    },
    {
      classes: [
        AUTH_FACTORY,
        'Illuminate\\Contracts\\Auth\\Guard',
        'Illuminate\\Contracts\\Auth\\StatefulGuard',
      ],
      methods: auth,
    },
    { classes: ['Illuminate\\Support\\Facades\\Auth'], statics: authStatics },
    {
      classes: ['Illuminate\\Support\\Facades\\Validator'],
      statics: {
        make: (_c, args) => ({
          kind: 'object',
          class: 'Illuminate\\Validation\\Validator',
          state: { data: args[0] ?? unknown() },
        }),
      },
    },
    {
      classes: [
        'Illuminate\\Validation\\Validator',
        'Illuminate\\Contracts\\Validation\\Validator',
      ],
      methods: validator,
    },
    {
      classes: [MESSAGE_BAG, 'Illuminate\\Contracts\\Support\\MessageBag'],
      methods: messageBag,
    },
  ],
};
