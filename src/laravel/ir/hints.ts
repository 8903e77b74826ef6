import { child, type Node } from '../php/ast.js';
import type { DocBlock } from '../php/docblock.js';
import { resolveClassName, type NameScope } from '../php/names.js';
import type { TypeHints } from '../facts/types.js';
import { docTagType, fnParams, typeNode } from './body.js';
import { parseDocVar } from './doctype.js';
import type { DocType } from './types.js';

/**
 * The types a function's signature and docblock declare: each parameter's (`@param` where it
 * parses, else the declared type), the declared return type and `@return`.
 */
export function typeHints(
  fn: Node,
  doc: DocBlock | undefined,
  names: NameScope,
  self: string | undefined,
): TypeHints | undefined {
  const hints: TypeHints = {};
  const params: Record<string, DocType> = {};
  for (const p of fnParams(fn, names, self)) if (p.type) params[p.name] = p.type;
  for (const tag of doc?.tags.param ?? []) {
    const parsed = parseDocVar(tag, (n) => resolveClassName(names, n));
    if (parsed?.name && informative(parsed.type)) params[parsed.name] = parsed.type;
  }
  if (Object.keys(params).length > 0) hints.params = params;
  const returns = typeNode(child(fn, 'type'), names, self, fn.nullable === true);
  if (returns) hints.returns = returns;
  const documented = docTagType(doc?.tags.return?.[0], names);
  if (documented && informative(documented)) hints.doc = documented;
  return Object.keys(hints).length > 0 ? hints : undefined;
}

/** A doc type that says more than `mixed`. */
function informative(type: DocType): boolean {
  return !(type.kind === 'name' && (type.name === 'mixed' || type.name === 'void'));
}
