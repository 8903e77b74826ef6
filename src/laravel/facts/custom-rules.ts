import { child, children, text, walk, type Node } from '../php/ast.js';
import { argValue } from '../php/chain.js';
import { evaluate, type EvalContext } from '../php/evaluate.js';
import type { Declared } from './symbols.js';

const EXTEND = new Set(['extend', 'extendImplicit', 'extendDependent']);

/** Laravel's validator, which applications extend with rules of their own. */
const VALIDATOR = /^Illuminate\\Validation\\Validator$/;

/**
 * Validation rules the application defines itself, by the name rules use: `Validator::extend(
 * 'must_exist', ...)` (and `extendImplicit`/`extendDependent`, on the facade or a validator
 * factory), and the `validateMustExist()` methods of a class extending Laravel's `Validator`.
 * @see https://laravel.com/docs/validation#using-extensions
 */
export function customRules(program: Node, declared: Declared[], ctx: EvalContext): string[] {
  const out = new Set<string>();
  walk(program, (node) => {
    if (node.kind !== 'call') return;
    const what = child(node, 'what');
    if (what?.kind !== 'staticlookup' && what?.kind !== 'propertylookup') return;
    if (!EXTEND.has(String(child(what, 'offset')?.name))) return;
    const name = evaluate(argValue(children(node, 'arguments')[0]), ctx);
    if (typeof name === 'string' && /^\w+$/.test(name)) out.add(name);
  });
  for (const d of declared) {
    if (!d.parent || !VALIDATOR.test(d.parent)) continue;
    for (const member of children(d.node, 'body')) {
      const method = member.kind === 'method' ? text(member, 'name') : undefined;
      const rule = method && /^validate[A-Z]\w*$/.test(method) ? snake(method.slice(8)) : undefined;
      if (rule) out.add(rule);
    }
  }
  return [...out].sort();
}

/** `MustExist` → `must_exist`, as Laravel names the rule a `validateMustExist()` method checks. */
function snake(name: string): string {
  return name.replace(/(?<=[a-z0-9])([A-Z])/g, '_$1').toLowerCase();
}
