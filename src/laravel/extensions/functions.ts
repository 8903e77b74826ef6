import type { Ctx, Extension, FunctionRule } from '../infer/api.js';
import type { PhpValue } from '../php/value.js';
import { valueType } from '../infer/support.js';
import {
  BOOLEAN,
  INTEGER,
  isUnknown,
  NULL,
  NUMBER,
  STRING,
  listOf,
  members,
  stringValues,
  union,
  unknown,
  type Type,
} from '../infer/type.js';
import { defaultType } from '../infer/declared.js';
import { implode, printf } from '../infer/strings.js';
import { REQUEST, AUTH_FACTORY, TAP_PROXY, URI, carbon, returns } from './common.js';

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
    return isScalar(fallback) ? setting(fallback) : STRING;
  }
  // `env('X') ?: '4.3.11'`, `env('X', 1) ? 'a' : 'b'`: either branch.
  if (typeof value === 'object' && value !== null && value.kind === 'unknown') {
    const late = value.late;
    if (late?.kind === 'cast') return configType(late.value, ctx);
    return late?.kind === 'cond'
      ? union([configType(late.then, ctx), configType(late.else, ctx)])
      : unknown('config');
  }
  // A setting is the type of its value, not that value: another install sets another.
  return isScalar(value) ? setting(value) : valueType(value, ctx.infer);
}

/** A scalar setting: its type, with the value the project writes (see `written`). */
function setting(value: string | number | boolean): Type {
  const type = defaultType(value);
  const written = typeof value === 'boolean' ? (value ? '1' : '') : String(value);
  return type.kind === 'scalar' ? { ...type, written } : type;
}

/** A literal's type (`1` → integer), anything else as it is. */
function widened(type: Type): Type {
  return type.kind === 'literal' ? defaultType(type.value) : type;
}

function isScalar(value: PhpValue | undefined): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
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
  json_encode: ([value]) =>
    value && !isUnknown(value) ? { kind: 'scalar', type: 'string', json: value } : STRING,
  json_decode: (args) =>
    args[1]?.kind === 'literal' && args[1].value === true
      ? { kind: 'map', values: unknown() }
      : unknown('json_decode'),
  serialize: returns(STRING),
  sprintf: ([format, ...args]) => (format ? printf(format, args) : STRING),
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
  implode: ([glue, pieces]) => (glue && pieces ? implode(glue, pieces) : STRING),
  join: ([glue, pieces]) => (glue && pieces ? implode(glue, pieces) : STRING),
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
  // One of the arguments, which one known only at run time: of their types, not their values.
  max: (args) => (args.length > 0 ? union(args.map(widened)) : NUMBER),
  min: (args) => (args.length > 0 ? union(args.map(widened)) : NUMBER),
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

/** PHP's functions and Laravel's helpers: what they give back. @see https://laravel.com/docs/helpers */
export const functions: Extension = { functions: FUNCTIONS };
