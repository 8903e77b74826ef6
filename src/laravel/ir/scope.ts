import type { Node } from '../php/ast.js';
import type { NameScope } from '../php/names.js';
import type { Expr, ThisEffect } from './types.js';

/** What the transcription of one function body knows at a point of it. */
export interface Scope {
  names: NameScope;
  /** The class the code is in (`self::`), fully qualified. */
  self?: string;
  /** Its parent class (`parent::`). */
  parent?: string;
  /** The enclosing function's parameters. */
  params: ReadonlySet<string>;
  /** Local variable → the definitions (`defs` ids) that may reach this point. */
  env: Map<string, number[]>;
  /** The body's definitions, shared by its closures. */
  defs: Expr[];
  /** Transcribes a closure or arrow function found in an expression (set by `body.ts`). */
  closure: (node: Node, scope: Scope) => Expr;
  /** Calls on `$this`'s properties, shared by the body's branches (see `Body.thisEffects`). */
  thisEffects?: ThisEffect[];
  /** Assignments to `$this`'s properties (see `Body.thisSets`). */
  thisSets?: { property: string; value: Expr }[];
  /** Methods of `$this` called as statements (see `Body.thisCalls`). */
  thisCalls?: string[];
  /** Closures given to `$this->renderable(...)` (see `Body.renderers`). */
  renderers?: Expr[];
  /** A local's definition → the expression assigned to it (`$max = ...;`), for its source. */
  assigned?: Map<number, Node>;
}

/** A new definition of a local; returns its id. */
export function define(scope: Scope, name: string, value: Expr): number {
  const id = scope.defs.push(value) - 1;
  scope.env.set(name, [id]);
  return id;
}

/** The value a local has here: its definitions, or the parameter of that name. */
export function localValue(scope: Scope, name: string): Expr | undefined {
  const ids = scope.env.get(name);
  if (ids && ids.length > 0) {
    const refs: Expr[] = ids.map((id) => ({ kind: 'def', id }));
    return refs.length === 1 ? refs[0] : { kind: 'union', of: refs };
  }
  if (scope.params.has(name)) return { kind: 'param', name };
  return undefined;
}

/** A copy of the environment, for a branch. */
export function fork(scope: Scope): Scope {
  return { ...scope, env: new Map(scope.env) };
}

/** After branches: each local may have any of the branches' definitions. */
export function join(scope: Scope, branches: readonly Scope[]): void {
  const names = new Set(branches.flatMap((b) => [...b.env.keys()]));
  for (const name of names) {
    const ids = new Set<number>();
    for (const b of branches) for (const id of b.env.get(name) ?? []) ids.add(id);
    scope.env.set(
      name,
      [...ids].sort((a, b) => a - b),
    );
  }
}
