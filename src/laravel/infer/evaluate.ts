import type { Expr } from '../ir/types.js';
import { access, element, elementKey, setKey } from './access.js';
import type { Infer, Named } from './api.js';
import type { Frame } from './frame.js';
import { attributesShape, classOf, valueType } from './support.js';
import { typeOfLiteral } from './declared.js';
import { instanceTest, satisfies } from './guards.js';
import { arithmetic, concatenation } from './strings.js';
import { truth } from './truth.js';
import {
  BOOLEAN,
  INTEGER,
  NULL,
  NUMBER,
  STRING,
  isUnknown,
  members,
  nonNull,
  union,
  unknown,
  type Field,
  type Type,
} from './type.js';

/** What evaluating an expression asks of the engine beyond its public face. */
export interface Engine extends Infer {
  callNamedFunction(
    name: string,
    global: string | undefined,
    args: Type[],
    frame: Frame,
    named?: Named,
  ): Type;
  /** A statement-level call on a local: what the value is after it. */
  effect(receiver: Type, method: string, args: Type[], frame: Frame, named?: Named): Type;
  /** A local passed to a method of the project (`call`), as the method leaves it. */
  passed(value: Type, call: Expr, index: number, frame: Frame): Type;
  /** `static` resolved to the class of the frame. */
  staticName(written: string, frame: Frame): string;
  staticProperty(className: string, name: string): Type;
  constant(className: string, name: string): Type;
}

/**
 * An expression's type in a frame: literals and arrays as they are written, calls and
 * properties through the engine, locals from their definitions (each evaluated once a frame).
 */
export function evaluate(engine: Engine, expr: Expr, frame: Frame): Type {
  switch (expr.kind) {
    case 'value':
      return expr.value === null ? NULL : { kind: 'literal', value: expr.value };
    case 'array':
      return array(engine, expr, frame);
    case 'new': {
      const args = argTypes(engine, expr.args, frame);
      const named = namedTypes(engine, expr.named, frame);
      if (typeof expr.class === 'string')
        return engine.instantiate(engine.staticName(expr.class, frame), args, frame, named);
      const target = evaluate(engine, expr.class, frame);
      return union(
        members(target).map((t) =>
          t.kind === 'class'
            ? engine.instantiate(t.class, args, frame, named)
            : t.kind === 'literal' && typeof t.value === 'string'
              ? engine.instantiate(t.value.replace(/^\\/, ''), args, frame, named)
              : unknown('new of an unknown class'),
        ),
      );
    }
    case 'func':
      return engine.callNamedFunction(
        expr.name,
        expr.global,
        argTypes(engine, expr.args, frame),
        frame,
        namedTypes(engine, expr.named, frame),
      );
    case 'static': {
      const args = argTypes(engine, expr.args, frame);
      const named = namedTypes(engine, expr.named, frame);
      if (typeof expr.class === 'string')
        return engine.callStatic(expr.class, expr.method, args, frame, named);
      return union(
        members(evaluate(engine, expr.class, frame)).map((t) => {
          const name =
            t.kind === 'class'
              ? t.class
              : t.kind === 'literal' && typeof t.value === 'string'
                ? t.value
                : classOf(t);
          return name
            ? engine.callStatic(name.replace(/^\\/, ''), expr.method, args, frame, named)
            : unknown(`::${expr.method}()`);
        }),
      );
    }
    case 'call': {
      const receiver = evaluate(engine, expr.on, frame);
      const names = expr.methodFrom ? methodNames(evaluate(engine, expr.methodFrom, frame)) : [];
      if (expr.methodFrom && names.length === 0) return unknown('->…()');
      const args = argTypes(engine, expr.args, frame);
      const named = namedTypes(engine, expr.named, frame);
      const result = union(
        (expr.methodFrom ? names : [expr.method]).map((method) =>
          engine.call(receiver, method, args, frame, named),
        ),
      );
      return expr.nullsafe && mayBeNull(receiver) ? union([result, NULL]) : result;
    }
    case 'prop': {
      const receiver = evaluate(engine, expr.on, frame);
      const result = engine.property(receiver, expr.name, frame);
      return expr.nullsafe && mayBeNull(receiver) ? union([result, NULL]) : result;
    }
    case 'sprop':
      return engine.staticProperty(engine.staticName(expr.class, frame), expr.name);
    case 'const':
      return engine.constant(engine.staticName(expr.class, frame), expr.name);
    case 'instance': {
      // Narrowed by `instanceof`: the members that are (or are not) instances of the class.
      const value = evaluate(engine, expr.of, frame);
      const kept = members(value).flatMap((t): Type[] => {
        const holds = TYPE_TESTS[expr.class]
          ? isOfType(t, TYPE_TESTS[expr.class]!)
          : satisfies(engine, t, expr.class);
        // An unknown inside `if ($x instanceof Foo)` is a Foo, when Foo is the project's class;
        // else what cannot be told stays as it is.
        if (holds === undefined)
          return t.kind === 'unknown' && !expr.not && engine.world.classes.has(expr.class)
            ? [{ kind: 'object', class: expr.class }]
            : [t];
        return holds === !expr.not ? [t] : [];
      });
      return kept.length > 0 ? union(kept) : value;
    }
    case 'gconst': {
      const value = engine.world.classes.globalConstant(expr.name);
      return value === undefined ? unknown(expr.name) : valueType(value, engine);
    }
    case 'class':
      return { kind: 'class', class: engine.staticName(expr.name, frame) };
    case 'this':
      return frame.this ?? (frame.static ? engine.instance(frame.static) : unknown('$this'));
    case 'param':
      return frame.params.get(expr.name) ?? unknown(`$${expr.name}`);
    case 'def':
      return definition(engine, expr.id, frame);
    case 'index':
      return access(
        evaluate(engine, expr.on, frame),
        expr.key ? evaluate(engine, expr.key, frame) : undefined,
      );
    case 'fn':
      return { kind: 'fn', expr, frame };
    case 'union': {
      const holds =
        expr.when && truth(expr.when, (e) => evaluate(engine, e, frame), instanceTest(engine));
      if (holds !== undefined) return evaluate(engine, expr.of[holds ? 0 : 1]!, frame);
      return union(expr.of.map((e) => evaluate(engine, e, frame)));
    }
    case 'concat':
      return concatenation(argTypes(engine, expr.parts, frame), expr.sources);
    case 'arith':
      return arithmetic(expr.op, argTypes(engine, expr.args, frame));
    case 'scalar':
      return { kind: 'scalar', type: expr.type };
    case 'cast':
      return cast(expr.type, evaluate(engine, expr.of, frame));
    case 'effect':
      return engine.effect(
        evaluate(engine, expr.on, frame),
        expr.method,
        argTypes(engine, expr.args, frame),
        frame,
        namedTypes(engine, expr.named, frame),
      );
    case 'passed':
      return engine.passed(evaluate(engine, expr.on, frame), expr.call, expr.index, frame);
    case 'set':
      return setKey(
        evaluate(engine, expr.on, frame),
        expr.key ? evaluate(engine, expr.key, frame) : undefined,
        evaluate(engine, expr.value, frame),
      );
    case 'element':
      return element(evaluate(engine, expr.of, frame));
    case 'elementKey':
      return elementKey(evaluate(engine, expr.of, frame));
    case 'notnull':
      return nonNull(evaluate(engine, expr.of, frame));
    case 'doc': {
      const value = evaluate(engine, expr.value, frame);
      return isUnknown(value) || value.kind === 'object'
        ? engine.fromDoc(expr.type, frame.static)
        : value;
    }
    case 'unknown':
      return unknown(expr.source);
  }
}

function definition(engine: Engine, id: number, frame: Frame): Type {
  const done = frame.defs.get(id);
  if (done) return done;
  const def = frame.body.defs[id];
  if (!def) return unknown('local');
  // A definition refers only to earlier ones: no cycle to guard against.
  const type = evaluate(engine, def, frame);
  frame.defs.set(id, type);
  return type;
}

export function argTypes(engine: Engine, args: readonly Expr[], frame: Frame): Type[] {
  return args.map((a) => evaluate(engine, a, frame));
}

export function namedTypes(
  engine: Engine,
  named: Record<string, Expr> | undefined,
  frame: Frame,
): Named | undefined {
  if (!named) return undefined;
  return Object.fromEntries(Object.entries(named).map(([k, v]) => [k, evaluate(engine, v, frame)]));
}

function array(engine: Engine, expr: Extract<Expr, { kind: 'array' }>, frame: Frame): Type {
  if (expr.items.length === 0) return { kind: 'list', items: unknown('empty array') };
  const keyed = expr.items.some((i) => i.key || i.spread);
  const values = expr.items.map((i) => evaluate(engine, i.value, frame));
  const merged = values.some((v) => v.kind === 'merge');
  if (!keyed && !merged) {
    const tuple = values.map(unwrapOptional);
    return { kind: 'list', items: union(tuple), tuple };
  }
  const spreadList = listSpread(expr, values);
  if (spreadList) return spreadList;
  const fields: Field[] = [];
  let position = 0;
  // A key written again keeps its first place, with the last value, as in PHP.
  const put = (f: Field) => {
    const at = fields.findIndex((x) => x.key === f.key);
    if (at >= 0) fields[at] = f;
    else fields.push(f);
  };
  let open: Type | undefined;
  expr.items.forEach((item, i) => {
    const value = values[i]!;
    if (item.spread || value.kind === 'merge') {
      const inner = value.kind === 'merge' ? value.type : value;
      const optional = value.kind === 'merge' && value.optional;
      for (const t of members(inner)) {
        const shape = t.kind === 'model' ? attributesShape(t, engine.world) : t;
        if (shape.kind === 'shape')
          shape.fields.forEach((f) => put(optional ? { ...f, optional: true } : f));
        else if (shape.kind === 'map') open = shape.values;
      }
      return;
    }
    const key = item.key
      ? evaluate(engine, item.key, frame)
      : { kind: 'literal' as const, value: position++ };
    const name = keyName(key);
    if (name === undefined) {
      open = union([open ?? value, value].map(unwrapOptional));
      return;
    }
    if (value.kind === 'optional') put({ key: name, type: value.type, optional: true });
    else put({ key: name, type: value });
  });
  if (fields.length === 0 && open) return { kind: 'map', values: open };
  return { kind: 'shape', fields };
}

/**
 * `[...$this->fields, 'extra']`: lists spread into a list (no key written) make a list of their
 * items and the rest, as PHP appends them.
 */
function listSpread(expr: Extract<Expr, { kind: 'array' }>, values: Type[]): Type | undefined {
  if (expr.items.some((i) => i.key)) return undefined;
  const items: Type[] = [];
  for (const [i, item] of expr.items.entries()) {
    const value = values[i]!;
    if (!item.spread) {
      items.push(unwrapOptional(value));
      continue;
    }
    for (const t of members(value)) {
      if (t.kind === 'list') items.push(t.items);
      else if (t.kind === 'shape' && t.fields.every((f) => /^\d+$/.test(f.key)))
        items.push(...t.fields.map((f) => f.type));
      else return undefined;
    }
  }
  return { kind: 'list', items: union(items) };
}

/**
 * The key a field is documented under: a literal, or the one literal of a key the client may
 * change (`[$request->input('index') ?: 'data' => ...]` answers `data` unless asked otherwise).
 */
function keyName(key: Type): string | undefined {
  if (key.kind === 'literal') return String(key.value);
  const literals = members(key).filter((k) => k.kind === 'literal');
  return literals.length === 1 && literals[0]!.kind === 'literal'
    ? String(literals[0]!.value)
    : undefined;
}

/** `is_int()` and its kin: the JSON type each tests for. */
const TYPE_TESTS: Record<string, string> = {
  is_int: 'integer',
  is_integer: 'integer',
  is_string: 'string',
  is_bool: 'boolean',
  is_float: 'number',
  is_array: 'array',
  // `$x === true`, `$x !== false` (see ir/body.ts).
  is_true: 'true',
  is_false: 'false',
};

/** Whether a value is of a PHP type, when that can be told. */
function isOfType(t: Type, type: string): boolean | undefined {
  if (t.kind === 'unknown' || t.kind === 'attribute' || t.kind === 'input') return undefined;
  if (type === 'true' || type === 'false') {
    if (t.kind === 'literal') return t.value === (type === 'true');
    return t.kind === 'scalar' && t.type === 'boolean' ? undefined : false;
  }
  if (t.kind === 'scalar') return t.type === type;
  if (t.kind === 'literal') return typeOfLiteral(t.value) === type;
  if (t.kind === 'shape' || t.kind === 'list' || t.kind === 'map')
    return type === 'array' && !t.collection;
  return false;
}

function cast(type: Extract<Expr, { kind: 'cast' }>['type'], value: Type): Type {
  switch (type) {
    case 'int':
      return INTEGER;
    case 'float':
      return NUMBER;
    case 'string':
      return STRING;
    case 'bool':
      return BOOLEAN;
    default:
      return value;
  }
}

function unwrapOptional(type: Type): Type {
  return type.kind === 'optional' ? type.type : type;
}

/** Whether a value may be null (a `null` member, or a nullable column or input). */
function mayBeNull(type: Type): boolean {
  return members(type).some(
    (t) =>
      t.kind === 'null' ||
      (t.kind === 'attribute' && t.json.nullable === true) ||
      (t.kind === 'input' && t.field.nullable),
  );
}

/** The names a computed method name may be: each a known string, else none at all. */
function methodNames(type: Type): string[] {
  const all = members(type);
  const names = all.flatMap((t) =>
    t.kind === 'literal' && typeof t.value === 'string' && /^\w+$/.test(t.value) ? [t.value] : [],
  );
  return names.length === all.length ? names : [];
}
