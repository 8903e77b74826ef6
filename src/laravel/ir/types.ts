/**
 * The per-file transcription of PHP code that the type engine (`infer/`) reads: every
 * function and method body reduced to the expressions its `return`s yield, with local
 * variables replaced by the assignments that reach each use. Plain JSON, a function of one
 * file's content (class names fully qualified through its `use` imports): it is cached with
 * the file's facts. What an expression *means* — a model, a paginator, a resource — is decided
 * later, across files, by the engine and its Laravel extensions.
 */

/** A PHP expression, with its names resolved and its locals turned into definitions. */
export type Expr =
  /** A literal scalar: `'a'`, `1`, `true`, `null`. */
  | { kind: 'value'; value: string | number | boolean | null }
  /** `[...]`; an item without `key` is a list item, `spread` is `...$x`. */
  | { kind: 'array'; items: ArrayItem[] }
  /** `new X(...)`; `class` is an expression for `new $this->transformer(...)`. */
  | { kind: 'new'; class: string | Expr; args: Expr[]; named?: Record<string, Expr> }
  /**
   * `foo(...)`: `name` as PHP first tries it (namespaced, or imported), `global` the global
   * function PHP falls back to for an unqualified name in a namespace.
   */
  | { kind: 'func'; name: string; global?: string; args: Expr[]; named?: Record<string, Expr> }
  /**
   * `X::m(...)`: `class` is fully qualified, or `static`; an expression for `$class::m(...)`.
   */
  | {
      kind: 'static';
      class: string | Expr;
      method: string;
      args: Expr[];
      named?: Record<string, Expr>;
    }
  /** `$x->m(...)`. */
  | {
      kind: 'call';
      on: Expr;
      /** The method's name; `''` when it is computed (`$x->{$method}()`, see `methodFrom`). */
      method: string;
      /** What names the method when it is computed: the call is made for each name it may be. */
      methodFrom?: Expr;
      args: Expr[];
      named?: Record<string, Expr>;
      nullsafe?: true;
    }
  /** `$x->name`. */
  | { kind: 'prop'; on: Expr; name: string; nullsafe?: true }
  /** `X::$name`. */
  | { kind: 'sprop'; class: string; name: string }
  /** `X::NAME`: a class constant or an enum case. */
  | { kind: 'const'; class: string; name: string }
  /** `MAX_SIZE`: a global constant (`const MAX_SIZE = 10;`, `define()`). */
  | { kind: 'gconst'; name: string }
  /** `X::class`. */
  | { kind: 'class'; name: string }
  | { kind: 'this' }
  /** A parameter of the function the expression is in, as passed. */
  | { kind: 'param'; name: string }
  /** A local variable's value: the definition `defs[id]` of the body. */
  | { kind: 'def'; id: number }
  /** `$x['key']`, `$x[]`. */
  | { kind: 'index'; on: Expr; key?: Expr }
  /** A closure or arrow function: its parameters and what its `return`s yield. */
  | { kind: 'fn'; params: FnParam[]; returns: Ret[]; throws?: Ret[] }
  /**
   * One of several values (branches, `?:`, `??`, `match`, a variable assigned in an `if`); with
   * `when`, `of[0]` where the condition holds and `of[1]` where it does not (`$required ? ... :
   * ...` in a helper called with `required: false`).
   */
  | { kind: 'union'; of: Expr[]; when?: Cond }
  /**
   * A string made of parts (`'max:' . self::MAX`, `"items.{$key}"`), some known only once the
   * project is (a constant, a setting) or at run time.
   */
  | {
      kind: 'concat';
      parts: Expr[];
      /** Each part's PHP source (`null` for a literal), shown where the part is not known. */
      sources?: (string | null)[];
    }
  /** `$a * 2`: a number, known once its operands are (a setting, a constant). */
  | { kind: 'arith'; op: keyof typeof ARITHMETIC; args: [Expr, Expr] }
  /** A value whose type alone is known: `$a > 1` is a boolean. */
  | { kind: 'scalar'; type: 'string' | 'integer' | 'number' | 'boolean' }
  /** `(int) $x`, `(array) $x`, ... */
  | { kind: 'cast'; type: 'int' | 'float' | 'string' | 'bool' | 'array' | 'object'; of: Expr }
  /**
   * A local after a statement-level call on it (`$query->where(...)`, `$manager->setSerializer(...)`,
   * `$user->save()`): the receiver as the call leaves it, whatever the call returns.
   */
  | { kind: 'effect'; on: Expr; method: string; args: Expr[]; named?: Record<string, Expr> }
  /**
   * A local after a statement passes it to a method of the project (`$this->format($user);`):
   * the argument `index` of `call` as the method leaves it (see `Body.paramsAfter`), for an
   * object is passed by handle.
   */
  | { kind: 'passed'; on: Expr; call: Expr; index: number }
  /** A local after `$x['key'] = $value` (or `$x[] = $value` without `key`). */
  | { kind: 'set'; on: Expr; key?: Expr; value: Expr }
  /** A local inside `if ($x instanceof Y)` (or past `if (! ($x instanceof Y)) return ...;`). */
  | { kind: 'instance'; of: Expr; class: string; not?: true }
  /** A value known not to be null here (`$x ?? ...`, after `if (! $x) return ...;`). */
  | { kind: 'notnull'; of: Expr }
  /** An item of what `foreach` walks over. */
  | { kind: 'element'; of: Expr }
  /** A key of what `foreach` walks over (`foreach ($rows as $key => $row)`). */
  | { kind: 'elementKey'; of: Expr }
  /** A value with a type declared in a docblock (`/** @var User $admin *\/`). */
  | { kind: 'doc'; type: DocType; value: Expr }
  | { kind: 'unknown'; source?: string };

/**
 * `$a + $b` on arrays, as a call of its own: PHP's union keeps the left's keys (and their
 * order) and adds the right's others, which no PHP function does. A name no function has.
 */
export const ARRAY_UNION = '+';

/** The arithmetic a value is computed with, folded when its operands are known. */
export const ARITHMETIC = {
  '+': (a: number, b: number) => a + b,
  '-': (a: number, b: number) => a - b,
  '*': (a: number, b: number) => a * b,
  '/': (a: number, b: number) => a / b,
};

/**
 * A condition on the parameters of the function it is in (`$required`, `! $strict`, `$mode ===
 * 'update'`), which the engine decides where the arguments are known; an operand the condition
 * does not read from parameters is `{ kind: 'truthy', of: { kind: 'unknown' } }`.
 */
export type Cond =
  /** PHP's truthiness of a value. */
  | { kind: 'truthy'; of: Expr }
  /** `===` (`==` when `loose`). */
  | { kind: 'same'; args: [Expr, Expr]; loose?: true }
  | { kind: 'not'; of: Cond }
  | { kind: 'and' | 'or'; of: [Cond, Cond] }
  /** `$param instanceof Class`. */
  | { kind: 'instanceof'; of: Expr; class: string };

export interface ArrayItem {
  key?: Expr;
  value: Expr;
  spread?: true;
}

export interface FnParam {
  name: string;
  /** The declared type, if any. */
  type?: DocType;
}

/** One `return` (or an arrow function's body). */
export interface Ret {
  line: number;
  /** Absent for a bare `return;`. */
  expr?: Expr;
  /** Taken only when a parameter is (or is not) an instance of a class (`if ($x instanceof Y)`). */
  when?: Guard;
  /** Taken only where this condition on parameters holds (`if ($required) return ...;`). */
  holds?: Cond;
  /** In a `catch` block: what the code answers for an exception it caught. */
  caught?: true;
  /** Among a body's `throws`: a call made as a statement, which may throw a response itself. */
  via?: true;
}

export interface Guard {
  param: string;
  class: string;
  not?: true;
}

/** What a function or method body yields. */
export interface Body {
  /** Local variables' definitions, referred to by `{ kind: 'def', id }` (each only to earlier ones). */
  defs: Expr[];
  returns: Ret[];
  /**
   * The responses it throws (`throw new HttpResponseException(response()->json(...))`), which
   * Laravel sends as they are, wherever the call that throws them was made from.
   */
  throws?: Ret[];
  /**
   * Statement-level calls on a property of `$this` (`$this->manager->setSerializer(...)`), in
   * source order: what the method does to the object's state, which other methods then read.
   */
  thisEffects?: ThisEffect[];
  /** `$this->data = $data;` in the body, in source order: a fluent setter's state. */
  thisSets?: { property: string; value: Expr }[];
  /**
   * Methods of `$this` called as statements (`$this->makeModel();`), in source order: a
   * constructor's are run whenever the object is made, and what they assign holds after it.
   */
  thisCalls?: string[];
  /**
   * `$this->renderable(function (NotFoundHttpException $e, Request $request) {...});` in an
   * exception handler's `register()`: the closures, in order; Laravel renders an exception with
   * the first whose first parameter's class it is an instance of and that returns a response.
   */
  renderers?: Expr[];
  /**
   * Parameters the body changes through calls on them (`$user->makeVisible([...])`,
   * `$user->url = ...`, `$this->format($user)`), by name, as the body leaves them: a caller's
   * object passed in changes with them (see the `passed` expression).
   */
  paramsAfter?: Record<string, Expr>;
}

export interface ThisEffect {
  /** Absent for a call on `$this` itself (`$this->merge([...]);` in a FormRequest). */
  property?: string;
  method: string;
  args: Expr[];
  named?: Record<string, Expr>;
}

/**
 * A type as PHP declares it (`?User`, `int|string`) or PHPDoc writes it (`array{id: int}`,
 * `Collection<int, User>`, `User[]`, `'a'|'b'`). Class names are fully qualified; builtins
 * (`int`, `string`, `array`, `list`, `mixed`, `null`, `static`, ...) are lower case.
 */
export type DocType =
  | { kind: 'name'; name: string; args?: DocType[] }
  | { kind: 'shape'; fields: { key: string; type: DocType; optional?: true }[] }
  | { kind: 'union'; of: DocType[] }
  | { kind: 'literal'; value: string | number | boolean }
  | { kind: 'list'; of: DocType };
