import type { ExceptionRenderer, MacroFacts } from '../facts/types.js';
import type { DocType } from '../ir/types.js';
import type { ModelCatalog } from '../models/catalog.js';
import type { PhpValue } from '../php/value.js';
import type { ClassIndex } from '../project/classes.js';
import type { Frame } from './frame.js';
import type { Type } from './type.js';

/** What the engine reads of the project: classes (helper functions among them), models, config values. */
export interface World {
  classes: ClassIndex;
  models: ModelCatalog;
  /** Methods added to framework classes (`Response::macro('api', ...)`). */
  macros: readonly MacroFacts[];
  /** Closures rendering exceptions, registered in `bootstrap/app.php` (Laravel 11+). */
  renderers?: readonly ExceptionRenderer[];
  configValue(key: string): PhpValue | undefined;
  /** The authenticated user's model. */
  authModel?: string;
  /** The model a resource class presents (`@mixin`, its name, how handlers use it). */
  resourceModel(resource: string): string | undefined;
}

/**
 * The engine as its extensions see it (`extensions/*`): calls to make, classes to ask about.
 * An interface of its own, so that the extensions and the engine do not import each other.
 */
export interface Infer {
  readonly world: World;
  /** `$receiver->method(...)`, as PHP would run it: Laravel's rules, then the project's code. */
  call(receiver: Type, method: string, args: Type[], frame: Frame, named?: Named): Type;
  /** `Class::method(...)`. */
  callStatic(className: string, method: string, args: Type[], frame: Frame, named?: Named): Type;
  callFunction(name: string, args: Type[], frame: Frame, named?: Named): Type;
  /** A closure (or `Class::class`/callable string) called with these arguments. */
  invoke(callable: Type, args: Type[], frame: Frame): Type;
  /** `$receiver->name`. */
  property(receiver: Type, name: string, frame: Frame): Type;
  /** What `new Class(...$args)` makes. */
  instantiate(className: string, args: Type[], frame: Frame, named?: Named): Type;
  /** An instance of the class, knowing nothing more (a model, an object). */
  instance(className: string): Type;
  /** `Class::NAME`: a class constant's value, or an enum case. */
  constant(className: string, name: string): Type;
  /** Whether the class is, or descends from, one of these (project or framework classes). */
  isA(className: string, bases: readonly string[]): boolean;
  fromDoc(doc: DocType, self?: string): Type;
}

export type Named = Record<string, Type>;

/** What a rule is called with besides its arguments. */
export interface Ctx {
  infer: Infer;
  frame: Frame;
  named?: Named;
  /** The method called (for a static rule, and for a `*` rule, whose name it does not say). */
  method?: string;
}

/** A method of a value of some kind: its result, or undefined when the rule does not apply. */
export type MethodRule = (receiver: Type, args: Type[], ctx: Ctx) => Type | undefined;
export type FunctionRule = (args: Type[], ctx: Ctx) => Type | undefined;
export type StaticRule = (className: string, args: Type[], ctx: Ctx) => Type | undefined;
export type PropertyRule = (receiver: Type, name: string, ctx: Ctx) => Type | undefined;

type ByKind<T> = { [K in Type['kind']]?: T };

/** Rules for instances (and static calls, constructors) of classes and their descendants. */
export interface ClassRules {
  /** Fully qualified; a global alias of the same short name (`Response`, `Auth`) matches too. */
  classes: readonly string[];
  methods?: Record<string, MethodRule>;
  /** Static calls by name; `*` for any name the table does not list. */
  statics?: Record<string, StaticRule>;
  construct?: (className: string, args: Type[], ctx: Ctx) => Type | undefined;
  /** Class constants the framework declares (`Response::HTTP_CREATED`), by name. */
  constants?: Readonly<Record<string, string | number>>;
  properties?: PropertyRule;
  /** A statement-level call (`$x->method(...);`): what the receiver becomes. */
  effects?: Record<string, MethodRule>;
}

/**
 * One Laravel concept's knowledge, as lookup tables (the idea of Scramble's
 * `MethodReturnTypeExtension`): functions by lower-case name, methods by the kind of value they
 * are called on, rules by class.
 */
export interface Extension {
  functions?: Record<string, FunctionRule>;
  methods?: ByKind<Record<string, MethodRule>>;
  /** Statement-level calls by the receiver's kind: what the receiver becomes. */
  effects?: ByKind<Record<string, MethodRule>>;
  properties?: ByKind<PropertyRule>;
  classes?: ClassRules[];
}
