import type { AttributeType } from './attribute-type.js';
import { arrayValues, type PhpValue } from '../php/value.js';

/** A column as a migration leaves it. */
export interface Column {
  name: string;
  /** What the column's value reads back as in JSON. */
  json: AttributeType;
  nullable: boolean;
  /** The Blueprint method that made it (`string`, `boolean`, `timestamp`, ...). */
  type: string;
  /** Filled by the database or Eloquent when a model is created without it. */
  defaulted?: boolean;
}

type ColumnMaker = (args: PhpValue[]) => Column[];

const INTEGER: AttributeType = { kind: 'scalar', type: 'integer' };
const NUMBER: AttributeType = { kind: 'scalar', type: 'number' };
const STRING: AttributeType = { kind: 'scalar', type: 'string' };
const UUID: AttributeType = { kind: 'scalar', type: 'string', format: 'uuid' };
/** A database datetime read back without a cast: `2024-01-31 12:00:00`, not ISO-8601. */
const DB_DATETIME: AttributeType = {
  kind: 'scalar',
  type: 'string',
  example: '2024-01-31 12:00:00',
};
/** Eloquent's own timestamps are cast to dates and serialised as ISO-8601. */
const ISO_DATETIME: AttributeType = { kind: 'scalar', type: 'string', format: 'date-time' };
const TIME: AttributeType = { kind: 'scalar', type: 'string', example: '12:00:00' };
const DB_BOOLEAN: AttributeType = { kind: 'db-boolean' };
const JSON_VALUE: AttributeType = { kind: 'json' };
const DECIMAL: AttributeType = { kind: 'decimal' };

const one =
  (json: AttributeType, fallbackName?: string): ColumnMaker =>
  ([name]) => {
    const column = typeof name === 'string' ? name : fallbackName;
    return column ? [{ name: column, json, nullable: false, type: '' }] : [];
  };

/** Auto-incrementing keys: the database fills them. */
const key =
  (fallbackName?: string): ColumnMaker =>
  (args) =>
    one(INTEGER, fallbackName)(args).map((c) => ({ ...c, defaulted: true }));

const pair =
  (suffixes: [string, AttributeType][], nullable = false): ColumnMaker =>
  ([name]) =>
    typeof name === 'string'
      ? suffixes.map(([suffix, json]) => ({
          name: `${name}${suffix}`,
          json,
          nullable,
          type: '',
        }))
      : [];

const fixed =
  (columns: [string, AttributeType, boolean][]): ColumnMaker =>
  () =>
    columns.map(([name, json, nullable]) => ({
      name,
      json,
      nullable,
      type: '',
      defaulted: true,
    }));

/**
 * Blueprint column methods → the JSON a column's value has when read back by Eloquent.
 * @see https://laravel.com/docs/migrations#available-column-types
 */
export const COLUMN_TYPES: Record<string, ColumnMaker> = {
  id: key('id'),
  increments: key(),
  tinyIncrements: key(),
  smallIncrements: key(),
  mediumIncrements: key(),
  bigIncrements: key(),
  integer: one(INTEGER),
  tinyInteger: one(INTEGER),
  smallInteger: one(INTEGER),
  mediumInteger: one(INTEGER),
  bigInteger: one(INTEGER),
  unsignedInteger: one(INTEGER),
  unsignedTinyInteger: one(INTEGER),
  unsignedSmallInteger: one(INTEGER),
  unsignedMediumInteger: one(INTEGER),
  unsignedBigInteger: one(INTEGER),
  foreignId: one(INTEGER),
  foreignIdFor: ([model, column]) => {
    const name = typeof column === 'string' ? column : foreignKeyFor(model);
    return name ? [{ name, json: INTEGER, nullable: false, type: '' }] : [];
  },
  year: one(INTEGER),
  float: one(NUMBER),
  double: one(NUMBER),
  unsignedFloat: one(NUMBER),
  unsignedDouble: one(NUMBER),
  decimal: one(DECIMAL),
  unsignedDecimal: one(DECIMAL),
  boolean: one(DB_BOOLEAN),
  string: one(STRING),
  char: one(STRING),
  text: one(STRING),
  tinyText: one(STRING),
  mediumText: one(STRING),
  longText: one(STRING),
  binary: one(STRING),
  ipAddress: one(STRING),
  macAddress: one(STRING),
  geometry: one(STRING),
  point: one(STRING),
  uuid: one(UUID, 'uuid'),
  foreignUuid: one(UUID),
  ulid: one(STRING, 'ulid'),
  foreignUlid: one(STRING),
  enum: ([name, values]) => {
    const list = arrayValues(values).filter((v): v is string => typeof v === 'string');
    const json: AttributeType =
      list.length > 0 ? { kind: 'enum', type: 'string', values: list } : STRING;
    return typeof name === 'string' ? [{ name, json, nullable: false, type: '' }] : [];
  },
  set: one(STRING),
  json: one(JSON_VALUE),
  jsonb: one(JSON_VALUE),
  date: one({ kind: 'scalar', type: 'string', format: 'date' }),
  dateTime: one(DB_DATETIME),
  dateTimeTz: one(DB_DATETIME),
  time: one(TIME),
  timeTz: one(TIME),
  timestamp: one(DB_DATETIME),
  timestampTz: one(DB_DATETIME),
  timestamps: fixed([
    ['created_at', ISO_DATETIME, false],
    ['updated_at', ISO_DATETIME, false],
  ]),
  timestampsTz: fixed([
    ['created_at', ISO_DATETIME, false],
    ['updated_at', ISO_DATETIME, false],
  ]),
  nullableTimestamps: fixed([
    ['created_at', ISO_DATETIME, false],
    ['updated_at', ISO_DATETIME, false],
  ]),
  softDeletes: ([name]) => [
    {
      name: typeof name === 'string' ? name : 'deleted_at',
      json: ISO_DATETIME,
      nullable: true,
      type: '',
    },
  ],
  softDeletesTz: ([name]) => [
    {
      name: typeof name === 'string' ? name : 'deleted_at',
      json: ISO_DATETIME,
      nullable: true,
      type: '',
    },
  ],
  rememberToken: fixed([['remember_token', STRING, true]]),
  morphs: pair([
    ['_type', STRING],
    ['_id', INTEGER],
  ]),
  nullableMorphs: pair(
    [
      ['_type', STRING],
      ['_id', INTEGER],
    ],
    true,
  ),
  uuidMorphs: pair([
    ['_type', STRING],
    ['_id', UUID],
  ]),
  ulidMorphs: pair([
    ['_type', STRING],
    ['_id', STRING],
  ]),
};

/** Statements that remove or rename columns. */
export const COLUMN_CHANGES: Record<
  string,
  (columns: Map<string, Column>, args: PhpValue[]) => void
> = {
  dropColumn: (columns, args) => names(args).forEach((n) => columns.delete(n)),
  dropColumns: (columns, args) => names(args).forEach((n) => columns.delete(n)),
  dropIfExists: (columns, args) => names(args).forEach((n) => columns.delete(n)),
  renameColumn: (columns, [from, to]) => {
    const column = typeof from === 'string' ? columns.get(from) : undefined;
    if (!column || typeof to !== 'string') return;
    // The column keeps its position.
    const entries = [...columns].map(([name, c]): [string, Column] =>
      name === from ? [to, { ...c, name: to }] : [name, c],
    );
    columns.clear();
    for (const [name, c] of entries) columns.set(name, c);
  },
  dropTimestamps: (columns) => ['created_at', 'updated_at'].forEach((n) => columns.delete(n)),
  dropTimestampsTz: (columns) => ['created_at', 'updated_at'].forEach((n) => columns.delete(n)),
  dropSoftDeletes: (columns) => columns.delete('deleted_at'),
  dropRememberToken: (columns) => columns.delete('remember_token'),
  dropMorphs: (columns, [name]) => {
    if (typeof name === 'string') [`${name}_type`, `${name}_id`].forEach((n) => columns.delete(n));
  },
};

function names(args: PhpValue[]): string[] {
  return args.flatMap((a) =>
    typeof a === 'string' ? [a] : arrayValues(a).filter((v): v is string => typeof v === 'string'),
  );
}

/** `foreignIdFor(User::class)` → `user_id`. */
function foreignKeyFor(model: PhpValue | undefined): string | undefined {
  const name = typeof model === 'object' && model?.kind === 'class' ? model.name : undefined;
  if (!name) return undefined;
  const short = name.slice(name.lastIndexOf('\\') + 1);
  return `${short.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase()}_id`;
}
