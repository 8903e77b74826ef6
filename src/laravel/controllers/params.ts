import { child, children, text, type Node } from '../php/ast.js';
import { classOfNameNode, type NameScope } from '../php/names.js';
import type { ParamFacts } from '../facts/types.js';
import { evaluate } from '../php/evaluate.js';
import { isPhpArray } from '../php/value.js';

/** The parameters of a function-like node, with their declared types resolved. */
export function paramFacts(fn: Node, scope: NameScope, self?: string): ParamFacts[] {
  return children(fn, 'arguments').map((param) => {
    const facts: ParamFacts = { name: text(param, 'name') ?? '' };
    const { type, nullable } = typeOf(child(param, 'type'), scope, self);
    if (type) facts.type = type;
    if (nullable || param.nullable === true) facts.nullable = true;
    if (param.value || param.variadic === true) facts.optional = true;
    const written = child(param, 'value');
    const fallback = literal(written);
    if (fallback !== undefined) facts.default = fallback;
    // `array $allowed = ['name']`: a list the body may read when the caller leaves it out.
    else if (written?.kind === 'array') {
      const value = evaluate(written, { scope, ...(self ? { self } : {}) });
      if (isPhpArray(value)) facts.defaultValue = value;
    }
    return facts;
  });
}

function literal(node: Node | undefined): ParamFacts['default'] {
  if (node?.kind === 'string') return String(node.value);
  if (node?.kind === 'number') return Number(node.value);
  if (node?.kind === 'boolean') return node.value === true;
  if (node?.kind === 'nullkeyword') return null;
  return undefined;
}

/** A function's declared return type. */
export function returnType(fn: Node, scope: NameScope, self?: string): string | undefined {
  return typeOf(child(fn, 'type'), scope, self).type;
}

function typeOf(
  node: Node | undefined,
  scope: NameScope,
  self?: string,
): { type?: string; nullable: boolean } {
  if (!node) return { nullable: false };
  if (node.kind === 'typereference') {
    const name = (text(node, 'name') ?? '').toLowerCase();
    return name === 'null' ? { nullable: true } : { type: name, nullable: false };
  }
  if (node.kind === 'selfreference' || node.kind === 'staticreference')
    return self ? { type: self, nullable: false } : { nullable: false };
  if (node.kind === 'uniontype') {
    const members = children(node, 'types').map((t) => typeOf(t, scope, self));
    const first = members.find((m) => m.type);
    return {
      ...(first?.type ? { type: first.type } : {}),
      nullable: members.some((m) => m.nullable),
    };
  }
  const type = classOfNameNode(scope, node);
  return type ? { type, nullable: false } : { nullable: false };
}
