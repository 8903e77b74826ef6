import { child, isNode, type Node } from './ast.js';

const SCOPE_BOUNDARIES = new Set(['closure', 'arrowfunc', 'function', 'class', 'method']);

/**
 * Local variables of a function body → the expression last assigned to them, in source order,
 * ignoring control flow (a static approximation that matches how handlers are usually written:
 * `$user = User::create(...); return new UserResource($user);`). `$rules['x'] = ...` and
 * `$rules[] = ...` extend an array assigned earlier. Nested closures are not entered.
 */
export function collectAssignments(body: Node | undefined): Map<string, Node> {
  const variables = new Map<string, Node>();
  if (body) visit(body, variables, true);
  return variables;
}

function visit(node: Node, variables: Map<string, Node>, top: boolean): void {
  if (!top && SCOPE_BOUNDARIES.has(node.kind)) return;
  if (node.kind === 'assign') record(node, variables);
  for (const key of Object.keys(node)) {
    if (key === 'loc' || key === 'leadingComments') continue;
    const value = node[key];
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) visit(item, variables, false);
    } else if (isNode(value)) visit(value, variables, false);
  }
}

function record(node: Node, variables: Map<string, Node>): void {
  const left = child(node, 'left');
  const right = child(node, 'right');
  if (!left || !right || node.operator !== '=') return;
  if (left.kind === 'variable' && typeof left.name === 'string') {
    variables.set(left.name, right);
    return;
  }
  const target = child(left, 'what');
  if (
    left.kind !== 'offsetlookup' ||
    target?.kind !== 'variable' ||
    typeof target.name !== 'string'
  ) {
    return;
  }
  const previous = variables.get(target.name);
  if (previous?.kind !== 'array') return;
  const items = Array.isArray(previous.items) ? previous.items : [];
  const entry: Node = { kind: 'entry', key: child(left, 'offset') ?? null, value: right };
  variables.set(target.name, { ...previous, items: [...items, entry] });
}
