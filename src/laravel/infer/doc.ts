import type { DocType } from '../ir/types.js';
import {
  BOOLEAN,
  INTEGER,
  NULL,
  NUMBER,
  STRING,
  UNKNOWN,
  listOf,
  union,
  type Type,
} from './type.js';

/** What the engine needs to turn a class name into a type. */
export interface ClassTyper {
  /** A class name → the type of its instances (a model, a resource of unknown data, an object). */
  instance(className: string, args?: Type[]): Type;
  /** `static`/`self` in a docblock. */
  selfClass?: string;
}

const BUILTINS: Record<string, Type> = {
  int: INTEGER,
  integer: INTEGER,
  'positive-int': INTEGER,
  'negative-int': INTEGER,
  'non-negative-int': INTEGER,
  'non-positive-int': INTEGER,
  string: STRING,
  'non-empty-string': STRING,
  'non-falsy-string': STRING,
  'numeric-string': STRING,
  'lowercase-string': STRING,
  'literal-string': STRING,
  'class-string': STRING,
  'array-key': union([INTEGER, STRING]),
  float: NUMBER,
  double: NUMBER,
  numeric: NUMBER,
  bool: BOOLEAN,
  boolean: BOOLEAN,
  true: { kind: 'literal', value: true },
  false: { kind: 'literal', value: false },
  null: NULL,
  void: NULL,
  scalar: union([STRING, NUMBER, BOOLEAN]),
};

/** Collections and paginators whose generic arguments say what they hold. */
const GENERIC_LISTS = /\\(Collection|EloquentCollection|LazyCollection|Enumerable|Arrayable)$/;
const PAGINATORS: Record<string, 'length' | 'simple' | 'cursor'> = {
  LengthAwarePaginator: 'length',
  Paginator: 'simple',
  CursorPaginator: 'cursor',
};

/**
 * A declared or documented type as the engine's Type: `User` is a model, `Collection<int, User>`
 * a list of them, `array{id: int}` a shape, `LengthAwarePaginator<User>` a paginator.
 * @see https://phpstan.org/writing-php-code/phpdoc-types
 */
export function fromDoc(doc: DocType, typer: ClassTyper): Type {
  switch (doc.kind) {
    case 'literal':
      return { kind: 'literal', value: doc.value };
    case 'union':
      return union(doc.of.map((d) => fromDoc(d, typer)));
    case 'list':
      return listOf(fromDoc(doc.of, typer));
    case 'shape': {
      const isList = doc.fields.every((f, i) => f.key === String(i));
      if (isList && doc.fields.length > 0)
        return listOf(union(doc.fields.map((f) => fromDoc(f.type, typer))));
      return {
        kind: 'shape',
        fields: doc.fields.map((f) => ({
          key: f.key,
          type: fromDoc(f.type, typer),
          ...(f.optional ? { optional: true as const } : {}),
        })),
      };
    }
    case 'name':
      return named(doc, typer);
  }
}

function named(doc: Extract<DocType, { kind: 'name' }>, typer: ClassTyper): Type {
  const builtin = BUILTINS[doc.name];
  if (builtin) return builtin;
  const last = doc.args?.[doc.args.length - 1];
  const item = last ? fromDoc(last, typer) : UNKNOWN;
  switch (doc.name) {
    case 'array':
    case 'iterable':
    case 'non-empty-array':
      if (doc.args && doc.args.length === 2 && isStringKey(doc.args[0]!))
        return { kind: 'map', values: item };
      return doc.args ? listOf(item) : { kind: 'list', items: UNKNOWN };
    case 'list':
    case 'non-empty-list':
      return listOf(item);
    case 'mixed':
    case 'object':
    case 'callable':
    case 'resource':
    case 'never':
      return UNKNOWN;
    case 'self':
    case 'static':
    case '$this':
      return typer.selfClass ? typer.instance(typer.selfClass) : UNKNOWN;
  }
  const short = doc.name.slice(doc.name.lastIndexOf('\\') + 1);
  if (GENERIC_LISTS.test(`\\${short}`) && doc.args) return listOf(item, true);
  const paging = PAGINATORS[short];
  if (paging && doc.args) return { kind: 'paginator', style: paging, items: item };
  return typer.instance(doc.name);
}

function isStringKey(doc: DocType): boolean {
  return doc.kind === 'name' && doc.name === 'string';
}
