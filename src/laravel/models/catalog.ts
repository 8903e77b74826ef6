import { shortName } from '../php/names.js';
import { arrayRecord, arrayValues, type PhpValue } from '../php/value.js';
import type { ClassIndex } from '../project/classes.js';
import { plural, snake } from '../../core/inflect.js';
import { nonNullAttribute, type AttributeType } from './attribute-type.js';
import { castType, type EnumValues } from './casts.js';
import { RELATION_TYPES } from './relations.js';
import type { TableLookup } from './tables.js';

/** Framework classes a model descends from. */
export const MODEL_BASES = [
  'Illuminate\\Database\\Eloquent\\Model',
  'Illuminate\\Foundation\\Auth\\User',
  'Illuminate\\Database\\Eloquent\\Relations\\Pivot',
  'Illuminate\\Database\\Eloquent\\Relations\\MorphPivot',
];

export interface Attribute {
  name: string;
  json: AttributeType;
  /** Present in `toArray()` even on a model just created without it. */
  always: boolean;
}

/**
 * What the project's Eloquent models look like as JSON: attributes from the migrations' columns,
 * typed by `$casts` (property or `casts()` method), less `$hidden`; relations; route keys.
 * @see https://laravel.com/docs/eloquent-serialization
 */
export class ModelCatalog {
  readonly enumValues: EnumValues;

  constructor(
    private readonly classes: ClassIndex,
    private readonly tables: TableLookup,
  ) {
    this.enumValues = (name) => {
      const cls = classes.get(name)?.facts;
      if (cls?.kind !== 'enum' || !cls.cases) return undefined;
      const values = Object.values(cls.cases).filter((v): v is string | number => v !== null);
      if (values.length === 0) return undefined;
      return { values, type: values.every((v) => typeof v === 'number') ? 'integer' : 'string' };
    };
  }

  /**
   * The JSON key of a loaded relation: snake_case, as Laravel writes relations (`createdBy` →
   * `created_by`), unless the model sets `public static $snakeAttributes = false`.
   */
  relationKey(model: string, relation: string): string {
    return this.classes.property(model, 'snakeAttributes') === false ? relation : snake(relation);
  }

  isModel(name: string | undefined): name is string {
    return !!name && this.classes.has(name) && this.classes.isA(name, MODEL_BASES);
  }

  table(model: string): string {
    const declared = this.classes.property(model, 'table');
    return typeof declared === 'string' ? declared : plural(snake(shortName(model)));
  }

  /** Attribute → cast, as Eloquent merges them: `$casts`, `casts()`, `$dates`, timestamps. */
  casts(model: string): Record<string, string> {
    const out: Record<string, string> = {};
    if (this.classes.traits(model).some((t) => shortName(t) === 'SoftDeletes'))
      out.deleted_at = 'datetime';
    for (const date of [
      'created_at',
      'updated_at',
      ...stringsOf(this.classes.property(model, 'dates')),
    ])
      out[date] = 'datetime';
    const fromProperty = arrayRecord(this.classes.property(model, 'casts'));
    const fromMethod = arrayRecord(this.classes.method(model, 'casts')?.facts.returns);
    for (const [name, cast] of Object.entries({ ...fromProperty, ...fromMethod })) {
      const text = castName(cast);
      if (text) out[name] = text;
    }
    return out;
  }

  /**
   * The attributes `toArray()` shows, in column order; `shown` names those `makeVisible()`
   * shows despite `$hidden` and `$visible`.
   */
  attributes(model: string, shown: readonly string[] = []): Attribute[] {
    const columns = this.tables.get(this.table(model));
    const casts = this.casts(model);
    const names = columns ? [...columns.keys()] : this.guessedNames(model, casts);
    const appends = stringsOf(this.classes.property(model, 'appends'));
    const serialised = this.serialisedKeys(model);
    return [...names, ...appends.filter((a) => !names.includes(a))]
      .filter((n) => shown.includes(n) || serialised(n))
      .map((name) => {
        const column = columns?.get(name);
        const always =
          !!column &&
          !column.nullable &&
          (column.defaulted !== true || name === this.primaryKey(model) || name.endsWith('_at'));
        return { name, json: this.attribute(model, name) ?? UNKNOWN, always };
      });
  }

  /** Whether `toArray()` shows this key of the model: not in `$hidden`, in `$visible` if any. */
  serialised(model: string, key: string): boolean {
    return this.serialisedKeys(model)(key);
  }

  /** `serialised` for one model, its `$hidden` and `$visible` read once. */
  private serialisedKeys(model: string): (key: string) => boolean {
    const hidden = new Set(stringsOf(this.classes.property(model, 'hidden')));
    const visible = stringsOf(this.classes.property(model, 'visible'));
    return (key) => !hidden.has(key) && (visible.length === 0 || visible.includes(key));
  }

  /** A table's columns as `DB::table(...)` rows give them (no casts, nothing hidden). */
  rowAttributes(table: string): Attribute[] {
    const columns = this.tables.get(table);
    if (!columns) return [];
    return [...columns.values()].map((column) => ({
      name: column.name,
      json: column.nullable ? { ...column.json, nullable: true } : column.json,
      always: true,
    }));
  }

  /** One attribute's type: its cast, else its column, else what its name suggests. */
  attribute(model: string, name: string): AttributeType | undefined {
    const column = this.tables.get(this.table(model))?.get(name);
    const cast = this.casts(model)[name];
    const fromCast = cast ? castType(cast, this.enumValues) : undefined;
    const type = fromCast ?? column?.json ?? guess(name);
    if (!type) return undefined;
    return column?.nullable ? { ...type, nullable: true } : type;
  }

  relation(
    model: string,
    name: string,
  ): { type: string; related: string; many: boolean } | undefined {
    const relation = this.classes.method(model, name)?.facts.relation;
    if (!relation) return undefined;
    return { ...relation, many: RELATION_TYPES[relation.type]?.many ?? false };
  }

  primaryKey(model: string): string {
    const key =
      this.classes.property(model, 'primaryKey') ??
      this.classes.method(model, 'getKeyName')?.facts.returns;
    return typeof key === 'string' ? key : 'id';
  }

  /** The route key's type, for an implicitly bound parameter (`{user}` or `{user:slug}`). */
  routeKey(model: string, field?: string): AttributeType {
    const routeKey = this.classes.method(model, 'getRouteKeyName')?.facts.returns;
    const key = field ?? (typeof routeKey === 'string' ? routeKey : this.primaryKey(model));
    if (key !== this.primaryKey(model))
      return nonNullAttribute(this.attribute(model, key) ?? STRING);
    const traits = this.classes.traits(model).map(shortName);
    if (traits.includes('HasUuids')) return { kind: 'scalar', type: 'string', format: 'uuid' };
    if (traits.includes('HasUlids'))
      return {
        kind: 'scalar',
        type: 'string',
        pattern: '^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$',
      };
    if (this.classes.property(model, 'keyType') === 'string') return STRING;
    return { kind: 'scalar', type: 'integer' };
  }

  private guessedNames(model: string, casts: Record<string, string>): string[] {
    const fillable = stringsOf(this.classes.property(model, 'fillable'));
    return [...new Set([this.primaryKey(model), ...fillable, ...Object.keys(casts)])];
  }
}

const STRING: AttributeType = { kind: 'scalar', type: 'string' };
const UNKNOWN: AttributeType = { kind: 'unknown' };

function stringsOf(value: PhpValue | undefined): string[] {
  return arrayValues(value).filter((v): v is string => typeof v === 'string');
}

function castName(cast: PhpValue): string | undefined {
  if (typeof cast === 'string') return cast;
  if (typeof cast !== 'object' || cast === null) return undefined;
  if (cast.kind === 'class') return cast.name;
  if (cast.kind === 'call') return cast.callee.split('::')[0];
  return undefined;
}

/** Attributes no migration or cast describes, by Laravel's naming conventions. */
function guess(name: string): AttributeType | undefined {
  if (name === 'id' || name.endsWith('_id') || name.endsWith('_count'))
    return { kind: 'scalar', type: 'integer' };
  if (name.endsWith('_at')) return { kind: 'scalar', type: 'string', format: 'date-time' };
  if (/^(is|has|can)_/.test(name)) return { kind: 'scalar', type: 'boolean' };
  if (name === 'email') return { kind: 'scalar', type: 'string', format: 'email' };
  return undefined;
}
