import type { SchemaObject } from '../../core/types.js';

/** An enum's values, by class name, when the project declares it. */
export type EnumValues = (
  className: string,
) => { values: (string | number)[]; type: 'string' | 'integer' } | undefined;

const DATE_TIME: SchemaObject = { type: 'string', format: 'date-time' };
const ANY_JSON: SchemaObject = {
  anyOf: [
    { type: 'object', additionalProperties: true },
    { type: 'array', items: {} },
  ],
};

/**
 * Eloquent casts → the JSON a cast attribute serialises to (`toArray()`): dates become
 * ISO-8601 unless the cast names a format, `decimal:2` is a string, `timestamp` an integer.
 * @see https://laravel.com/docs/eloquent-mutators#attribute-casting
 */
const CASTS: Record<string, SchemaObject> = {
  int: { type: 'integer' },
  integer: { type: 'integer' },
  real: { type: 'number' },
  float: { type: 'number' },
  double: { type: 'number' },
  decimal: { type: 'string', pattern: '^-?\\d+(\\.\\d+)?$' },
  string: { type: 'string' },
  bool: { type: 'boolean' },
  boolean: { type: 'boolean' },
  object: { type: 'object', additionalProperties: true },
  array: ANY_JSON,
  json: ANY_JSON,
  collection: ANY_JSON,
  encrypted: { type: 'string' },
  'encrypted:array': ANY_JSON,
  'encrypted:collection': ANY_JSON,
  'encrypted:json': ANY_JSON,
  'encrypted:object': { type: 'object', additionalProperties: true },
  hashed: { type: 'string' },
  date: DATE_TIME,
  datetime: DATE_TIME,
  immutable_date: DATE_TIME,
  immutable_datetime: DATE_TIME,
  custom_datetime: DATE_TIME,
  timestamp: { type: 'integer' },
};

/** Cast classes of the framework, by short name. */
const CAST_CLASSES: Record<string, SchemaObject> = {
  AsArrayObject: ANY_JSON,
  AsCollection: ANY_JSON,
  AsEncryptedArrayObject: ANY_JSON,
  AsEncryptedCollection: ANY_JSON,
  AsEnumCollection: { type: 'array', items: {} },
  AsEnumArrayObject: { type: 'array', items: {} },
  AsStringable: { type: 'string' },
};

/** `'datetime:Y-m-d'` and friends: the format decides the string. */
function formatted(cast: string): SchemaObject | undefined {
  const match = /^(?:immutable_)?(date|datetime|custom_datetime):(.+)$/.exec(cast);
  if (!match) return undefined;
  const format = match[2]!;
  if (format === 'Y-m-d') return { type: 'string', format: 'date' };
  if (/^[Uu]$/.test(format)) return { type: 'string', pattern: '^\\d+$' };
  return { type: 'string' };
}

export function castSchema(cast: string, enums: EnumValues): SchemaObject | undefined {
  const known =
    CASTS[cast] ?? formatted(cast) ?? (cast.startsWith('decimal:') ? CASTS.decimal : undefined);
  if (known) return known;
  const className = cast.split(':')[0]!.replace(/^\\/, '');
  const enumInfo = enums(className);
  if (enumInfo) return { type: enumInfo.type, enum: enumInfo.values };
  const short = className.slice(className.lastIndexOf('\\') + 1);
  return CAST_CLASSES[short];
}
