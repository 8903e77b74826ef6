import { child, children, lineOf, text, type Node } from './ast.js';

/** One step of a chain: `->name(...)` (a call) or `->name` (a property read). */
export interface Link {
  name: string;
  /** Argument nodes; empty for property reads. */
  args: Node[];
  call: boolean;
  nullsafe: boolean;
  line: number;
}

/**
 * An expression like `Route::prefix('x')->middleware('y')->group(...)` or
 * `$request->user()->posts()->paginate()` split into its root and its links, left to right.
 * A static or function call at the root is itself the first link's receiver: `root` is the
 * `Route::prefix('x')` call node, `rootKind` says what kind of root it is.
 */
export interface Chain {
  root: Node;
  links: Link[];
}

export function flattenChain(node: Node): Chain {
  const links: Link[] = [];
  let current: Node = node;
  for (;;) {
    const step = linkOf(current);
    if (!step) break;
    links.unshift(step.link);
    current = step.receiver;
  }
  return { root: current, links };
}

function linkOf(node: Node): { link: Link; receiver: Node } | undefined {
  if (node.kind === 'call') {
    const what = child(node, 'what');
    if (what?.kind !== 'propertylookup' && what?.kind !== 'nullsafepropertylookup')
      return undefined;
    const receiver = child(what, 'what');
    const name = text(what, 'offset');
    if (!receiver || !name) return undefined;
    const args = children(node, 'arguments');
    const nullsafe = what.kind === 'nullsafepropertylookup';
    return { link: { name, args, call: true, nullsafe, line: lineOf(node) }, receiver };
  }
  if (node.kind === 'propertylookup' || node.kind === 'nullsafepropertylookup') {
    const receiver = child(node, 'what');
    const name = text(node, 'offset');
    if (!receiver || !name) return undefined;
    const nullsafe = node.kind === 'nullsafepropertylookup';
    return { link: { name, args: [], call: false, nullsafe, line: lineOf(node) }, receiver };
  }
  return undefined;
}

/** `Foo::bar(...)`: the class node and method name of a static call, if `node` is one. */
export function staticCall(
  node: Node | undefined,
): { what: Node; method: string; args: Node[] } | undefined {
  if (node?.kind !== 'call') return undefined;
  const what = child(node, 'what');
  if (what?.kind !== 'staticlookup') return undefined;
  const target = child(what, 'what');
  const method = text(what, 'offset');
  if (!target || !method || child(what, 'offset')?.kind !== 'identifier') return undefined;
  return { what: target, method, args: children(node, 'arguments') };
}

/** `foo(...)`: the function name and arguments of a plain function call, if `node` is one. */
export function functionCall(node: Node | undefined): { name: string; args: Node[] } | undefined {
  if (node?.kind !== 'call') return undefined;
  const what = child(node, 'what');
  if (what?.kind !== 'name') return undefined;
  const name = text(what, 'name');
  return name ? { name: name.replace(/^\\/, ''), args: children(node, 'arguments') } : undefined;
}

/** Arguments without their names (named arguments keep their position). */
export function argValue(arg: Node | undefined): Node | undefined {
  return arg?.kind === 'namedargument' ? child(arg, 'value') : arg;
}
