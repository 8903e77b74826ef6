import type { Ctx, Extension, FunctionRule, MethodRule, StaticRule } from '../infer/api.js';
import type { PhpValue } from '../php/value.js';
import { valueType } from '../infer/support.js';
import {
  BOOLEAN,
  DATE_TIME,
  INTEGER,
  NULL,
  NUMBER,
  STRING,
  listOf,
  members,
  scalar,
  stringValues,
  union,
  unknown,
  type Type,
} from '../infer/type.js';

/**
 * Laravel's helpers and facades, PHP's functions, Carbon and `Str`: what their calls give
 * back. Values whose type does not depend on what a method is called on (`->toIso8601String()`
 * is a date-time string whatever the receiver) are typed even on unknown receivers.
 * @see https://laravel.com/docs/helpers
 */

const CARBON = 'Carbon\\Carbon';
const REQUEST = 'Illuminate\\Http\\Request';
const AUTH_FACTORY = 'Illuminate\\Contracts\\Auth\\Factory';
const URI: Type = scalar('string', 'uri');
const TAP_PROXY = 'Illuminate\\Support\\HigherOrderTapProxy';

const returns =
  (type: Type): FunctionRule =>
  () =>
    type;

/** The authenticated user: the project's user model, when it has one. */
function user(ctx: Ctx): Type {
  const model = ctx.infer.world.authModel;
  return model ? { kind: 'model', class: model } : unknown('authenticated user');
}

const carbon: Type = { kind: 'object', class: CARBON };

/** `config('app.name')`: the value in the project's config files, typed. */
function configType(value: PhpValue | undefined, ctx: Ctx): Type {
  if (value === undefined) return unknown('config');
  if (
    typeof value === 'object' &&
    value !== null &&
    value.kind === 'call' &&
    value.callee === 'env'
  ) {
    const fallback = value.args[1];
    if (typeof fallback === 'number') return Number.isInteger(fallback) ? INTEGER : NUMBER;
    if (typeof fallback === 'boolean') return BOOLEAN;
    return STRING;
  }
  return valueType(value, ctx.infer);
}

const FUNCTIONS: Record<string, FunctionRule> = {
  config: (args, ctx) => {
    const key = stringValues(args[0] ?? unknown())?.[0];
    if (!key) return unknown('config');
    const found = configType(ctx.infer.world.configValue(key), ctx);
    return found.kind === 'unknown' && args[1] ? args[1] : found;
  },
  env: (args) => (args[1] && args[1].kind !== 'null' ? union([args[1]]) : STRING),
  now: () => carbon,
  today: () => carbon,
  abort: () => ({ kind: 'never' }),
  abort_if: () => NULL,
  abort_unless: () => NULL,
  auth: (args) =>
    args.length > 0
      ? { kind: 'object', class: AUTH_FACTORY }
      : { kind: 'object', class: AUTH_FACTORY },
  request: (args) =>
    args.length > 0 ? unknown('request input') : { kind: 'object', class: REQUEST },
  app: (args, ctx) => instanceOf(args[0], ctx),
  resolve: (args, ctx) => instanceOf(args[0], ctx),
  value: (args, ctx) =>
    args[0]?.kind === 'fn' ? ctx.infer.invoke(args[0], args.slice(1), ctx.frame) : args[0],
  // `tap($x, fn)` is `$x`; `tap($x)->update(...)` too, whatever the method gives.
  tap: (args) =>
    args.length > 1 || !args[0]
      ? args[0]
      : { kind: 'object', class: TAP_PROXY, state: { target: args[0] } },
  optional: (args) => args[0],
  with: (args, ctx) =>
    args[1] ? ctx.infer.invoke(args[1], [args[0] ?? NULL], ctx.frame) : args[0],
  transform: (args, ctx) =>
    args[1] ? ctx.infer.invoke(args[1], [args[0] ?? NULL], ctx.frame) : args[0],
  rescue: (args, ctx) => (args[0] ? ctx.infer.invoke(args[0], [], ctx.frame) : undefined),
  retry: (args, ctx) => (args[1] ? ctx.infer.invoke(args[1], [], ctx.frame) : undefined),
  route: returns(URI),
  url: (args) =>
    args.length > 0 ? URI : { kind: 'object', class: 'Illuminate\\Routing\\UrlGenerator' },
  asset: returns(URI),
  secure_url: returns(URI),
  action: returns(URI),
  storage_path: returns(STRING),
  base_path: returns(STRING),
  public_path: returns(STRING),
  __: returns(STRING),
  trans: returns(STRING),
  trans_choice: returns(STRING),
  csrf_token: returns(STRING),
  bcrypt: returns(STRING),
  encrypt: returns(STRING),
  json_encode: returns(STRING),
  json_decode: (args) =>
    args[1]?.kind === 'literal' && args[1].value === true
      ? { kind: 'map', values: unknown() }
      : unknown('json_decode'),
  serialize: returns(STRING),
  sprintf: returns(STRING),
  vsprintf: returns(STRING),
  number_format: returns(STRING),
  money_format: returns(STRING),
  ucfirst: returns(STRING),
  lcfirst: returns(STRING),
  ucwords: returns(STRING),
  strtoupper: returns(STRING),
  strtolower: returns(STRING),
  mb_strtolower: returns(STRING),
  mb_strtoupper: returns(STRING),
  trim: returns(STRING),
  ltrim: returns(STRING),
  rtrim: returns(STRING),
  str_replace: returns(STRING),
  str_pad: returns(STRING),
  str_repeat: returns(STRING),
  substr: returns(STRING),
  mb_substr: returns(STRING),
  implode: returns(STRING),
  join: returns(STRING),
  explode: () => listOf(STRING),
  str_split: () => listOf(STRING),
  md5: returns(STRING),
  sha1: returns(STRING),
  hash: returns(STRING),
  base64_encode: returns(STRING),
  base64_decode: returns(STRING),
  uniqid: returns(STRING),
  class_basename: returns(STRING),
  get_class: returns(STRING),
  basename: returns(STRING),
  dirname: returns(STRING),
  e: returns(STRING),
  nl2br: returns(STRING),
  strip_tags: returns(STRING),
  htmlspecialchars: returns(STRING),
  urlencode: returns(STRING),
  http_build_query: returns(STRING),
  date: returns(STRING),
  gmdate: returns(STRING),
  str_slug: returns(STRING),
  str_random: returns(STRING),
  str_contains: returns(BOOLEAN),
  str_starts_with: returns(BOOLEAN),
  str_ends_with: returns(BOOLEAN),
  strlen: returns(INTEGER),
  mb_strlen: returns(INTEGER),
  strpos: () => union([INTEGER, { kind: 'literal', value: false }]),
  intval: returns(INTEGER),
  floatval: returns(NUMBER),
  boolval: returns(BOOLEAN),
  strval: returns(STRING),
  time: returns(INTEGER),
  strtotime: returns(INTEGER),
  mktime: returns(INTEGER),
  random_int: returns(INTEGER),
  rand: returns(INTEGER),
  mt_rand: returns(INTEGER),
  round: returns(NUMBER),
  floor: returns(NUMBER),
  ceil: returns(NUMBER),
  abs: (args) => args[0] ?? NUMBER,
  max: (args) => (args.length > 0 ? union(args) : NUMBER),
  min: (args) => (args.length > 0 ? union(args) : NUMBER),
  pow: returns(NUMBER),
  sqrt: returns(NUMBER),
  is_null: returns(BOOLEAN),
  is_array: returns(BOOLEAN),
  is_string: returns(BOOLEAN),
  is_numeric: returns(BOOLEAN),
  is_int: returns(BOOLEAN),
  is_bool: returns(BOOLEAN),
  isset: returns(BOOLEAN),
  empty: returns(BOOLEAN),
  filled: returns(BOOLEAN),
  blank: returns(BOOLEAN),
  method_exists: returns(BOOLEAN),
  property_exists: returns(BOOLEAN),
  class_exists: returns(BOOLEAN),
  function_exists: returns(BOOLEAN),
  file_exists: returns(BOOLEAN),
  preg_match: returns(INTEGER),
  preg_replace: returns(STRING),
  version_compare: () => union([BOOLEAN, INTEGER]),
  filter_var: (args) => args[0] ?? unknown(),
  ip2long: returns(INTEGER),
  array_key_first: () => union([STRING, INTEGER, NULL]),
  array_key_last: () => union([STRING, INTEGER, NULL]),
};

/** `app(Foo::class)`, `resolve('foo')`: an instance of the class, when it names one. */
function instanceOf(arg: Type | undefined, ctx: Ctx): Type {
  if (!arg) return { kind: 'object', class: 'Illuminate\\Foundation\\Application' };
  return union(
    members(arg).map((t) =>
      t.kind === 'class'
        ? ctx.infer.instance(t.class)
        : t.kind === 'literal' && typeof t.value === 'string' && t.value.includes('\\')
          ? ctx.infer.instance(t.value)
          : unknown('app()'),
    ),
  );
}

/** Methods whose result does not depend on the receiver (Carbon, collections, strings). */
const VALUE_METHODS: Record<string, Type> = {
  toIso8601String: DATE_TIME,
  toIso8601ZuluString: DATE_TIME,
  toISOString: DATE_TIME,
  toAtomString: DATE_TIME,
  toRfc3339String: DATE_TIME,
  toW3cString: DATE_TIME,
  toDateString: scalar('string', 'date'),
  toDateTimeString: STRING,
  toDateTimeLocalString: STRING,
  toTimeString: STRING,
  toFormattedDateString: STRING,
  toDayDateTimeString: STRING,
  format: STRING,
  isoFormat: STRING,
  translatedFormat: STRING,
  diffForHumans: STRING,
  diffInDays: INTEGER,
  diffInHours: INTEGER,
  diffInMinutes: INTEGER,
  diffInSeconds: INTEGER,
  timestamp: INTEGER,
  getTimestamp: INTEGER,
  toString: STRING,
  __toString: STRING,
  getKey: INTEGER,
  url: URI,
  temporaryUrl: URI,
  getClientOriginalName: STRING,
  getMimeType: STRING,
  getSize: INTEGER,
  can: BOOLEAN,
  cannot: BOOLEAN,
  hasVerifiedEmail: BOOLEAN,
  hasRole: BOOLEAN,
  hasPermission: BOOLEAN,
  isAdmin: BOOLEAN,
  tokenCan: BOOLEAN,
  implode: STRING,
  count: INTEGER,
  exists: BOOLEAN,
  isEmpty: BOOLEAN,
  isNotEmpty: BOOLEAN,
  isPast: BOOLEAN,
  isFuture: BOOLEAN,
  isToday: BOOLEAN,
};

const valueMethods: Record<string, MethodRule> = Object.fromEntries(
  Object.entries(VALUE_METHODS).map(([name, type]) => [name, () => type]),
);

/** Carbon's properties. @see https://carbon.nesbot.com/docs/#api-getters */
const CARBON_PROPERTIES: Record<string, Type> = {
  timestamp: INTEGER,
  year: INTEGER,
  month: INTEGER,
  day: INTEGER,
  hour: INTEGER,
  minute: INTEGER,
  second: INTEGER,
  dayOfWeek: INTEGER,
  dayOfYear: INTEGER,
  daysInMonth: INTEGER,
  timezoneName: STRING,
  tzName: STRING,
};

/** Carbon's methods that give another date. */
const CARBON_CHAIN =
  /^(add|sub|start|end|set|copy|clone|tz|timezone|utc|local|next|previous|first|last|modify|floor|ceil|round|min|max)/;

const carbonStatics: Record<string, StaticRule> = {
  now: () => carbon,
  today: () => carbon,
  yesterday: () => carbon,
  tomorrow: () => carbon,
  parse: () => carbon,
  create: () => carbon,
  createFromFormat: () => carbon,
  createFromTimestamp: () => carbon,
  make: () => carbon,
  instance: () => carbon,
};

/** The validated input a handler's request carries (see `TypeEngine.entryParams`). */
function inputOf(request: Type): Type {
  return request.kind === 'object' && request.state?.input
    ? request.state.input
    : unknown('request input');
}

/** One input field: `$request->input('email')`, `$request->email`. */
function inputField(request: Type, key: Type | undefined, fallback?: Type): Type {
  const name = key?.kind === 'literal' ? String(key.value) : undefined;
  const input = inputOf(request);
  const found =
    name !== undefined && input.kind === 'shape'
      ? input.fields.find((f) => f.key === name)
      : undefined;
  const type = found ? found.type : unknown(name ? `input ${name}` : 'request input');
  return fallback ? union([type, fallback]) : type;
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
  only: (r, args) => {
    const input = inputOf(r);
    const keys = new Set(args.flatMap((a) => stringValues(a.kind === 'list' ? a.items : a) ?? []));
    return input.kind === 'shape'
      ? { ...input, fields: input.fields.filter((f) => keys.has(f.key)) }
      : input;
  },
  except: (r, args) => {
    const input = inputOf(r);
    const keys = new Set(args.flatMap((a) => stringValues(a.kind === 'list' ? a.items : a) ?? []));
    return input.kind === 'shape'
      ? { ...input, fields: input.fields.filter((f) => !keys.has(f.key)) }
      : input;
  },
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
  routeIs: () => BOOLEAN,
  expectsJson: () => BOOLEAN,
  wantsJson: () => BOOLEAN,
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

/** `Str::` helpers: strings, but for the tests (`is*`) and counts. */
const strStatics: Record<string, StaticRule> = new Proxy(
  {},
  {
    get: (_t, method: string) => (): Type => {
      if (/^(is|contains|startsWith|endsWith)/.test(method)) return BOOLEAN;
      if (/^(length|wordCount|position|substrCount)$/.test(method)) return INTEGER;
      if (method === 'uuid' || method === 'orderedUuid') return scalar('string', 'uuid');
      if (method === 'of') return STRING;
      return STRING;
    },
    has: () => true,
  },
);

/** Facades and framework calls that run a callback and give back what it returns. */
const callbacks: Record<string, StaticRule> = {
  transaction: (_c, args, ctx) => (args[0] ? ctx.infer.invoke(args[0], [], ctx.frame) : undefined),
  remember: (_c, args, ctx) => (args[2] ? ctx.infer.invoke(args[2], [], ctx.frame) : undefined),
  rememberForever: (_c, args, ctx) =>
    args[1] ? ctx.infer.invoke(args[1], [], ctx.frame) : undefined,
  sear: (_c, args, ctx) => (args[1] ? ctx.infer.invoke(args[1], [], ctx.frame) : undefined),
  flexible: (_c, args, ctx) => (args[2] ? ctx.infer.invoke(args[2], [], ctx.frame) : undefined),
  get: (_c, args) => args[1] ?? unknown('cache'),
  has: () => BOOLEAN,
  put: () => BOOLEAN,
  forget: () => BOOLEAN,
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
  errors: () => ({ kind: 'object', class: 'Illuminate\\Support\\MessageBag' }),
};

export const helpers: Extension = {
  functions: FUNCTIONS,
  // Sanctum's new token, whatever it was read from.
  properties: { unknown: (_r, name) => (name === 'plainTextToken' ? STRING : undefined) },
  methods: {
    unknown: valueMethods,
    // The `ValidatesRequests` trait of controllers: `$this->validate($request, [...])`.
    object: {
      validate: (_r, args) =>
        args[0]?.kind === 'object' && args[0].state?.input ? args[0].state.input : undefined,
    },
  },
  classes: [
    {
      classes: [
        CARBON,
        'Carbon\\CarbonImmutable',
        'Illuminate\\Support\\Carbon',
        'Illuminate\\Support\\Facades\\Date',
        'DateTime',
        'DateTimeImmutable',
        'DateTimeInterface',
      ],
      statics: carbonStatics,
      construct: () => carbon,
      properties: (_r, name) => CARBON_PROPERTIES[name],
      methods: new Proxy(valueMethods, {
        get: (target, method: string) =>
          target[method] ?? (CARBON_CHAIN.test(method) ? (r: Type) => r : undefined),
      }),
    },
    {
      classes: ['Illuminate\\Support\\Str', 'Illuminate\\Support\\Stringable'],
      statics: strStatics,
      methods: { toString: () => STRING, value: () => STRING, '*': () => STRING },
    },
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
      properties: (r, name) => inputField(r, { kind: 'literal', value: name }),
    },
    {
      classes: [TAP_PROXY],
      methods: new Proxy({} as Record<string, MethodRule>, {
        get: () => (r: Type) => (r.kind === 'object' ? r.state?.target : undefined),
      }),
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
      classes: [
        'Illuminate\\Support\\Facades\\DB',
        'Illuminate\\Support\\Facades\\Cache',
        'Illuminate\\Support\\Facades\\Redis',
      ],
      statics: callbacks,
    },
    {
      classes: ['Illuminate\\Support\\Facades\\DB'],
      statics: {
        table: (_c, args, ctx) => {
          const table = stringValues(args[0] ?? unknown())?.[0]?.split(/\s+as\s+/i)[0];
          const attributes = table ? ctx.infer.world.models.rowAttributes(table) : [];
          const row: Type =
            attributes.length > 0
              ? {
                  kind: 'shape',
                  fields: attributes.map((a) => ({
                    key: a.name,
                    type: { kind: 'schema', schema: a.schema },
                  })),
                }
              : unknown(`table ${table ?? ''}`);
          return { kind: 'builder', model: '', row };
        },
        select: () => listOf({ kind: 'map', values: unknown() }),
        raw: () => unknown('raw SQL'),
      },
    },
    {
      classes: ['Illuminate\\Support\\Facades\\Hash', 'Illuminate\\Support\\Facades\\Crypt'],
      statics: {
        make: () => STRING,
        check: () => BOOLEAN,
        encrypt: () => STRING,
        decrypt: () => STRING,
        encryptString: () => STRING,
        decryptString: () => STRING,
      },
    },
    {
      classes: ['Illuminate\\Support\\Facades\\Storage'],
      statics: {
        url: () => URI,
        temporaryUrl: () => URI,
        exists: () => BOOLEAN,
        disk: () => ({ kind: 'object', class: 'Illuminate\\Filesystem\\FilesystemAdapter' }),
      },
    },
    {
      classes: ['Illuminate\\Filesystem\\FilesystemAdapter'],
      methods: {
        url: () => URI,
        temporaryUrl: () => URI,
        exists: () => BOOLEAN,
        path: () => STRING,
      },
    },
    {
      classes: ['Illuminate\\Support\\Facades\\Gate'],
      statics: {
        allows: () => BOOLEAN,
        denies: () => BOOLEAN,
        check: () => BOOLEAN,
        any: () => BOOLEAN,
      },
    },
    {
      classes: ['Illuminate\\Support\\Facades\\URL', 'Illuminate\\Routing\\UrlGenerator'],
      statics: {
        to: () => URI,
        route: () => URI,
        signedRoute: () => URI,
        temporarySignedRoute: () => URI,
        current: () => URI,
        full: () => URI,
      },
      methods: {
        to: () => URI,
        route: () => URI,
        current: () => URI,
        full: () => URI,
        previous: () => URI,
      },
    },
    {
      classes: ['Laravel\\Sanctum\\NewAccessToken'],
      properties: (_r, name) =>
        name === 'plainTextToken' ? STRING : name === 'accessToken' ? unknown('token') : undefined,
    },
    {
      classes: ['Illuminate\\Database\\Eloquent\\Casts\\Attribute'],
      statics: {
        make: (_c, args, ctx) => ({
          kind: 'object',
          class: 'Illuminate\\Database\\Eloquent\\Casts\\Attribute',
          state: { get: ctx.named?.get ?? args[0] ?? unknown() },
        }),
        get: (_c, args) => ({
          kind: 'object',
          class: 'Illuminate\\Database\\Eloquent\\Casts\\Attribute',
          state: { get: args[0] ?? unknown() },
        }),
      },
      construct: (_c, args, ctx) => ({
        kind: 'object',
        class: 'Illuminate\\Database\\Eloquent\\Casts\\Attribute',
        state: { get: ctx.named?.get ?? args[0] ?? unknown() },
      }),
    },
  ],
};
