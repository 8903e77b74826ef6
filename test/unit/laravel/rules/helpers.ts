import { expect } from 'vitest';
import { createAjv } from '../../../../src/core/ajv.js';
import { toJsonSchema } from '../../../../src/core/schema.js';
import type { OpenApiDocument, SchemaObject } from '../../../../src/core/types.js';
import type { PhpArray, PhpCall, PhpNew, PhpValue } from '../../../../src/laravel/php/value.js';
import { treeSchema } from '../../../../src/laravel/emit/input-schema.js';
import type { RuleContext } from '../../../../src/laravel/rules/index.js';
import { compileRules } from '../../../../src/laravel/rules/index.js';

type Chain = [method: string, ...args: PhpValue[]][];

const chainOf = (chain: Chain) => chain.map(([method, ...args]) => ({ method, args }));

/** Builders for the PhpValues the PHP layer hands the rule layer. */
export const php = {
  /** `['a', 'b']` */
  arr: (...values: PhpValue[]): PhpArray => ({
    kind: 'array',
    items: values.map((value) => ({ value })),
  }),
  /** `['key' => value, ...]` */
  map: (entries: Record<string, PhpValue>): PhpArray => ({
    kind: 'array',
    items: Object.entries(entries).map(([key, value]) => ({ key, value })),
  }),
  /** `Foo::bar(...args)->method(...)`, the class fully qualified. */
  call: (callee: string, args: PhpValue[] = [], ...chain: Chain): PhpCall => ({
    kind: 'call',
    callee,
    args,
    ...(chain.length > 0 ? { chain: chainOf(chain) } : {}),
  }),
  /** `Rule::method(...args)` */
  rule: (method: string, ...args: PhpValue[]): PhpCall =>
    php.call(`Illuminate\\Validation\\Rule::${method}`, args),
  /** `new Illuminate\Validation\Rules\<name>(...args)`, or any fully qualified class. */
  new: (name: string, args: PhpValue[] = [], ...chain: Chain): PhpNew => ({
    kind: 'new',
    className: name.includes('\\') ? name : `Illuminate\\Validation\\Rules\\${name}`,
    args,
    ...(chain.length > 0 ? { chain: chainOf(chain) } : {}),
  }),
  /** `Foo::class` */
  cls: (name: string): PhpValue => ({ kind: 'class', name }),
  /** `Status::Active`, with its value when known. */
  enumCase: (className: string, name: string, value?: string | number): PhpValue => ({
    kind: 'const',
    className,
    name,
    ...(value === undefined ? {} : { value }),
  }),
  unknown: (source?: string): PhpValue => ({ kind: 'unknown', ...(source ? { source } : {}) }),
};

export const STATUS = 'App\\Enums\\Status';
export const PRIORITY = 'App\\Enums\\Priority';

/** The enums the PHP layer "read": a string-backed and an int-backed one. */
export const context: RuleContext = {
  resolveEnum: (name) =>
    ({ [STATUS]: ['draft', 'published', 'archived'], [PRIORITY]: [1, 2, 3] })[name],
};

const doc: OpenApiDocument = { openapi: '3.0.3', info: { title: 't', version: '1' } };
const ajv = createAjv();

/** A validator for an OpenAPI schema; throws when it is not valid JSON Schema. */
export function validator(schema: SchemaObject): (value: unknown) => boolean {
  assertPatterns(schema);
  const validate = ajv.compile(toJsonSchema(doc, schema, 'request') as object);
  return (value) => validate(value);
}

/** toJsonSchema drops patterns that do not compile; here, every pattern must. */
function assertPatterns(node: unknown): void {
  if (typeof node !== 'object' || node === null) return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'pattern' && typeof value === 'string')
      expect(() => new RegExp(value, 'u')).not.toThrow();
    else assertPatterns(value);
  }
}

/** Rules compiled to the model, then written as a request body's schema. */
export function rulesToSchema(rules: Record<string, PhpValue>, ctx: RuleContext = context) {
  const tree = compileRules(rules, ctx);
  return { schema: treeSchema(tree), multipart: tree.multipart, unknown: tree.unknown };
}

/** rulesToSchema, with its schema checked as valid JSON Schema. */
export function schemaOf(rules: Record<string, PhpValue>, ctx: RuleContext = context) {
  const result = rulesToSchema(rules, ctx);
  expect(() => validator(result.schema)).not.toThrow();
  return result;
}

/** The schema of a single field `field`, and whether it is required. */
export function field(given: PhpValue, ctx: RuleContext = context) {
  const { schema, unknown, multipart } = schemaOf({ field: given }, ctx);
  return {
    schema: schema.properties?.field,
    required: schema.required?.includes('field') ?? false,
    unknown: unknown.map((u) => u.rule),
    multipart,
  };
}

/** A rule string in both of Laravel's forms: `'a|b:1'` and `['a', 'b:1']`. */
export function forms(given: PhpValue): PhpValue[] {
  if (typeof given !== 'string' || given.includes('regex:')) return [given];
  return [given, php.arr(...given.split('|'))];
}
