/**
 * What a model attribute or a table column reads back as in JSON, as the migrations and casts
 * say: described here, in the engine's vocabulary where it has one, and written as a schema by
 * `emit/` alone. `description` is the column's comment; `nullable` a nullable column's.
 */
export type AttributeType = AttributeValue & { description?: string; nullable?: true };

export type AttributeValue =
  | {
      kind: 'scalar';
      type: 'string' | 'integer' | 'number' | 'boolean';
      format?: string;
      pattern?: string;
      /** What a value looks like, where the type alone says too little (a database datetime). */
      example?: string;
    }
  | {
      kind: 'enum';
      type: 'string' | 'integer';
      values: readonly (string | number)[];
      /** The PHP enum a cast names (a column's `enum(...)` has none). */
      class?: string;
    }
  /** A JSON column or an array cast: an object or a list, of anything. */
  | { kind: 'json' }
  /** An object cast: an object of anything. */
  | { kind: 'object' }
  /** An enum collection cast: a list of anything. */
  | { kind: 'list' }
  /**
   * A boolean column without a cast: MySQL and SQLite read it back as 0/1, a model just saved
   * holds true/false; both are what clients see.
   */
  | { kind: 'db-boolean' }
  /** A decimal column: a numeric string from MySQL and PostgreSQL, a number from SQLite. */
  | { kind: 'decimal' }
  /** Nothing says what it is. */
  | { kind: 'unknown' };

/** A decimal number as a string (`decimal:2` casts, MySQL's decimals). */
export const DECIMAL_PATTERN = '^-?\\d+(\\.\\d+)?$';

/** The JSON type of an attribute's values, when it has one. */
export function attributeJsonType(type: AttributeType): string | undefined {
  switch (type.kind) {
    case 'scalar':
    case 'enum':
      return type.type;
    case 'object':
      return 'object';
    case 'list':
      return 'array';
    default:
      return undefined;
  }
}

/** The attribute without its `nullable` flag. */
export function nonNullAttribute(type: AttributeType): AttributeType {
  const rest = { ...type };
  delete rest.nullable;
  return rest;
}
