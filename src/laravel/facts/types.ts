import type { RouteAttributeFacts } from './route-attributes.js';
import type { Body, DocType, FnParam } from '../ir/types.js';
import type { DocBlock } from '../php/docblock.js';
import type { PhpValue } from '../php/value.js';

/**
 * What the per-file pass learns from one PHP file. Plain JSON (it is cached on disk keyed by the
 * file's content hash, and may cross a worker-thread boundary), and a function of the file's
 * content only: class names are fully qualified through the file's own `use` imports, paths are
 * kept relative (`{{__DIR__}}`, `{{BASE}}`), and everything that needs another file is resolved
 * later, in the global assembly.
 */
export interface FileFacts {
  /**
   * Set when the file could not be parsed; the other facts are then those of what the parser
   * could read around the error (none when it could not recover).
   */
  error?: Problem;
  classes: ClassFacts[];
  /** Route declarations among the file's top-level statements (route files). */
  routes?: RouteDecl[];
  /** Arguments of `->withRouting(...)` (Laravel 11+ `bootstrap/app.php`). */
  withRouting?: Record<string, PhpValue>;
  /** `$middleware->throttleApi()` is called (Laravel 11+ `bootstrap/app.php`): the `api` group throttles. */
  throttlesApi?: true;
  /** Calls in `->withMiddleware(fn (Middleware $m) => ...)` (Laravel 11+ `bootstrap/app.php`). */
  middleware?: MiddlewareCall[];
  /** Closures of `->withExceptions(fn ($e) => $e->render(...))` (Laravel 11+ `bootstrap/app.php`). */
  exceptionRenderers?: ExceptionRenderer[];
  /** `Passport::tokensCan([...])`: the OAuth scopes the application defines. */
  passportScopes?: PhpValue;
  /** Validation rules the file defines (`Validator::extend('name', ...)`, `validateName()`). */
  customRules?: string[];
  /** `Schema::create`/`Schema::table` blocks, in order (migrations). */
  tables?: TableOp[];
  /** Resource classes whose wrapping is switched off (`JsonResource::withoutWrapping()`). */
  withoutWrapping?: string[];
  /** The file's top-level `return` value (config files). */
  returns?: PhpValue;
  /**
   * Files its top-level code requires, as written (`{{__DIR__}}/helpers.php`); a `*` pattern
   * stands for every file a `glob()` it loops over would match.
   */
  includes?: string[];
  warnings?: Problem[];
  /** Classes the facts mention that the file does not declare (for the PSR-4 lookup). */
  references?: string[];
  /**
   * `new PostResource($post)`, `PostResource::collection(Post::paginate())` in its methods:
   * the resource and the class of what it wraps (a model, when the assembly finds it is one),
   * for resources whose model nothing else names.
   */
  resourceUses?: [resource: string, model: string][];
  /** `Response::macro('api', function (...) {...})` and the like, registered by the file's classes. */
  macros?: MacroFacts[];
}

/** A macro: a method added to a framework class at run time. */
/** A closure that renders exceptions of its first parameter's class (`$exceptions->render(...)`). */
export interface ExceptionRenderer {
  params: FnParam[];
  body: Body;
}

export interface MacroFacts {
  /** The class (or facade) `macro` was called on, fully qualified. */
  class: string;
  name: string;
  params: FnParam[];
  body: Body;
}

/** A function declared outside any class (`function serializeApiResponse($data) {...}`). */
/** What a signature and its docblock declare: `@param`/declared parameter types, `@return`, the return type. */
export interface TypeHints {
  params?: Record<string, DocType>;
  /** The declared return type. */
  returns?: DocType;
  /** `@return`, when it parses. */
  doc?: DocType;
}

/** `$middleware->group('api', [...])`, `->api(prepend: [...])`: one call, as written. */
export interface MiddlewareCall {
  method: string;
  args: PhpValue[];
  named?: Record<string, PhpValue>;
}

export interface Problem {
  line: number;
  message: string;
}

export interface ClassFacts {
  /** Fully qualified. */
  name: string;
  /** `function`: a top-level function, `function:<name>` with one method `function`. */
  kind: 'class' | 'enum' | 'trait' | 'interface' | 'function';
  line: number;
  extends?: string;
  implements?: string[];
  traits?: string[];
  abstract?: boolean;
  doc?: DocBlock;
  /** `@mixin` in the docblock, resolved (a resource's model). */
  mixin?: string;
  /** Declared property types, promoted constructor parameters included. */
  types?: Record<string, string>;
  /** Public, non-static properties (promoted ones included): what `json_encode` writes of an object. */
  publicProperties?: string[];
  /** Property types as declared or documented (`@var`), and the class's `@property` tags. */
  propertyHints?: Record<string, DocType>;
  /**
   * Properties the constructor sets from its parameters (promoted ones, `$this->query = $query;`):
   * property → the parameter's position, so an instance made with known arguments knows them.
   */
  fromConstructor?: Record<string, number>;
  /** Property defaults, static ones included (`$casts`, `$hidden`, `$wrap`, `$table`, ...). */
  properties: Record<string, PhpValue>;
  constants: Record<string, PhpValue>;
  /** Enum cases and their backing values (null for a pure enum). */
  cases?: Record<string, string | number | null>;
  methods: Record<string, MethodFacts>;
  /** spatie/laravel-route-attributes' `#[Prefix]`, `#[Get]`, ... on the class and its methods. */
  routeAttributes?: RouteAttributeFacts;
  /**
   * The HTTP status an exception class is made with: its constructor's
   * `parent::__construct(400, ...)` (Symfony's `HttpException`).
   */
  status?: number;
  /** An `Application` subclass's `configPath()`, project-relative (`app/Config`). */
  configDir?: string;
}

export interface MethodFacts {
  line: number;
  visibility: 'public' | 'protected' | 'private';
  static?: boolean;
  doc?: DocBlock;
  params: ParamFacts[];
  /** The declared return type: a class, or a lower-case builtin. */
  returnType?: string;
  hints?: TypeHints;
  /** What the body's `return`s yield, for the type engine. */
  body?: Body;
  /** The value a method returns when it returns one expression (`rules()`, `casts()`, ...). */
  returns?: PhpValue;
  /** What a request handler does: set for public methods of controller-like classes. */
  handler?: HandlerFacts;
  /**
   * The errors the body raises, wherever the method is: statuses it fails with (`abort(409)`,
   * `findOrFail`) and the project's exception classes it throws (their status is looked up
   * once the classes are known). A handler's calls are followed into these.
   */
  raises?: { statuses?: number[]; thrown?: string[] };
  /** `return $this->hasMany(Post::class)` and friends. */
  relation?: { type: string; related: string };
  /** Route declarations inside the method (route service providers). */
  routes?: RouteDecl[];
  /** How the method authenticates a request (a middleware's `handle()` and its helpers). */
  authenticates?: AuthUseFacts;
  /** A controller's constructor: `$this->middleware('auth')->except([...])`. */
  middleware?: ControllerMiddleware[];
  /**
   * What the method does with the request besides answering: validation, inputs read, calls
   * that may do more (for a handler, its calls only: `handler` has the rest).
   */
  uses?: UseFacts;
}

/** Middleware a controller gives its actions: all of them, or those `only` names, less `except`. */
export interface ControllerMiddleware {
  names: string[];
  only?: string[];
  except?: string[];
}

/**
 * What a middleware's method does to authenticate a request, read from its calls.
 * @see https://laravel.com/docs/authentication
 */
export interface AuthUseFacts {
  /**
   * Guards it asks about the request's user (`Auth::check()`, `auth('api')->user()`,
   * `shouldUse('api')`); `''` is the default guard.
   */
  guards?: string[];
  /** HTTP basic credentials (`Auth::onceBasic()`, `$request->getUser()`, `PHP_AUTH_USER`). */
  basic?: true;
  /**
   * It refuses with 401: `abort(401)`, `AuthenticationException`, a 401 response, a guard's
   * `authenticate()` or `onceBasic()`.
   */
  unauthorized?: true;
  /** Methods of its own class it calls (`$this->authenticate($request)`), to follow. */
  calls?: string[];
}

/** Validation run in a method, followed into from a handler (`requests/follow.ts`). */
export interface ValidationFacts {
  line: number;
  rules: PhpValue;
  messages?: PhpValue;
  attributes?: PhpValue;
  /** The data validated, when it is not the request itself (`Validator::make($data, ...)`). */
  data?: PhpValue;
  /** The `if` tests around the call (their conjunction), when it is inside one. */
  when?: PhpValue;
}

/** A call a method makes that may validate or read the request further. */
export interface CallFacts {
  line: number;
  /** On `$this` (`className`: `parent::`), another class, or a global function. */
  kind: 'this' | 'class' | 'function';
  className?: string;
  /** The method, or for `function` the function's name. */
  method: string;
  args: PhpValue[];
  /** The `if` tests around the call (their conjunction), when it is inside one. */
  when?: PhpValue;
}

/** Request data mass-assigned to a model (`Client::create($request->all())`). */
export interface FillFacts {
  line: number;
  /** The model, when the code names it. */
  className?: string;
  /** Else the parameter holding it (`$model->fill($data)` in a generic repository). */
  param?: number;
  /** Else the static call that made it (`PostFactory::create()`): its declared return type. */
  madeBy?: string;
  /** What is assigned: the request's input, or a parameter a caller binds. */
  data: PhpValue;
}

export interface UseFacts {
  validations?: ValidationFacts[];
  inputs?: InputRead[];
  calls?: CallFacts[];
  fills?: FillFacts[];
  /** Parameters the body casts (`(int) $id`): the type a route parameter of that name has. */
  casts?: Record<string, 'integer' | 'number' | 'boolean'>;
  /**
   * Calls `$this->$name(...)`: one method per input, as query filter classes do; with the
   * methods it calls by name itself (its own machinery, not filters).
   */
  dispatches?: { calls: string[] };
  /**
   * `array_diff(array_keys($request->all()), $allowed)`: the keys the method allows, when it
   * rejects any other (the lists, one per such check).
   */
  closed?: PhpValue[];
}

export interface ParamFacts {
  name: string;
  /** Fully qualified class, or a lower-case builtin (`int`, `string`, ...). */
  type?: string;
  nullable?: boolean;
  optional?: boolean;
  /** A scalar default value (`$slug = 'home'`). */
  default?: string | number | boolean | null;
  /** An array default (`array $allowed = ['name']`), evaluated. */
  defaultValue?: PhpValue;
}

/** What a controller method or route closure does, as far as the documentation cares. */
export interface HandlerFacts {
  params: ParamFacts[];
  doc?: DocBlock;
  /** Inline validation: `$request->validate([...])`, `$this->validate(...)`, `Validator::make`. */
  /** Inline validation: the rules, and the custom messages and attribute names passed with them. */
  validations: { line: number; rules: PhpValue; messages?: PhpValue; attributes?: PhpValue }[];
  /** `$request->query('x')`, `->integer('x')`, `->header('X-Y')`, ... */
  inputs: InputRead[];
  /** Statuses it can answer besides success: `abort(403)`, `findOrFail` → 404, ... */
  statuses: number[];
  /** A route closure's body and declared types, for the type engine (methods have their own). */
  body?: Body;
  hints?: TypeHints;
}

export interface InputRead {
  name: string;
  /** `query`, `input`, `header`, ... */
  via: string;
  /** The type the accessor returns: `integer()` → integer. */
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'array';
  default?: PhpValue;
  /** The name is the argument at this position of the call (`$this->get($field)`); `name` is empty. */
  param?: number;
  /**
   * With `param`: one input per entry of that argument, an array (`foreach ($fields as $field =>
   * $info) $this->has($info[0])`): named by the entry's key, its value, or its value's item `at`.
   */
  each?: { key?: true; at?: string | number };
}

/** A route declaration as written; its meaning (prefixes, names, expansion) is decided later. */
export type RouteDecl =
  | {
      kind: 'route';
      line: number;
      methods: string[];
      uri: string;
      /** The URI when it is not a literal (`config('app.prefix') . '/users'`), to fold later. */
      uriValue?: PhpValue;
      action?: ActionDecl;
      /** Registrar calls before the verb and modifiers after it, in order. */
      calls: ChainCall[];
    }
  | {
      kind: 'resource';
      line: number;
      api: boolean;
      /** `Route::singleton`/`apiSingleton`: one resource without an identifier. */
      singleton?: boolean;
      /** `name => controller` (one entry for `resource`, several for `resources`). */
      resources: { name: string; controller: string }[];
      options: PhpValue;
      calls: ChainCall[];
    }
  | { kind: 'group'; line: number; calls: ChainCall[]; children: RouteDecl[] }
  | { kind: 'require'; line: number; path: PhpValue; calls: ChainCall[] }
  | { kind: 'pattern'; line: number; name: string; regex: string }
  /**
   * `$this->mapApiRoutes()`, `RouteFile::load('v1')`: a method that may declare routes, called
   * where routes are declared (`className` absent: the same class).
   */
  | { kind: 'call'; line: number; className?: string; method: string; args: PhpValue[] }
  /** `$routes->map($router)`: the project's route classes are mapped here (Laravel 5 apps). */
  | { kind: 'classes'; line: number }
  /** Declarations of another file inlined by the assembly (a called method's, a route class's). */
  | { kind: 'inline'; line: number; file: string; children: RouteDecl[] };

export interface ChainCall {
  method: string;
  args: PhpValue[];
}

export type ActionDecl =
  { kind: 'value'; value: PhpValue } | { kind: 'closure'; handler: HandlerFacts; uses?: UseFacts };

/** One `Schema::create('users', ...)`, `Schema::table(...)`, `Schema::drop(...)`, `rename`. */
export interface TableOp {
  table: string;
  op: 'create' | 'table' | 'drop' | 'rename';
  /** The new name, for `rename`. */
  to?: string;
  /** `$table->...` statements in order: column types, `dropColumn`, `renameColumn`, ... */
  columns: ColumnDecl[];
}

/** `$table->string('email')->nullable()->unique()`: the first method, its args, the rest. */
export interface ColumnDecl {
  type: string;
  args: PhpValue[];
  modifiers: ChainCall[];
}

/**
 * The class-index name of a top-level function (`function:<name>`, one method `function`) and of
 * a global constant (`const:<NAME>`, one constant): helpers and constants are found, and tracked,
 * through the same index as classes.
 */
export function functionClass(name: string): string {
  return `function:${name.replace(/^\\/, '')}`;
}

export function constantClass(name: string): string {
  return `const:${name}`;
}
