import {
  functionClass,
  type MacroFacts,
  type MethodFacts,
  type ParamFacts,
  type TypeHints,
} from '../facts/types.js';
import type { Body, DocType, Expr, FnParam, Ret, ThisEffect } from '../ir/types.js';
import { shortName } from '../php/names.js';
import { EXTENSIONS } from '../extensions/index.js';
import { argTypes, evaluate, namedTypes, type Engine } from './evaluate.js';
import { defaultType, paramType, withHints } from './declared.js';
import { guardHolds, instanceTest } from './guards.js';
import { constantOf, declaredProperty, declaredWithoutValue, publicProperties } from './objects.js';
import { classOf } from './support.js';
import type { Ctx, Extension, Named, World } from './api.js';
import { fromDoc } from './doc.js';
import { frameOf, type Frame } from './frame.js';
import { RuleBook } from './rules.js';
import { truth } from './truth.js';
import { NULL, isUnknown, members, nonNull, typeKey, union, unknown, type Type } from './type.js';

/** Calls deeper than this, from the handler, are not followed. */
const MAX_DEPTH = 12;

/** One return of a handler, typed. */
export interface TypedReturn {
  line: number;
  type: Type;
  /** In a `catch` block (see `Ret.caught`). */
  caught?: true;
}

/**
 * The type engine: evaluates the transcribed bodies (`ir/`) of a project's functions and
 * methods into types, following calls into other methods and functions lazily, memoised per
 * method and argument types, with a guard against recursion and a bound on depth. What Laravel
 * itself does (query builders, resources, responses, ...) comes from the extensions' tables.
 */
export class TypeEngine implements Engine {
  private readonly rules: RuleBook;
  private readonly memo = new Map<string, { value: Type; deps: Set<string> }>();
  private readonly active = new Set<string>();
  /**
   * Responses thrown (`throw new HttpResponseException(...)`) during the calls being evaluated,
   * one list per call, innermost last; and those each memoised call threw, replayed on a hit.
   */
  private readonly thrown: Type[][] = [];
  private readonly thrownBy = new Map<string, Type[]>();

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
    return this.exits(frame, found.facts.body);
  }

  /**
   * What a method gives called on an instance of a class (a FormRequest's `rules()`,
   * `validationData()`, an exception handler's `render($request, $e)`), `$this` that instance,
   * carrying `input` when given (what `$this->input(...)` reads); undefined without a body to
   * read.
   */
  instanceCall(
    className: string,
    method: string,
    args: Type[] = [],
    input?: Type,
  ): Type | undefined {
    const entry = this.instanceEntry(className, method, input);
    return entry && this.call(entry.self, method, args, entry.frame);
  }

  /**
   * An instance of a class as a method called without arguments leaves it (a FormRequest's
   * `prepareForValidation()`, `$this` carrying `input`): each statement-level call on `$this`
   * (`$this->merge([...])`) applied in source order; undefined without a body to read.
   */
  instanceAfter(className: string, method: string, input: Type): Type | undefined {
    const entry = this.instanceEntry(className, method, input);
    if (!entry) return undefined;
    const { frame } = entry;
    let { self } = entry;
    for (const effect of entry.body.thisEffects ?? []) {
      if (effect.property !== undefined) continue;
      const args = argTypes(this, effect.args, frame);
      self = this.effect(self, effect.method, args, frame, namedTypes(this, effect.named, frame));
    }
    return self;
  }

  /** A method's body, an instance of its class (carrying `input`, when given) and its frame. */
  private instanceEntry(
    className: string,
    method: string,
    input: Type | undefined,
  ): { body: Body; self: Type; frame: Frame } | undefined {
    const found = this.world.classes.method(className, method);
    if (!found?.facts.body) return undefined;
    const plain = this.instance(className);
    const self: Type =
      input && plain.kind === 'object' ? { ...plain, state: { ...plain.state, input } } : plain;
    const frame = frameOf(found.facts.body, {
      this: self,
      static: className,
      file: found.owner.file,
    });
    return { body: found.facts.body, self, frame };
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
    return this.exits(frame, body);
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
      .filter((r) => this.taken(r, frame))
      .map((r) => ({
        line: r.line,
        type: r.expr ? this.evaluate(r.expr, frame) : NULL,
        ...(r.caught ? { caught: true as const } : {}),
      }));
  }

  // -- Evaluation -------------------------------------------------------------------------

  evaluate(expr: Expr, frame: Frame): Type {
    return evaluate(this, expr, frame);
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
    // A model forwards a query's methods to a new query of its class (`$model->findOrFail(1)`).
    if (receiver.kind === 'model' && this.rules.method('builder', method))
      return this.call({ kind: 'builder', model: receiver.class }, method, args, frame, named);
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
      const params = this.bindParams(macro.params, args, new Map());
      const inner = frameOf(macro.body, {
        ...(receiver ? { this: receiver } : {}),
        params,
        depth: frame.depth + 1,
      });
      return this.returnsOf(inner, macro.body);
    });
  }

  /** A statement-level call on a local: what the value is after it. */
  effect(receiver: Type, method: string, args: Type[], frame: Frame, named?: Named): Type {
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

  /**
   * A local passed to a method of the project (`$this->format($user);`): what that method's
   * `paramsAfter` makes of the argument, else the value unchanged.
   */
  passed(value: Type, call: Expr, index: number, frame: Frame): Type {
    let self: Type | undefined;
    let className: string | undefined;
    if (call.kind === 'call' && call.on.kind === 'this') {
      self = this.evaluate(call.on, frame);
      className = classOf(self);
    } else if (call.kind === 'static' && typeof call.class === 'string') {
      className = this.staticName(call.class, frame);
      self = frame.this;
    }
    if (!className || (call.kind !== 'call' && call.kind !== 'static')) return value;
    const found = this.world.classes.method(className, call.method);
    const param = found?.facts.params[index];
    const after = param && found.facts.body?.paramsAfter?.[param.name];
    if (!found || !after) return value;
    const args = argTypes(this, call.args, frame);
    args[index] = value;
    if (found.facts.static) self = undefined;
    const key = `after:${found.owner.facts.name}::${call.method}#${index}|${self ? typeKey(self) : ''}|${className}|${args.map(typeKey).join(',')}`;
    return this.memoised(key, frame, () => {
      const inner = this.frameFor(
        found.facts,
        found.facts.body!,
        self,
        className,
        args,
        frame.depth + 1,
      );
      const out = this.evaluate(after, inner);
      return isUnknown(out) ? value : out;
    });
  }

  callStatic(written: string, method: string, args: Type[], frame: Frame, named?: Named): Type {
    const className = this.staticName(written, frame);
    const ctx = this.ctx(frame, named);
    const found = this.world.classes.method(className, method);
    if (!found)
      for (const rules of this.classRules(className)) {
        const ruled = (rules.statics?.[method] ?? rules.statics?.['*'])?.(className, args, {
          ...ctx,
          method,
        });
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
    return this.callNamedFunction(name, undefined, args, frame, named);
  }

  /** `name()`, or the global `global()` PHP falls back to from a namespace. */
  callNamedFunction(
    name: string,
    global: string | undefined,
    args: Type[],
    frame: Frame,
    named?: Named,
  ): Type {
    const names = global ? [name, global] : [name];
    if (global && this.projectFunction(name)) return this.invokeFunction(name, args, frame, named);
    const last = names[names.length - 1]!;
    const rule = this.rules.functions.get(last.replace(/^\\/, '').toLowerCase());
    const ruled = rule?.(args, this.ctx(frame, named));
    if (ruled) return ruled;
    if (this.projectFunction(last)) return this.invokeFunction(last, args, frame, named);
    return unknown(`${last}()`);
  }

  invoke(callable: Type, args: Type[], frame: Frame): Type {
    return union(
      members(callable).map((c) => {
        if (c.kind === 'fn') return this.invokeClosure(c, args);
        if (c.kind === 'literal' && typeof c.value === 'string' && this.projectFunction(c.value))
          return this.invokeFunction(c.value, args, frame);
        return unknown('callable');
      }),
    );
  }

  /** A closure's (or macro's) parameters bound to the arguments, else to their declared types. */
  private bindParams(
    params: readonly FnParam[],
    args: readonly Type[],
    into: Map<string, Type>,
    self?: string,
  ): Map<string, Type> {
    params.forEach((p, i) => {
      const given = args[i];
      into.set(
        p.name,
        given && !isUnknown(given)
          ? given
          : p.type
            ? this.fromDoc(p.type, self)
            : (given ?? unknown(`$${p.name}`)),
      );
    });
    return into;
  }

  private invokeClosure(fn: Extract<Type, { kind: 'fn' }>, args: Type[]): Type {
    const outer = fn.frame as Frame;
    if (outer.depth > MAX_DEPTH) return unknown('calls too deep');
    const params = this.bindParams(fn.expr.params, args, new Map(outer.params), outer.static);
    const frame: Frame = { ...outer, params, defs: new Map(), depth: outer.depth + 1 };
    return this.returnsOf(frame, fn.expr);
  }

  /** A function the project declares (`function:<name>` in the class index, see `functionFacts`). */
  private projectFunction(name: string): MethodFacts | undefined {
    return this.world.classes.method(functionClass(name), 'function')?.facts;
  }

  private invokeFunction(name: string, args: Type[], frame: Frame, named?: Named): Type {
    const fn = this.projectFunction(name);
    if (!fn?.body) return unknown(`${name}()`);
    const key = `fn:${name}|${args.map(typeKey).join(',')}${namedKey(named)}`;
    return this.memoised(key, frame, () => {
      const inner = this.frameFor(fn, fn.body!, undefined, undefined, args, frame.depth + 1, named);
      return withHints(this, this.returnsOf(inner, fn.body!), fn.hints, undefined);
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
      withHints(this, unknown(`${shortName(owner)}::${method}()`), facts.hints, staticClass);
    if (!facts.body) {
      const implementation = this.implementation(owner, method);
      return implementation
        ? this.invokeMethod(
            implementation.owner.facts.name,
            method,
            implementation.facts,
            this.instance(implementation.class),
            implementation.class,
            args,
            frame,
            named,
          )
        : hinted();
    }
    const key = `${owner}::${method}|${self ? typeKey(self) : ''}|${staticClass}|${args.map(typeKey).join(',')}${namedKey(named)}`;
    return this.memoised(key, frame, () => {
      const inner = (on: Type | undefined) =>
        this.frameFor(facts, facts.body!, on, staticClass, args, frame.depth + 1, named);
      const body = facts.body!;
      const after = self && body.thisSets ? this.afterSets(self, body, inner(self)) : self;
      return withHints(this, this.returnsOf(inner(after), body), facts.hints, staticClass);
    });
  }

  /**
   * Where a call of an interface's (or an abstract) method lands: the one concrete class of the
   * project that implements it (`ProjectRepository` bound to `EloquentProjectRepository`). With
   * several, which one the container gives is not known: the declared type stands.
   */
  private implementation(owner: string, method: string) {
    const found = this.world.classes
      .implementers(owner)
      .map((c) => ({ class: c, ...this.world.classes.method(c, method) }))
      .filter((f) => f.facts?.body);
    // One body, maybe inherited by several classes: the class that declares it, if concrete.
    const owners = new Set(found.map((f) => f.owner!.facts.name));
    if (owners.size !== 1) return undefined;
    const chosen = found.find((f) => f.class === f.owner!.facts.name) ?? found[0]!;
    return { class: chosen.class, facts: chosen.facts!, owner: chosen.owner! };
  }

  /**
   * `$this` as a method leaves it: an object of the project with the properties the method
   * assigns (`setData($data) { $this->data = $data; return $this; }`), which a chained call
   * (`$this->setData($x)->respond()`) then reads.
   */
  private afterSets(self: Type, body: Body, frame: Frame): Type {
    if (self.kind !== 'object' || !this.world.classes.has(self.class)) return self;
    const state = { ...self.state };
    for (const set of body.thisSets ?? []) state[set.property] = this.evaluate(set.value, frame);
    return { ...self, state };
  }

  /**
   * A call's type, computed once per key; what it consulted is replayed on later hits (the
   * tracker), so that an operation reused by a later run knows every class it depends on.
   */
  private memoised(key: string, frame: Frame, compute: () => Type): Type {
    if (this.memo.has(key))
      return this.replayThrown(key, this.world.classes.tracker.memo(this.memo, key, compute));
    if (this.active.has(key)) return unknown('recursion');
    if (frame.depth > MAX_DEPTH) return unknown('calls too deep');
    this.active.add(key);
    this.thrown.push([]);
    try {
      return this.world.classes.tracker.memo(this.memo, key, compute);
    } finally {
      this.active.delete(key);
      const thrown = this.thrown.pop()!;
      if (thrown.length > 0) this.thrownBy.set(key, distinct(thrown));
      this.replayThrown(key, undefined);
    }
  }

  /** Hands what a memoised call threw to the call it is made from. */
  private replayThrown<T>(key: string, value: T): T {
    const thrown = this.thrownBy.get(key);
    if (thrown) this.thrown[this.thrown.length - 1]?.push(...thrown);
    return value;
  }

  /**
   * A handler's returns, and the responses it and the calls it makes throw (each a way the
   * request ends), evaluated in `frame`.
   */
  private exits(frame: Frame, body: Body): TypedReturn[] {
    const thrown: Type[] = [];
    this.thrown.push(thrown);
    let returns: TypedReturn[];
    try {
      returns = this.typedReturns(frame, body.returns);
      this.throwsOf(frame, body.throws);
    } finally {
      this.thrown.pop();
    }
    for (const type of distinct(thrown)) returns.push({ line: 0, type });
    return returns;
  }

  /** The responses a body throws, handed to the call being evaluated. */
  private throwsOf(frame: Frame, throws: readonly Ret[] | undefined): void {
    const sink = this.thrown[this.thrown.length - 1];
    for (const r of throws ?? []) {
      if (!sink || !r.expr || !this.taken(r, frame)) continue;
      const value = this.evaluate(r.expr, frame);
      if (!r.via) sink.push(value);
    }
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
        given && !isUnknown(given) ? given : paramType(this, p, facts.hints, staticClass, given),
      );
    });
    return frameOf(body, {
      ...(self ? { this: self } : {}),
      ...(staticClass ? { static: staticClass } : {}),
      params,
      depth,
    });
  }

  /** Whether a return may be taken, as far as the frame's parameters tell. */
  private taken(ret: Ret, frame: Frame): boolean {
    if (!guardHolds(this, ret, frame)) return false;
    return (
      !ret.holds || truth(ret.holds, (e) => this.evaluate(e, frame), instanceTest(this)) !== false
    );
  }

  /** What a body returns; the responses it throws go to the call being evaluated. */
  private returnsOf(frame: Frame, body: Pick<Body, 'returns' | 'throws'>): Type {
    this.throwsOf(frame, body.throws);
    const types = body.returns
      .filter((r) => this.taken(r, frame))
      .map((r) => (r.expr ? this.evaluate(r.expr, frame) : NULL));
    if (types.length === 0) return NULL;
    return union(types);
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
        // What a fluent setter of the project's own class left (see `afterSets`).
        if (
          r.kind === 'object' &&
          r.state &&
          Object.hasOwn(r.state, name) &&
          this.world.classes.has(r.class)
        )
          return r.state[name]!;
        const passed = r.kind === 'object' ? this.constructorArgument(r, name) : undefined;
        if (passed) return passed;
        const declared = declaredProperty(this, className, name);
        // Declared without a value (or `= null`) and assigned by the class's methods.
        if (!declared || declared.kind === 'null') {
          const assigned = this.assignedProperty(className, name, r, frame);
          if (assigned) return this.propertyState(className, name, assigned, r);
        } else if (declaredWithoutValue(this, className, name)) {
          // `private Post $post;` set by `$this->post = Post::create(...)`: what is assigned
          // says more (a created model), where it is known; a non-nullable type is never null.
          const assigned = this.assignedProperty(className, name, r, frame);
          const nullable = members(declared).some((t) => t.kind === 'null');
          const value = assigned && (nullable ? assigned : nonNull(assigned));
          if (value && !members(value).some(isUnknown) && value.kind !== 'never')
            return this.propertyState(className, name, value, r);
        }
        return declared ? this.propertyState(className, name, declared, r) : unknown(`->${name}`);
      }),
    );
  }

  /** `new Listing($query)` then `$this->query` inside it: the argument, when it is known. */
  private constructorArgument(
    r: Extract<Type, { kind: 'object' }>,
    name: string,
  ): Type | undefined {
    if (!r.args) return undefined;
    const owner = this.world.classes.method(r.class, '__construct')?.owner;
    const position = owner?.facts.fromConstructor?.[name];
    const arg = position === undefined ? undefined : r.args[position];
    return arg && !isUnknown(arg) ? arg : undefined;
  }

  private readonly assigning = new Set<string>();

  /**
   * `$this->name` as the class's methods assign it (`$this->client = new Client(...)`): what
   * the constructor and the methods it runs assign replaces the value it starts with; what
   * other methods assign may be there too. Undefined when nothing assigns it.
   */
  private assignedProperty(
    className: string,
    name: string,
    self: Type,
    frame: Frame,
  ): Type | undefined {
    const key = `${className}::${name}`;
    if (this.assigning.has(key) || frame.depth > MAX_DEPTH) return undefined;
    this.assigning.add(key);
    try {
      const construction = this.constructorRuns(className);
      const always: Type[] = [];
      const maybe: Type[] = [];
      for (const owner of this.world.classes.lineage(className)) {
        for (const [method, facts] of Object.entries(owner.facts.methods)) {
          const sets = (facts.body?.thisSets ?? []).filter((set) => set.property === name);
          if (sets.length === 0) continue;
          const inner = this.frameFor(facts, facts.body!, self, className, [], frame.depth + 1);
          for (const set of sets)
            (construction.has(method) ? always : maybe).push(this.evaluate(set.value, inner));
        }
      }
      if (always.length + maybe.length === 0) return undefined;
      return union(always.length > 0 ? [...always, ...maybe] : [NULL, ...maybe]);
    } finally {
      this.assigning.delete(key);
    }
  }

  /** The constructor of a class and the methods it calls as statements, transitively. */
  private constructorRuns(className: string): Set<string> {
    const out = new Set<string>();
    const visit = (method: string) => {
      if (out.has(method) || out.size > 8) return;
      const found = this.world.classes.method(className, method);
      if (!found?.facts.body) return;
      out.add(method);
      for (const next of found.facts.body.thisCalls ?? []) visit(next);
    };
    visit('__construct');
    return out;
  }

  private readonly settingUp = new Set<string>();
  /** `class::property` → the statement-level calls on it in the class's lineage, in order. */
  private readonly propertyEffects = new Map<string, { effect: ThisEffect; body: Body }[]>();

  /**
   * An object held in a property as the class's methods leave it: each statement-level call on
   * `$this->name` in the class or its ancestors (a Fractal manager's serializer, set in a
   * `buildManager()` that a handler calls first), applied in source order, method by method.
   */
  private propertyState(className: string, name: string, value: Type, self: Type): Type {
    if (!members(value).some((t) => t.kind === 'object')) return value;
    const key = `${className}::${name}`;
    if (this.settingUp.has(key)) return value;
    // The lineage is consulted (and tracked) by `declaredProperty` before this, on every read.
    let effects = this.propertyEffects.get(key);
    if (!effects) {
      effects = this.world.classes
        .lineage(className)
        .reverse()
        .flatMap((c) =>
          Object.values(c.facts.methods).flatMap((m) =>
            (m.body?.thisEffects ?? [])
              .filter((e) => e.property === name)
              .map((effect) => ({ effect, body: m.body! })),
          ),
        );
      this.propertyEffects.set(key, effects);
    }
    if (effects.length === 0) return value;
    this.settingUp.add(key);
    try {
      let state = value;
      for (const { effect, body } of effects) {
        const frame = frameOf(body, { this: self, static: className, depth: 1 });
        const args = argTypes(this, effect.args, frame);
        state = this.effect(
          state,
          effect.method,
          args,
          frame,
          namedTypes(this, effect.named, frame),
        );
      }
      return state;
    } finally {
      this.settingUp.delete(key);
    }
  }

  /** A plain object's public properties, as `json_encode` writes them. */
  publicProperties(className: string): Type | undefined {
    return publicProperties(this, className);
  }

  constant(className: string, name: string): Type {
    const own = constantOf(this, className, name);
    if (own.kind !== 'unknown') return own;
    // A framework class's constant (`Response::HTTP_CREATED`), inherited ones included.
    for (const rules of this.classRules(className)) {
      const value = rules.constants?.[name];
      if (value !== undefined) return { kind: 'literal', value };
    }
    return own;
  }

  staticProperty(className: string, name: string): Type {
    return declaredProperty(this, className, name) ?? unknown(`::$${name}`);
  }

  isA(className: string, bases: readonly string[]): boolean {
    if (bases.includes(className)) return true;
    for (const type of this.world.classes.supertypes(className))
      if (bases.includes(type)) return true;
    return false;
  }

  fromDoc(doc: DocType, self?: string): Type {
    return fromDoc(doc, {
      instance: (c) => this.instance(c),
      ...(self ? { selfClass: self } : {}),
    });
  }

  staticName(written: string, frame: Frame): string {
    if (written !== 'static') return written;
    return frame.static ?? (frame.this ? classOf(frame.this) : undefined) ?? 'static';
  }

  /** The rules for a class: its own, its ancestors' and its interfaces'. */
  private classRules(className: string) {
    // Its parents and interfaces, with the interfaces those extend.
    const all = [className, ...this.world.classes.supertypes(className)];
    // Every enum is a `UnitEnum` (and, backed or not, answers `cases()`).
    if (this.world.classes.get(className)?.facts.kind === 'enum')
      all.push('UnitEnum', 'BackedEnum');
    // Traits too: `$this->dispatchSync()` comes with `DispatchesJobs`.
    all.push(...this.world.classes.traits(className));
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

/** Types without repeats (the same response thrown along several calls), in order. */
function distinct(types: readonly Type[]): Type[] {
  const seen = new Set<string>();
  return types.filter((t) => {
    const key = typeKey(t);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Named arguments in a memo key (`send(data: $x)` and `send(data: $x, code: 403)` differ). */
function namedKey(named: Named | undefined): string {
  if (!named) return '';
  const names = Object.keys(named).sort();
  return names.length > 0 ? `|${names.map((n) => `${n}=${typeKey(named[n]!)}`).join(',')}` : '';
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

/**
 * What `->` reaches: the code assumes the value is there, so `null` counts only when nothing
 * else could be (`?->` adds it back).
 */
function present(type: Type): Type[] {
  const all = members(type);
  const some = all.filter((t) => t.kind !== 'null');
  return some.length > 0 ? some : all;
}
