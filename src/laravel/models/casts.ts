import { DECIMAL_PATTERN, type AttributeType } from './attribute-type.js';

/** An enum's values, by class name, when the project declares it. */
export type EnumValues = (
  className: string,
) => { values: (string | number)[]; type: 'string' | 'integer' } | undefined;

const INTEGER: AttributeType = { kind: 'scalar', type: 'integer' };
const NUMBER: AttributeType = { kind: 'scalar', type: 'number' };
const STRING: AttributeType = { kind: 'scalar', type: 'string' };
const BOOLEAN: AttributeType = { kind: 'scalar', type: 'boolean' };
const DATE_TIME: AttributeType = { kind: 'scalar', type: 'string', format: 'date-time' };
const DECIMAL: AttributeType = { kind: 'scalar', type: 'string', pattern: DECIMAL_PATTERN };
const ANY_JSON: AttributeType = { kind: 'json' };
const OBJECT: AttributeType = { kind: 'object' };
const LIST: AttributeType = { kind: 'list' };

/**
 * Eloquent casts → the JSON a cast attribute serialises to (`toArray()`): dates become
 * ISO-8601 unless the cast names a format, `decimal:2` is a string, `timestamp` an integer.
 * @see https://laravel.com/docs/eloquent-mutators#attribute-casting
 */
const CASTS: Record<string, AttributeType> = {
  int: INTEGER,
  integer: INTEGER,
  real: NUMBER,
  float: NUMBER,
  double: NUMBER,
  decimal: DECIMAL,
  string: STRING,
  bool: BOOLEAN,
  boolean: BOOLEAN,
  object: OBJECT,
  array: ANY_JSON,
  json: ANY_JSON,
  collection: ANY_JSON,
  encrypted: STRING,
  'encrypted:array': ANY_JSON,
  'encrypted:collection': ANY_JSON,
  'encrypted:json': ANY_JSON,
  'encrypted:object': OBJECT,
  hashed: STRING,
  date: DATE_TIME,
  datetime: DATE_TIME,
  immutable_date: DATE_TIME,
  immutable_datetime: DATE_TIME,
  custom_datetime: DATE_TIME,
  timestamp: INTEGER,
};

/** Cast classes of the framework, by short name. */
const CAST_CLASSES: Record<string, AttributeType> = {
  AsArrayObject: ANY_JSON,
  AsCollection: ANY_JSON,
  AsEncryptedArrayObject: ANY_JSON,
  AsEncryptedCollection: ANY_JSON,
  AsEnumCollection: LIST,
  AsEnumArrayObject: LIST,
  AsStringable: STRING,
};

/** `'datetime:Y-m-d'` and friends: the format decides the string. */
function formatted(cast: string): AttributeType | undefined {
  const match = /^(?:immutable_)?(date|datetime|custom_datetime):(.+)$/.exec(cast);
  if (!match) return undefined;
  const format = match[2]!;
  if (format === 'Y-m-d') return { kind: 'scalar', type: 'string', format: 'date' };
  if (/^[Uu]$/.test(format)) return { kind: 'scalar', type: 'string', pattern: '^\\d+$' };
  return STRING;
}

/** What a cast attribute serialises to, when the cast is known. */
export function castType(cast: string, enums: EnumValues): AttributeType | undefined {
  const known =
    CASTS[cast] ?? formatted(cast) ?? (cast.startsWith('decimal:') ? CASTS.decimal : undefined);
  if (known) return known;
  const className = cast.split(':')[0]!.replace(/^\\/, '');
  const enumInfo = enums(className);
  if (enumInfo)
    return { kind: 'enum', type: enumInfo.type, values: enumInfo.values, class: className };
  const short = className.slice(className.lastIndexOf('\\') + 1);
  return CAST_CLASSES[short];
}
