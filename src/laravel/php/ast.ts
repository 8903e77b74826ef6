/**
 * A loose view of php-parser's AST: every node has a `kind` and a start line. The package's own
 * typings are looser than its output in places, so the analysers read nodes through these few
 * helpers instead of casting at every step.
 */
export interface Node {
  kind: string;
  loc?: { start: { line: number } } | null;
  [key: string]: unknown;
}

export function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).kind === 'string';
}

/** The child node under `key`, if any. */
export function child(node: Node | undefined, key: string): Node | undefined {
  const value = node?.[key];
  return isNode(value) ? value : undefined;
}

/** The child nodes under `key` (an array field), skipping holes. */
export function children(node: Node | undefined, key: string): Node[] {
  const value = node?.[key];
  return Array.isArray(value) ? value.filter(isNode) : [];
}

/** A string field, or an identifier's name under `key`. */
export function text(node: Node | undefined, key: string): string | undefined {
  const value = node?.[key];
  if (typeof value === 'string') return value;
  if (isNode(value) && typeof value.name === 'string') return value.name;
  return undefined;
}

export function lineOf(node: Node | undefined): number {
  return node?.loc?.start.line ?? 0;
}

/** The docblock comment right before a declaration (on its attribute group when attributed). */
export function docComment(node: Node): string | undefined {
  const groups = children(node, 'attrGroups');
  const holders = [...groups, node];
  for (const holder of holders) {
    const comments = children(holder, 'leadingComments');
    const block = [...comments].reverse().find((c) => c.kind === 'commentblock');
    if (block && typeof block.value === 'string' && block.value.startsWith('/**')) {
      return block.value;
    }
  }
  return undefined;
}

/** Depth-first walk over every node below `root` (root included); `visit` returning false prunes. */
export function walk(root: Node, visit: (node: Node) => boolean | void): void {
  if (visit(root) === false) return;
  for (const key of Object.keys(root)) {
    if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments') continue;
    const value = root[key];
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) walk(item, visit);
    } else if (isNode(value)) walk(value, visit);
  }
}
