import type { ParamFacts, TypeHints } from '../facts/types.js';
import type { DocType } from '../ir/types.js';
import { attributeJsonType, nonNullAttribute } from '../models/attribute-type.js';
import type { Infer } from './api.js';
import { classOf } from './support.js';
import {
  BOOLEAN,
  INTEGER,
  NULL,
  NUMBER,
  STRING,
  isUnknown,
  members,
  union,
  unknown,
  type Type,
} from './type.js';

/** The body's type, or the docblock's or the declared one where the body says less. */
export function withHints(
  engine: Infer,
  type: Type,
  hints: TypeHints | undefined,
  self: string | undefined,
): Type {
  const native =
    hints?.returns && SCALAR_DECLARATIONS[hints.returns.kind === 'name' ? hints.returns.name : ''];
  // A declared scalar return type is enforced by PHP: what the body yields is of that type.
  if (native) {
    const fitting = members(type).filter(
      (t) =>
        (t.kind === 'scalar' && t.type === native.type) ||
        (t.kind === 'literal' && typeOfLiteral(t.value) === native.type) ||
        (t.kind === 'attribute' && attributeJsonType(t.json) === native.type) ||
        (t.kind === 'input' && t.field.rules.type === native.type),
    );
    if (fitting.length === 0) return native;
    return union(fitting.map(notNull));
  }
  const body = knownPart(type);
  const doc = hints?.doc ?? hints?.returns;
  if (!saysLess(body)) return doc && !isVoid(doc) ? filled(engine, type, doc, self) : type;
  if (!doc || isVoid(doc)) return type;
  const declared = engine.fromDoc(doc, self);
  return isUnknown(declared) ? type : declared;
}

/**
 * `): int|JsonResponse` where the body gives a response and something unknown: the unknown part
 * is what else the declaration allows (`int`), not another response.
 */
function filled(engine: Infer, type: Type, doc: DocType, self: string | undefined): Type {
  const all = members(type);
  if (!all.some((t) => t.kind === 'unknown')) return type;
  const known = all.filter((t) => t.kind !== 'unknown');
  const covered = (d: Type) =>
    known.some((k) => {
      const [a, b] = [classOf(k), classOf(d)];
      if (a && b) return engine.isA(a, [b]);
      return scalarName(k) !== undefined && scalarName(k) === scalarName(d);
    });
  const rest = members(engine.fromDoc(doc, self)).filter(
    (d) => !isUnknown(d) && d.kind !== 'null' && !covered(d),
  );
  return rest.length > 0 ? union([...known, ...rest]) : type;
}

function scalarName(t: Type): string | undefined {
  if (t.kind === 'scalar') return t.type;
  return t.kind === 'literal' ? typeOfLiteral(t.value) : undefined;
}

export function paramType(
  engine: Infer,
  p: ParamFacts,
  hints: TypeHints | undefined,
  self: string | undefined,
  given?: Type,
): Type {
  // An argument left out is the default, whatever type the parameter declares.
  if (!given && p.default !== undefined)
    return p.default === null ? NULL : { kind: 'literal', value: p.default };
  const hint = hints?.params?.[p.name];
  if (hint) return engine.fromDoc(hint, self);
  return given ?? unknown(`$${p.name}`);
}

/** Native return types PHP enforces, as the scalar they make. */
const SCALAR_DECLARATIONS: Record<string, Extract<Type, { kind: 'scalar' }>> = {
  string: { kind: 'scalar', type: 'string' },
  int: { kind: 'scalar', type: 'integer' },
  float: { kind: 'scalar', type: 'number' },
  bool: { kind: 'scalar', type: 'boolean' },
};

/** The JSON type of a PHP scalar: `integer`, `number`, `boolean` or `string`. */
export function typeOfLiteral(value: string | number | boolean): string {
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value === 'boolean' ? 'boolean' : 'string';
}

/** A column or an input that PHP's declared type says is not null. */
function notNull(t: Type): Type {
  if (t.kind === 'attribute' && t.json.nullable)
    return { kind: 'attribute', json: nonNullAttribute(t.json) };
  if (t.kind === 'input' && t.field.nullable)
    return { kind: 'input', field: { ...t.field, nullable: false } };
  return t;
}

/** A route parameter with a default (`$slug = 'home'`): the default's type, not its value. */
export function defaultType(value: string | number | boolean | null): Type {
  if (value === null) return unknown('parameter');
  if (typeof value === 'number') return Number.isInteger(value) ? INTEGER : NUMBER;
  return typeof value === 'boolean' ? BOOLEAN : STRING;
}

function knownPart(type: Type): Type {
  if (type.kind !== 'union') return type;
  const known = type.of.filter((t) => t.kind !== 'unknown' && t.kind !== 'null');
  return known.length > 0 ? union(known) : type;
}

/** A body's type that a declared type could improve on. */
function saysLess(type: Type): boolean {
  if (type.kind === 'unknown') return true;
  if (type.kind === 'list') return type.items.kind === 'unknown';
  if (type.kind === 'object') return !type.state && !type.args;
  return false;
}

function isVoid(doc: DocType): boolean {
  return (
    doc.kind === 'name' && (doc.name === 'void' || doc.name === 'mixed' || doc.name === 'never')
  );
}
