import type { InputRead } from '../facts/types.js';
import { attributeJsonType, type AttributeType } from '../models/attribute-type.js';

/**
 * What an operation takes, as the model stage knows it: validation rules compiled into a tree
 * of typed fields, and parameters typed by what is known of them. `emit/` alone writes these as
 * schemas, parameters and request bodies, in the document's version.
 */

/** The JSON type a field's rules give it; `file` is an uploaded file, `object` a keyed array. */
export type InputKind = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'file';

/** The JSON type a value is sent as (a file is sent as a string of bytes). */
export type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';

/** A check a value must pass (`regex`), or must fail (`not_regex`, `not_in`), in rule order. */
export type ValueTest =
  | { kind: 'pattern'; pattern: string }
  | { kind: 'not-pattern'; pattern: string }
  | { kind: 'not-enum'; values: unknown[] };

/**
 * What rules say about one value, in the vocabulary JSON Schema checks it with (bounds are
 * inclusive unless their `exclusive` flag is set).
 */
export interface ValueRules {
  type?: JsonType;
  format?: string;
  /** One of these formats (`ip`: IPv4 or IPv6). */
  formats?: string[];
  enum?: unknown[];
  tests?: ValueTest[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: boolean;
  maximum?: number;
  exclusiveMaximum?: boolean;
  multipleOf?: number;
  minItems?: number;
  maxItems?: number;
  minProperties?: number;
  maxProperties?: number;
  /** What the items of an array are (`in` on an array field). */
  items?: ValueRules;
  /** Keys a keyed array has (`array:a,b`, `required_array_keys:a`), in the order first named. */
  keys?: string[];
  /** Of those, the keys it must have. */
  requiredKeys?: string[];
  /** No key but `keys` (`array:a,b`). */
  closed?: boolean;
  example?: unknown;
}

/** How a field must be present, from the rule that says so (each has its own message). */
export type Presence = 'required' | 'present' | 'accepted' | 'declined';

/**
 * One field of a rule set: its own rules, and the fields nested under it (`address.city` is a
 * child `city` of `address`; `items.*` the child `*`, the items of `items`).
 */
export interface InputField {
  /** The key as written in `rules()`, e.g. `items.*.sku`. */
  key: string;
  /** The last segment of the key: the name in its parent (`*` for items). */
  name: string;
  rules: ValueRules;
  /** Sentences about the field (`Must match password.`), in rule order. */
  notes: string[];
  /** Null is accepted: `nullable`, and nothing (`required`, a required child) rejects it. */
  nullable: boolean;
  /** Its parent must have it: its own presence rule, or a required named child. */
  required: boolean;
  /** `distinct` on items: the array's items are unique. */
  distinct: boolean;
  /** Children in the order their keys were first written; `*` among them. */
  children: InputField[];
}

/** A field as written in the rules, for the 422 example. */
export interface WrittenField {
  key: string;
  field: InputField;
  presence?: Presence;
  /** `sometimes`: validated only when sent. */
  optional: boolean;
  /** A `_confirmation` field made from `confirmed`, not written in the rules. */
  synthetic: boolean;
}

/** A rule set compiled: the body's top-level fields, and the rules of every other key. */
export interface RuleTree {
  fields: InputField[];
  /** `'*' => [...]`: what the value under any key of the body is. */
  anyKey?: InputField;
  /** A file is expected: the body must be multipart/form-data. */
  multipart: boolean;
  /** Rules that were not understood, for the generator's warnings (rule text + field). */
  unknown: { field: string; rule: string }[];
  /** The fields written in the rules, in rule order. */
  written: WrittenField[];
}

/** Where a parameter is sent. */
export type ParameterLocation = 'path' | 'query' | 'header';

/**
 * What a parameter's value is: a field of the rules validated on the route, what is known of a
 * single value (a `where` constraint, a typed read, a bound enum), or the type of the model
 * attribute a bound parameter is looked up by (`models/` describes columns and casts).
 */
export type ParameterValue =
  | { kind: 'field'; field: InputField }
  | { kind: 'value'; rules: ValueRules; default?: unknown }
  | { kind: 'attribute'; json: AttributeType };

/** A path, query or header parameter of an operation. */
export interface InputParameter {
  name: string;
  in: ParameterLocation;
  /** A path parameter always; a query parameter whose rules require it. */
  required: boolean;
  value: ParameterValue;
  /** `{post}` bound to a model: the model, and the column of `{post:slug}`. */
  binding?: { model: string; key?: string };
  /** The route's `where` constraint on a path parameter, as written. */
  where?: string;
}

/** The JSON type a parameter's value is sent as, when it is known. */
export function parameterType(value: ParameterValue): string | undefined {
  if (value.kind === 'field') return value.field.rules.type;
  if (value.kind === 'value') return value.rules.type;
  return attributeJsonType(value.json);
}

/** The value of an input read by name, from how it is read (`$request->integer('x')`). */
export const READ_TYPES: Readonly<Record<NonNullable<InputRead['type']>, ValueRules>> = {
  string: { type: 'string' },
  integer: { type: 'integer' },
  number: { type: 'number' },
  boolean: { type: 'boolean' },
  array: { type: 'array', items: {} },
};
