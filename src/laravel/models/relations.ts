import type { Node } from '../php/ast.js';
import { argValue, flattenChain } from '../php/chain.js';
import { evaluate, type EvalContext } from '../php/evaluate.js';
import { firstReturn } from '../php/returns.js';

/** Eloquent relation methods, and whether they yield a list. @see https://laravel.com/docs/eloquent-relationships */
export const RELATION_TYPES: Record<string, { many: boolean }> = {
  hasOne: { many: false },
  belongsTo: { many: false },
  morphOne: { many: false },
  morphTo: { many: false },
  hasOneThrough: { many: false },
  hasMany: { many: true },
  belongsToMany: { many: true },
  morphMany: { many: true },
  morphToMany: { many: true },
  morphedByMany: { many: true },
  hasManyThrough: { many: true },
};

/**
 * `return $this->hasMany(Post::class)->latest();` → `{ type: 'hasMany', related: 'App\\Models\\Post' }`
 * (past a guard's bare `return;`).
 */
export function relationOf(
  method: Node,
  ctx: EvalContext,
): { type: string; related: string } | undefined {
  const first = firstReturn(method, true);
  if (!first?.expr) return undefined;
  const { root, links } = flattenChain(first.expr);
  const [link] = links;
  if (root.kind !== 'variable' || root.name !== 'this' || !link?.call || !RELATION_TYPES[link.name])
    return undefined;
  const related = evaluate(argValue(link.args[0]), ctx);
  const name =
    typeof related === 'object' && related?.kind === 'class'
      ? related.name
      : typeof related === 'string'
        ? related
        : '';
  return { type: link.name, related: name };
}
