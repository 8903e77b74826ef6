import type { ClassFacts } from '../facts/types.js';
import type { Body, Expr } from './types.js';

const RESOURCE_NAME = /(Resource|Collection)$/;

/**
 * The resources a class's methods wrap around something whose class the code names:
 * `new PostResource($post)` with `Post $post`, `PostResource::collection(Post::paginate())`.
 * Per file and cheap; whether the class is a model is decided in the assembly.
 */
export function resourceUses(classes: readonly ClassFacts[]): [string, string][] {
  const out: [string, string][] = [];
  for (const cls of classes) {
    for (const method of Object.values(cls.methods)) {
      if (!method.body) continue;
      const params = new Map<string, string>();
      for (const p of method.params) if (p.type?.includes('\\')) params.set(p.name, p.type);
      const visit = (expr: Expr | undefined, depth: number): void => {
        if (!expr || depth > 12) return;
        const use = resourceUse(expr, method.body!, params);
        if (use) out.push(use);
        for (const sub of subExprs(expr)) visit(sub, depth + 1);
      };
      method.body.returns.forEach((r) => visit(r.expr, 0));
    }
  }
  return out;
}

function resourceUse(
  expr: Expr,
  body: Body,
  params: ReadonlyMap<string, string>,
): [string, string] | undefined {
  let resource: string | undefined;
  let arg: Expr | undefined;
  if (expr.kind === 'new' && typeof expr.class === 'string' && RESOURCE_NAME.test(expr.class)) {
    resource = expr.class;
    arg = expr.args[0];
  } else if (
    expr.kind === 'static' &&
    typeof expr.class === 'string' &&
    (expr.method === 'make' || expr.method === 'collection')
  ) {
    resource = expr.class;
    arg = expr.args[0];
  }
  if (!resource || !arg || resource === 'static') return undefined;
  const model = rootClass(arg, body, params, 0);
  return model ? [resource, model] : undefined;
}

/** The class a value's expression starts from: a typed parameter, a static call's class. */
function rootClass(
  expr: Expr,
  body: Body,
  params: ReadonlyMap<string, string>,
  depth: number,
): string | undefined {
  if (depth > 8) return undefined;
  switch (expr.kind) {
    case 'param':
      return params.get(expr.name);
    case 'def': {
      const def = body.defs[expr.id];
      return def ? rootClass(def, body, params, depth + 1) : undefined;
    }
    case 'static':
      return typeof expr.class !== 'string' || expr.class === 'static' ? undefined : expr.class;
    case 'call': {
      // `Post::where(...)->latest()->paginate()` is the model's; `$user->posts()` is a
      // relation's, not the user's class.
      let root: Expr = expr;
      while (root.kind === 'call') root = root.on;
      return root.kind === 'static' ? rootClass(root, body, params, depth + 1) : undefined;
    }
    case 'effect':
    case 'passed':
      return rootClass(expr.on, body, params, depth + 1);
    case 'doc':
      return rootClass(expr.value, body, params, depth + 1);
    default:
      return undefined;
  }
}

/** The expressions directly inside one. */
export function subExprs(expr: Expr): Expr[] {
  switch (expr.kind) {
    case 'array':
      return expr.items.map((i) => i.value);
    case 'new':
      return [...(typeof expr.class === 'string' ? [] : [expr.class]), ...expr.args];
    case 'func':
      return expr.args;
    case 'static':
      return typeof expr.class === 'string' ? expr.args : [expr.class, ...expr.args];
    case 'call':
      return [expr.on, ...expr.args];
    case 'prop':
      return [expr.on];
    case 'union':
      return expr.of;
    default:
      return [];
  }
}
