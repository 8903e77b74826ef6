import { child, children, text, type Node } from '../php/ast.js';
import { evaluate, type EvalContext } from '../php/evaluate.js';
import type { NameScope } from '../php/names.js';
import type { PhpValue } from '../php/value.js';

/** A class-like declaration found in a file, with the scope it was declared in. */
export interface Declared {
  node: Node;
  name: string;
  parent?: string;
  scope: NameScope;
}

/**
 * Class constants and enum cases declared in one file, evaluated on first use, so that
 * `self::ACTIVE`, `Status::Active->value` and `Rule::in(self::ROLES)` resolve within the file.
 * Enum cases stay `{ kind: 'const' }` values (with their backing value); constants become their
 * value. Cross-file constants are resolved in the assembly.
 */
export function fileConstants(
  declared: Declared[],
): (className: string, name: string) => PhpValue | undefined {
  const byClass = new Map(declared.map((d) => [d.name, d]));
  const cache = new Map<string, PhpValue | undefined>();
  const lookup = (className: string, name: string): PhpValue | undefined => {
    const key = `${className}::${name}`;
    if (cache.has(key)) return cache.get(key);
    cache.set(key, undefined);
    const d = byClass.get(className);
    const value = d ? evaluateMember(d, name, lookup) : undefined;
    cache.set(key, value);
    return value;
  };
  return lookup;
}

function evaluateMember(
  d: Declared,
  name: string,
  lookup: EvalContext['constant'],
): PhpValue | undefined {
  const ctx: EvalContext = { scope: d.scope, self: d.name, parent: d.parent, constant: lookup };
  for (const member of children(d.node, 'body')) {
    if (member.kind === 'enumcase' && text(member, 'name') === name) {
      const value = evaluate(child(member, 'value'), ctx);
      const scalar = typeof value === 'string' || typeof value === 'number' ? value : undefined;
      return scalar === undefined
        ? { kind: 'const', className: d.name, name }
        : { kind: 'const', className: d.name, name, value: scalar };
    }
    if (member.kind !== 'classconstant') continue;
    const constant = children(member, 'constants').find((c) => text(c, 'name') === name);
    if (constant) return evaluate(child(constant, 'value'), ctx);
  }
  return undefined;
}
