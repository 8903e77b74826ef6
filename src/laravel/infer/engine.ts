import type { SchemaObject } from '../../core/types.js';
import type { MacroFacts, MethodFacts, ParamFacts, TypeHints } from '../facts/types.js';
import type { Body, DocType, Expr, Ret } from '../ir/types.js';
import { shortName } from '../php/names.js';
import { EXTENSIONS } from '../extensions/index.js';
import { access, element, setKey } from './access.js';
import { attributesShape, classOf, valueType } from './support.js';
import type { Ctx, Extension, Infer, Named, World } from './api.js';
import { fromDoc } from './doc.js';
import { frameOf, type Frame } from './frame.js';
import { RuleBook } from './rules.js';
import {
  BOOLEAN,
  INTEGER,
  NULL,
  NUMBER,
  STRING,
  isUnknown,
  members,
  nonNull,
  typeKey,
  union,
  unknown,
  type Field,
  type Type,
} from './type.js';

/** Calls deeper than this, from the handler, are not followed. */
const MAX_DEPTH = 12;

/** One return of a handler, typed. */
export interface TypedReturn {
  line: number;
  type: Type;
}

/**
 * The type engine: evaluates the transcribed bodies (`ir/`) of a project's functions and
 * methods into types, following calls into other methods and functions lazily, memoised per
 * method and argument types, with a guard against recursion and a bound on depth. What Laravel
 * itself does (query builders, resources, responses, ...) comes from the extensions' tables.
 */
export class TypeEngine implements Infer {
  private readonly rules: RuleBook;
  private readonly memo = new Map<string, { value: Type; deps: Set<string> }>();
  private readonly active = new Set<string>();

  constructor(
    readonly world: World,
    extensions: readonly Extension[] = EXTENSIONS,
  ) {
    this.rules = new RuleBook(extensions);
  }

  /**
   * What a controller method returns, return by return. `input` is the request's validated
   * input, which `$request->validated()` and friends give.
   */
  methodReturns(className: string, method: string, input?: Type): TypedReturn[] | undefined {
    const found = this.world.classes.method(className, method);
    if (!found?.facts.body) return undefined;
    const params = this.entryParams(found.facts.params, found.facts.hints, className, input);
    const frame = frameOf(found.facts.body, {
      this: this.instance(className),
      static: className,
      params,
      file: found.owner.file,
    });
    return this.typedReturns(frame, found.facts.body.returns);
  }

  /** What a route closure returns. */
  closureReturns(
    body: Body,
    params: readonly ParamFacts[],
    hints: TypeHints | undefined,
    file: string,
    input?: Type,
  ): TypedReturn[] {
    const frame = frameOf(body, {
      params: this.entryParams(params, hints, undefined, input),
      file,
    });
    return this.typedReturns(frame, body.returns);
  }

  /**
   * A handler's parameters as the router passes them: route parameters are strings (or bound
   * models), a request carries its validated input.
   */
  private entryParams(
    params: readonly ParamFacts[],
    hints: TypeHints | undefined,
    self: string | undefined,
    input?: Type,
  ): Map<string, Type> {
    const bound = new Map<string, Type>();
    for (const p of params) {
      const hint = hints?.params?.[p.name];
      let type = hint
        ? this.fromDoc(hint, self)
        : p.default !== undefined
          ? defaultType(p.default)
          : unknown(`$${p.name}`);
      if (type.kind === 'object' && this.isA(type.class, REQUESTS))
        type = { ...type, state: { input: input ?? unknown('request input') } };
      bound.set(p.name, type);
    }
    return bound;
  }

  private typedReturns(frame: Frame, returns: readonly Ret[]): TypedReturn[] {
    return returns
      .filter((r) => this.guardHolds(r, frame))
      .map((r) => ({ line: r.line, type: r.expr ? this.evaluate(r.expr, frame) : NULL }));
  }

  // -- Evaluation -------------------------------------------------------------------------

  evaluate(expr: Expr, frame: Frame): Type {
    switch (expr.kind) {
      case 'value':
        return expr.value === null ? NULL : { kind: 'literal', value: expr.value };
      case 'array':
        return this.array(expr, frame);
      case 'new': {
        const args = this.args(expr.args, frame);
        const named = this.named(expr.named, frame);
        if (typeof expr.class === 'string')
          return this.instantiate(this.staticName(expr.class, frame), args, frame, named);
        const target = this.evaluate(expr.class, frame);
        return union(
          members(target).map((t) =>
            t.kind === 'class'
              ? this.instantiate(t.class, args, frame, named)
              : t.kind === 'literal' && typeof t.value === 'string'
                ? this.instantiate(t.value.replace(/^\\/, ''), args, frame, named)
                : unknown('new of an unknown class'),
          ),
        );
      }
      case 'func':
        return this.callFunctionNamed(
          expr.name,
          expr.global,
          this.args(expr.args, frame),
          frame,
          this.named(expr.named, frame),
        );
      case 'static': {
        const args = this.args(expr.args, frame);
        const named = this.named(expr.named, frame);
        if (typeof expr.class === 'string')
          return this.callStatic(expr.class, expr.method, args, frame, named);
        return union(
          members(this.evaluate(expr.class, frame)).map((t) => {
            const name =
              t.kind === 'class'
                ? t.class
                : t.kind === 'literal' && typeof t.value === 'string'
                  ? t.value
                  : classOf(t);
            return name
              ? this.callStatic(name.replace(/^\\/, ''), expr.method, args, frame, named)
              : unknown(`::${expr.method}()`);
          }),
        );
      }
      case 'call': {
        const receiver = this.evaluate(expr.on, frame);
        const result = this.call(
          receiver,
          expr.method,
          this.args(expr.args, frame),
          frame,
          this.named(expr.named, frame),
        );
        return expr.nullsafe && mayBeNull(receiver) ? union([result, NULL]) : result;
      }
      case 'prop': {
        const receiver = this.evaluate(expr.on, frame);
        const result = this.property(receiver, expr.name, frame);
        return expr.nullsafe && mayBeNull(receiver) ? union([result, NULL]) : result;
      }
      case 'sprop':
        return this.staticProperty(this.staticName(expr.class, frame), expr.name);
      case 'const':
        return this.constant(this.staticName(expr.class, frame), expr.name);
      case 'class':
        return { kind: 'class', class: this.staticName(expr.name, frame) };
      case 'this':
        return frame.this ?? (frame.static ? this.instance(frame.static) : unknown('$this'));
      case 'param':
        return frame.params.get(expr.name) ?? unknown(`$${expr.name}`);
      case 'def':
        return this.definition(expr.id, frame);
      case 'index':
        return access(
          this.evaluate(expr.on, frame),
          expr.key ? this.evaluate(expr.key, frame) : undefined,
        );
      case 'fn':
        return { kind: 'fn', expr, frame };
      case 'union':
        return union(expr.of.map((e) => this.evaluate(e, frame)));
      case 'scalar':
        return { kind: 'scalar', type: expr.type };
      case 'cast':
        return this.cast(expr.type, this.evaluate(expr.of, frame));
      case 'effect':
        return this.effect(
          this.evaluate(expr.on, frame),
          expr.method,
          this.args(expr.args, frame),
          frame,
          this.named(expr.named, frame),
        );
      case 'set':
        return setKey(
          this.evaluate(expr.on, frame),
          expr.key ? this.evaluate(expr.key, frame) : undefined,
          this.evaluate(expr.value, frame),
        );
      case 'element':
        return element(this.evaluate(expr.of, frame));
      case 'notnull':
        return nonNull(this.evaluate(expr.of, frame));
      case 'doc': {
        const value = this.evaluate(expr.value, frame);
        return isUnknown(value) || value.kind === 'object'
          ? this.fromDoc(expr.type, frame.static)
          : value;
      }
      case 'unknown':
        return unknown(expr.source);
    }
  }

  private definition(id: number, frame: Frame): Type {
    const done = frame.defs.get(id);
    if (done) return done;
    const def = frame.body.defs[id];
    if (!def) return unknown('local');
    // A definition refers only to earlier ones: no cycle to guard against.
    const type = this.evaluate(def, frame);
    frame.defs.set(id, type);
    return type;
  }

  private args(args: readonly Expr[], frame: Frame): Type[] {
    return args.map((a) => this.evaluate(a, frame));
  }

  private named(named: Record<string, Expr> | undefined, frame: Frame): Named | undefined {
    if (!named) return undefined;
    return Object.fromEntries(Object.entries(named).map(([k, v]) => [k, this.evaluate(v, frame)]));
  }

  private array(expr: Extract<Expr, { kind: 'array' }>, frame: Frame): Type {
    if (expr.items.length === 0) return { kind: 'list', items: unknown('empty array') };
    const keyed = expr.items.some((i) => i.key || i.spread);
    const values = expr.items.map((i) => this.evaluate(i.value, frame));
    const merged = values.some((v) => v.kind === 'merge');
    if (!keyed && !merged) return { kind: 'list', items: union(values.map(unwrapOptional)) };
    const fields: Field[] = [];
    let position = 0;
    const put = (f: Field) => {
      const at = fields.findIndex((x) => x.key === f.key);
      if (at >= 0) fields.splice(at, 1);
      fields.push(f);
    };
    let open: Type | undefined;
    expr.items.forEach((item, i) => {
      const value = values[i]!;
      if (item.spread || value.kind === 'merge') {
        const inner = value.kind === 'merge' ? value.type : value;
        const optional = value.kind === 'merge' && value.optional;
        for (const t of members(inner)) {
          const shape = t.kind === 'model' ? attributesShape(t.class, this.world) : t;
          if (shape.kind === 'shape')
            shape.fields.forEach((f) => put(optional ? { ...f, optional: true } : f));
          else if (shape.kind === 'map') open = shape.values;
        }
        return;
      }
      const key = item.key
        ? this.evaluate(item.key, frame)
        : { kind: 'literal' as const, value: position++ };
      const name = key.kind === 'literal' ? String(key.value) : undefined;
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

  private cast(type: Extract<Expr, { kind: 'cast' }>['type'], value: Type): Type {
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

  // -- Calls ------------------------------------------------------------------------------

  call(receiver: Type, method: string, args: Type[], frame: Frame, named?: Named): Type {
    if (frame.depth > MAX_DEPTH) return unknown('calls too deep');
    const results = present(receiver).map((r) => this.callOne(r, method, args, frame, named));
    return union(results);
  }

  private callOne(receiver: Type, method: string, args: Type[], frame: Frame, named?: Named): Type {
    if (receiver.kind === 'null') return NULL;
    // What an unknown value gives is unknown for the same reason (a value-typed method aside).
    if (receiver.kind === 'unknown' && !this.rules.method('unknown', method)) return receiver;
    const ctx = this.ctx(frame, named);
    const byKind = this.rules.method(receiver.kind, method)?.(receiver, args, ctx);
    if (byKind) return byKind;
    const className = classOf(receiver);
    if (className) {
      // The project's classes are the most derived: their methods override the framework's.
      const user = this.userMethod(className, method, receiver, args, frame, named);
      if (user) return user;
      for (const rules of this.classRules(className)) {
        const found = rules.methods?.[method]?.(receiver, args, ctx);
        if (found) return found;
      }
    }
    const macro = this.macro(receiver, method);
    if (macro) return this.invokeMacro(macro, receiver, args, frame);
    const fallback =
      this.rules.fallback(receiver.kind)?.(receiver, args, { ...ctx, method }) ??
      this.rules.method('unknown', method)?.(receiver, args, ctx);
    return fallback ?? unknown(`->${method}()`);
  }

  /** A macro registered for what the receiver is (`Response::macro`, `Collection::macro`). */
  private macro(receiver: Type, method: string): MacroFacts | undefined {
    const candidates = this.world.macros.filter((m) => m.name === method);
    if (candidates.length === 0) return undefined;
    const own = classOf(receiver);
    const targets = (m: MacroFacts) => MACRO_TARGETS[shortName(m.class)] ?? [m.class];
    return candidates.find((m) => {
      const wanted = targets(m);
      if (
        (receiver.kind === 'list' || receiver.kind === 'map' || receiver.kind === 'shape') &&
        receiver.collection
      )
        return wanted.some((c) => /\\Collection$/.test(c));
      return (
        own !== undefined &&
        (this.isA(own, wanted) || wanted.some((c) => shortName(c) === shortName(own)))
      );
    });
  }

  private invokeMacro(
    macro: MacroFacts,
    receiver: Type | undefined,
    args: Type[],
    frame: Frame,
  ): Type {
    const key = `macro:${macro.class}::${macro.name}|${receiver ? typeKey(receiver) : ''}|${args.map(typeKey).join(',')}`;
    return this.memoised(key, frame, () => {
      const params = new Map<string, Type>();
      macro.params.forEach((p, i) => {
        const given = args[i];
        params.set(
          p.name,
          given && !isUnknown(given)
            ? given
            : p.type
              ? this.fromDoc(p.type)
              : unknown(`$${p.name}`),
        );
      });
      const inner = frameOf(macro.body, {
        ...(receiver ? { this: receiver } : {}),
        params,
        depth: frame.depth + 1,
      });
      return this.returnsOf(inner, macro.body.returns);
    });
  }

  /** A statement-level call on a local: what the value is after it. */
  private effect(receiver: Type, method: string, args: Type[], frame: Frame, named?: Named): Type {
    const ctx = this.ctx(frame, named);
    return union(
      members(receiver).map((r) => {
        const byKind = this.rules.effect(r.kind, method)?.(r, args, ctx);
        if (byKind) return byKind;
        const className = classOf(r);
        if (className)
          for (const rules of this.classRules(className)) {
            const found = rules.effects?.[method]?.(r, args, ctx);
            if (found) return found;
          }
        return r;
      }),
    );
  }

  callStatic(written: string, method: string, args: Type[], frame: Frame, named?: Named): Type {
    const className = this.staticName(written, frame);
    const ctx = this.ctx(frame, named);
    const found = this.world.classes.method(className, method);
    if (!found)
      for (const rules of this.classRules(className)) {
        const ruled = rules.statics?.[method]?.(className, args, ctx);
        if (ruled) return ruled;
      }
    if (found) {
      // `parent::method()`, `self::method()` on an instance method: the same `$this`.
      const thisClass = frame.this ? classOf(frame.this) : undefined;
      const sameObject = !found.facts.static && thisClass && this.isA(thisClass, [className]);
      const self = sameObject
        ? frame.this
        : found.facts.static
          ? undefined
          : this.instance(className);
      return this.invokeMethod(
        found.owner.facts.name,
        method,
        found.facts,
        self,
        sameObject ? (frame.static ?? className) : className,
        args,
        frame,
        named,
      );
    }
    const macro = this.macro({ kind: 'object', class: className }, method);
    if (macro) return this.invokeMacro(macro, undefined, args, frame);
    // Eloquent forwards unknown static calls to a query of the model (`User::active()`).
    if (this.world.models.isModel(className))
      return this.call({ kind: 'builder', model: className }, method, args, frame, named);
    return unknown(`${shortName(className)}::${method}()`);
  }

  callFunction(name: string, args: Type[], frame: Frame, named?: Named): Type {
    return this.callFunctionNamed(name, undefined, args, frame, named);
  }

  private callFunctionNamed(
    name: string,
    global: string | undefined,
    args: Type[],
    frame: Frame,
    named?: Named,
  ): Type {
    const names = global ? [name, global] : [name];
    const own = this.world.functions.get(names[0]!.toLowerCase());
    if (own && global) return this.invokeFunction(own.name, args, frame, named);
    const last = names[names.length - 1]!;
    const rule = this.rules.functions.get(last.replace(/^\\/, '').toLowerCase());
    const ruled = rule?.(args, this.ctx(frame, named));
    if (ruled) return ruled;
    const fn = this.world.functions.get(last.toLowerCase());
    if (fn) return this.invokeFunction(fn.name, args, frame, named);
    return unknown(`${last}()`);
  }

  invoke(callable: Type, args: Type[], frame: Frame): Type {
    return union(
      members(callable).map((c) => {
        if (c.kind === 'fn') return this.invokeClosure(c, args);
        if (
          c.kind === 'literal' &&
          typeof c.value === 'string' &&
          this.world.functions.has(c.value.toLowerCase())
        )
          return this.invokeFunction(c.value, args, frame);
        return unknown('callable');
      }),
    );
  }

  private invokeClosure(fn: Extract<Type, { kind: 'fn' }>, args: Type[]): Type {
    const outer = fn.frame as Frame;
    if (outer.depth > MAX_DEPTH) return unknown('calls too deep');
    const params = new Map(outer.params);
    fn.expr.params.forEach((p, i) => {
      const given = args[i];
      params.set(
        p.name,
        given && !isUnknown(given)
          ? given
          : p.type
            ? this.fromDoc(p.type, outer.static)
            : (given ?? unknown(`$${p.name}`)),
      );
    });
    const frame: Frame = { ...outer, params, defs: new Map(), depth: outer.depth + 1 };
    return this.returnsOf(frame, fn.expr.returns);
  }

  private invokeFunction(name: string, args: Type[], frame: Frame, named?: Named): Type {
    const fn = this.world.functions.get(name.toLowerCase());
    if (!fn?.body) return unknown(`${name}()`);
    const key = `fn:${name}|${args.map(typeKey).join(',')}`;
    return this.memoised(key, frame, () => {
      const inner = this.frameFor(fn, fn.body!, undefined, undefined, args, frame.depth + 1, named);
      return this.withHints(this.returnsOf(inner, fn.body!.returns), fn.hints, undefined);
    });
  }

  /** A method of the project's code, `$this` bound to the receiver. */
  private userMethod(
    className: string,
    method: string,
    receiver: Type,
    args: Type[],
    frame: Frame,
    named?: Named,
  ): Type | undefined {
    const found = this.world.classes.method(className, method);
    if (!found) return undefined;
    return this.invokeMethod(
      found.owner.facts.name,
      method,
      found.facts,
      receiver,
      className,
      args,
      frame,
      named,
    );
  }

  private invokeMethod(
    owner: string,
    method: string,
    facts: MethodFacts,
    self: Type | undefined,
    staticClass: string,
    args: Type[],
    frame: Frame,
    named?: Named,
  ): Type {
    const hinted = () =>
      this.withHints(unknown(`${shortName(owner)}::${method}()`), facts.hints, staticClass);
    if (!facts.body) return hinted();
    const key = `${owner}::${method}|${self ? typeKey(self) : ''}|${staticClass}|${args.map(typeKey).join(',')}`;
    return this.memoised(key, frame, () => {
      const inner = this.frameFor(
        facts,
        facts.body!,
        self,
        staticClass,
        args,
        frame.depth + 1,
        named,
      );
      return this.withHints(this.returnsOf(inner, facts.body!.returns), facts.hints, staticClass);
    });
  }

  /**
   * A call's type, computed once per key; what it consulted is replayed on later hits (the
   * tracker), so that an operation reused by a later run knows every class it depends on.
   */
  private memoised(key: string, frame: Frame, compute: () => Type): Type {
    if (this.memo.has(key)) return this.world.classes.tracker.memo(this.memo, key, compute);
    if (this.active.has(key)) return unknown('recursion');
    if (frame.depth > MAX_DEPTH) return unknown('calls too deep');
    this.active.add(key);
    try {
      return this.world.classes.tracker.memo(this.memo, key, compute);
    } finally {
      this.active.delete(key);
    }
  }

  /** A plain object's public properties, as `json_encode` writes them. */
  publicProperties(className: string): Type | undefined {
    const fields: Field[] = [];
    for (const c of this.world.classes.lineage(className).reverse()) {
      for (const name of c.facts.publicProperties ?? []) {
        const hint = c.facts.propertyHints?.[name];
        const type = hint
          ? this.fromDoc(hint, className)
          : name in c.facts.properties
            ? valueType(c.facts.properties[name]!, this)
            : unknown(`->${name}`);
        const at = fields.findIndex((f) => f.key === name);
        if (at >= 0) fields.splice(at, 1);
        fields.push({ key: name, type });
      }
    }
    return fields.length > 0 ? { kind: 'shape', fields } : undefined;
  }

  private frameFor(
    facts: { params: readonly ParamFacts[]; hints?: TypeHints },
    body: Body,
    self: Type | undefined,
    staticClass: string | undefined,
    args: readonly Type[],
    depth: number,
    named?: Named,
  ): Frame {
    const params = new Map<string, Type>();
    facts.params.forEach((p, i) => {
      const given = named?.[p.name] ?? args[i];
      params.set(
        p.name,
        given && !isUnknown(given) ? given : this.paramType(p, facts.hints, staticClass, given),
      );
    });
    return frameOf(body, {
      ...(self ? { this: self } : {}),
      ...(staticClass ? { static: staticClass } : {}),
      params,
      depth,
    });
  }

  private paramType(
    p: ParamFacts,
    hints: TypeHints | undefined,
    self: string | undefined,
    given?: Type,
  ): Type {
    // An argument left out is the default, whatever type the parameter declares.
    if (!given && p.default !== undefined)
      return p.default === null ? NULL : { kind: 'literal', value: p.default };
    const hint = hints?.params?.[p.name];
    if (hint) return this.fromDoc(hint, self);
    return given ?? unknown(`$${p.name}`);
  }

  /** The body's type, or the docblock's or the declared one where the body says less. */
  private withHints(type: Type, hints: TypeHints | undefined, self: string | undefined): Type {
    const native =
      hints?.returns &&
      SCALAR_DECLARATIONS[hints.returns.kind === 'name' ? hints.returns.name : ''];
    // A declared scalar return type is enforced by PHP: what the body yields is of that type.
    if (native) {
      const fitting = members(type).filter(
        (t) =>
          (t.kind === 'scalar' && t.type === native.type) ||
          (t.kind === 'literal' && typeOfLiteral(t.value) === native.type) ||
          (t.kind === 'schema' && t.schema.type === native.type),
      );
      if (fitting.length === 0) return native;
      return union(
        fitting.map((t) =>
          t.kind === 'schema' && t.schema.nullable
            ? { kind: 'schema', schema: withoutNullable(t.schema) }
            : t,
        ),
      );
    }
    const body = knownPart(type);
    if (!saysLess(body)) return type;
    const doc = hints?.doc ?? hints?.returns;
    if (!doc || isVoid(doc)) return type;
    const declared = this.fromDoc(doc, self);
    return isUnknown(declared) ? type : declared;
  }

  private returnsOf(frame: Frame, returns: readonly Ret[]): Type {
    const types = returns
      .filter((r) => this.guardHolds(r, frame))
      .map((r) => (r.expr ? this.evaluate(r.expr, frame) : NULL));
    if (types.length === 0) return NULL;
    return union(types);
  }

  private guardHolds(ret: Ret, frame: Frame): boolean {
    if (!ret.when) return true;
    const value = frame.params.get(ret.when.param);
    if (!value || isUnknown(value)) return true;
    const holds = this.satisfies(value, ret.when.class);
    if (holds === undefined) return true;
    return ret.when.not ? !holds : holds;
  }

  /** Whether a value is an instance of the class, when that can be told. */
  private satisfies(type: Type, className: string): boolean | undefined {
    const answers = members(type).map((t): boolean | undefined => {
      const own = classOf(t);
      if (own) return this.isA(own, [className]);
      if ((t.kind === 'list' || t.kind === 'map' || t.kind === 'shape') && t.collection)
        return /(Collection|Enumerable|Arrayable)$/.test(className);
      if (t.kind === 'unknown' || t.kind === 'fn') return undefined;
      return false;
    });
    if (answers.every((a) => a === true)) return true;
    if (answers.every((a) => a === false)) return false;
    return undefined;
  }

  // -- Objects ----------------------------------------------------------------------------

  instantiate(className: string, args: Type[], frame: Frame, named?: Named): Type {
    const ctx = this.ctx(frame, named);
    for (const rules of this.classRules(className)) {
      const built = rules.construct?.(className, args, ctx);
      if (built) return built;
    }
    if (this.world.models.isModel(className))
      return { kind: 'model', class: className, created: 'new' };
    return args.length > 0
      ? { kind: 'object', class: className, args }
      : { kind: 'object', class: className };
  }

  instance(className: string): Type {
    if (this.world.models.isModel(className)) return { kind: 'model', class: className };
    if (this.world.classes.get(className)?.facts.kind === 'enum')
      return { kind: 'enum', class: className };
    if (this.world.classes.has(className) && this.isA(className, RESOURCES)) {
      // A resource declared, not built here: it presents the model it is written for.
      const model = this.world.resourceModel(className);
      return {
        kind: 'resource',
        class: className,
        data: model ? { kind: 'model', class: model } : unknown('resource data'),
      };
    }
    return { kind: 'object', class: className };
  }

  property(receiver: Type, name: string, frame: Frame): Type {
    return union(
      present(receiver).map((r) => {
        if (r.kind === 'null') return NULL;
        const ctx = this.ctx(frame);
        const byKind = this.rules.properties.get(r.kind)?.(r, name, ctx);
        if (byKind) return byKind;
        const className = classOf(r);
        if (!className) return r.kind === 'unknown' ? r : unknown(`->${name}`);
        for (const rules of this.classRules(className)) {
          const found = rules.properties?.(r, name, ctx);
          if (found) return found;
        }
        return this.declaredProperty(className, name) ?? unknown(`->${name}`);
      }),
    );
  }

  /** A property as the class declares it: its documented or declared type, else its default. */
  private declaredProperty(className: string, name: string): Type | undefined {
    for (const c of this.world.classes.lineage(className)) {
      const hint = c.facts.propertyHints?.[name];
      if (hint) return this.fromDoc(hint, className);
      if (name in c.facts.properties) return valueType(c.facts.properties[name]!, this);
    }
    return undefined;
  }

  private staticProperty(className: string, name: string): Type {
    return this.declaredProperty(className, name) ?? unknown(`::$${name}`);
  }

  private constant(className: string, name: string): Type {
    const cls = this.world.classes.get(className)?.facts;
    if (cls?.kind === 'enum' && cls.cases && name in cls.cases)
      return { kind: 'enum', class: className };
    for (const c of this.world.classes.lineage(className))
      if (name in c.facts.constants) return valueType(c.facts.constants[name]!, this);
    return unknown(`${shortName(className)}::${name}`);
  }

  isA(className: string, bases: readonly string[]): boolean {
    if (bases.includes(className)) return true;
    const lineage = [className, ...this.world.classes.ancestors(className)];
    const interfaces = new Set<string>();
    for (const c of this.world.classes.lineage(className))
      for (const i of c.facts.implements ?? []) interfaces.add(i);
    return lineage.some((c) => bases.includes(c)) || [...interfaces].some((i) => bases.includes(i));
  }

  fromDoc(doc: DocType, self?: string): Type {
    return fromDoc(doc, {
      instance: (c) => this.instance(c),
      ...(self ? { selfClass: self } : {}),
    });
  }

  private staticName(written: string, frame: Frame): string {
    if (written !== 'static') return written;
    return frame.static ?? (frame.this ? classOf(frame.this) : undefined) ?? 'static';
  }

  /** The rules for a class: its own, its ancestors' and its interfaces'. */
  private classRules(className: string) {
    const lineage = [className, ...this.world.classes.ancestors(className)];
    const interfaces = this.world.classes
      .lineage(className)
      .flatMap((c) => c.facts.implements ?? []);
    // Every enum is a `UnitEnum` (and, backed or not, answers `cases()`).
    if (this.world.classes.get(className)?.facts.kind === 'enum')
      interfaces.push('UnitEnum', 'BackedEnum');
    const all = [...lineage, ...interfaces];
    // A global alias (`Response::json`, `\\Auth::user()`, from config/app.php's aliases) names
    // the facade of the same short name.
    const shorts = new Set(all.filter((c) => !c.includes('\\') && !this.world.classes.has(c)));
    return this.rules.forClass((classes) =>
      classes.some((c) => all.includes(c) || shorts.has(shortName(c))),
    );
  }

  private ctx(frame: Frame, named?: Named): Ctx {
    return named ? { infer: this, frame, named } : { infer: this, frame };
  }
}

/** The classes a facade's macros are added to. */
const MACRO_TARGETS: Record<string, string[]> = {
  Response: [
    'Illuminate\\Contracts\\Routing\\ResponseFactory',
    'Illuminate\\Routing\\ResponseFactory',
  ],
  Request: ['Illuminate\\Http\\Request'],
  Collection: ['Illuminate\\Support\\Collection'],
  Str: ['Illuminate\\Support\\Str'],
};

const RESOURCES = [
  'Illuminate\\Http\\Resources\\Json\\JsonResource',
  'Illuminate\\Http\\Resources\\Json\\ResourceCollection',
];

const REQUESTS = ['Illuminate\\Http\\Request', 'Illuminate\\Foundation\\Http\\FormRequest'];

/** Native return types PHP enforces, as the scalar they make. */
const SCALAR_DECLARATIONS: Record<string, Extract<Type, { kind: 'scalar' }>> = {
  string: { kind: 'scalar', type: 'string' },
  int: { kind: 'scalar', type: 'integer' },
  float: { kind: 'scalar', type: 'number' },
  bool: { kind: 'scalar', type: 'boolean' },
};

function typeOfLiteral(value: string | number | boolean): string {
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value === 'boolean' ? 'boolean' : 'string';
}

function withoutNullable(schema: SchemaObject): SchemaObject {
  const rest = { ...schema };
  delete rest.nullable;
  return rest;
}

/** A route parameter with a default (`$slug = 'home'`): the default's type, not its value. */
function defaultType(value: string | number | boolean | null): Type {
  if (value === null) return unknown('parameter');
  if (typeof value === 'number') return Number.isInteger(value) ? INTEGER : NUMBER;
  return typeof value === 'boolean' ? BOOLEAN : STRING;
}

/**
 * What `->` reaches: the code assumes the value is there, so `null` counts only when nothing
 * else could be (`?->` adds it back).
 */
function present(type: Type): Type[] {
  const all = members(type);
  const some = all.filter((t) => t.kind !== 'null');
  return some.length > 0 ? some : all;
}

/** Whether a value may be null (a `null` member, or a schema that says so). */
function mayBeNull(type: Type): boolean {
  return members(type).some(
    (t) => t.kind === 'null' || (t.kind === 'schema' && t.schema.nullable === true),
  );
}

function unwrapOptional(type: Type): Type {
  return type.kind === 'optional' ? type.type : type;
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
