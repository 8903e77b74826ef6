/**
 * The value types JSON Schema 2020-12 requires of its keywords. Real documents write
 * `maxLength: "255"`, `required: true` (draft 3), `type: file` or `examples: { ... }`; ajv refuses
 * to compile a schema with any of those, and a schema that does not compile validates nothing.
 * Such a keyword is dropped instead, as the keyword it is not: the document's other constraints
 * still hold.
 * @see https://json-schema.org/draft/2020-12/json-schema-validation
 */

const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

const isNumber = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v);
const isCount = (v: unknown): boolean => Number.isInteger(v) && (v as number) >= 0;
const isStringList = (v: unknown): boolean =>
  Array.isArray(v) && v.every((item) => typeof item === 'string');

const CHECKS: Readonly<Record<string, (value: unknown) => boolean>> = {
  type: (v) =>
    Array.isArray(v) ? v.length > 0 && v.every((t) => TYPES.has(t)) : TYPES.has(v as string),
  enum: Array.isArray,
  minimum: isNumber,
  maximum: isNumber,
  exclusiveMinimum: (v) => isNumber(v) || typeof v === 'boolean',
  exclusiveMaximum: (v) => isNumber(v) || typeof v === 'boolean',
  multipleOf: (v) => isNumber(v) && (v as number) > 0,
  minLength: isCount,
  maxLength: isCount,
  minItems: isCount,
  maxItems: isCount,
  minProperties: isCount,
  maxProperties: isCount,
  minContains: isCount,
  maxContains: isCount,
  uniqueItems: (v) => typeof v === 'boolean',
  required: isStringList,
  pattern: (v) => typeof v === 'string',
  format: (v) => typeof v === 'string',
  dependentRequired: (v) =>
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    Object.values(v).every(isStringList),
  // Annotations ajv still checks the type of.
  examples: Array.isArray,
  readOnly: (v) => typeof v === 'boolean',
  writeOnly: (v) => typeof v === 'boolean',
  title: (v) => typeof v === 'string',
  description: (v) => typeof v === 'string',
};

/**
 * Whether `value` is acceptable for `keyword`; keywords not listed here are either schemas
 * (converted on their own) or unknown (ignored by ajv), and pass. A `type` list keeps only the
 * names JSON Schema knows (see `knownTypes`).
 */
export function validKeyword(keyword: string, value: unknown): boolean {
  const check = CHECKS[keyword];
  return check === undefined || check(value);
}

/** `type: [string, file]` → `string`; undefined when no name is a JSON type. */
export function knownTypes(type: unknown): string | string[] | undefined {
  const list = (Array.isArray(type) ? type : [type]).filter((t): t is string =>
    TYPES.has(t as string),
  );
  if (list.length === 0) return undefined;
  return list.length === 1 && !Array.isArray(type) ? list[0] : list;
}

const coercedEnums = new WeakMap<object, unknown[]>();

/**
 * `enum` read in the light of a single scalar `type` when not one member has that type:
 * `type: string, enum: [1, 2]` means the strings "1" and "2" (Bhagavad Gita API),
 * `type: integer, enum: ["6", "12"]` the numbers (WhatsApp). Members that convert without loss
 * are converted. An enum with some members of the right type keeps its members as written.
 */
export function enumOf(schema: { type?: unknown; enum?: unknown }): unknown[] | undefined {
  const members = schema.enum;
  if (!Array.isArray(members)) return undefined;
  const type = schema.type;
  if (type !== 'string' && type !== 'integer' && type !== 'number') return members;
  const typed = type === 'string' ? 'string' : 'number';
  if (members.some((m) => typeof m === typed)) return members;
  let coerced = coercedEnums.get(members);
  if (coerced === undefined) {
    coerced = members.map((member) => coerceMember(member, type));
    coercedEnums.set(members, coerced);
  }
  return coerced;
}

function coerceMember(member: unknown, type: 'string' | 'integer' | 'number'): unknown {
  if (type === 'string') {
    return typeof member === 'number' || typeof member === 'boolean' ? String(member) : member;
  }
  if (typeof member !== 'string' || !/^-?\d+(\.\d+)?$/.test(member.trim())) return member;
  const value = Number(member);
  return type === 'integer' && !Number.isInteger(value) ? member : value;
}

/** Keywords whose value is one subschema (JSON Schema 2020-12, plus draft 2019's `additionalItems`). */
export const SINGLE_SUBSCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  'additionalProperties',
  'items',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'additionalItems',
]);
