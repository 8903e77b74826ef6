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
  forEachChild(root, (node) => walk(node, visit));
}

const META = new Set(['kind', 'loc', 'leadingComments', 'trailingComments']);

/**
 * Per node kind, the fields that may hold child nodes: php-parser gives every node of a kind
 * the same fields, and a field that holds a string or a number never holds a node. Learnt on
 * first sight (a field first seen empty is kept), so walks skip names, operators and flags.
 */
const CHILD_KEYS = new Map<string, string[]>();

/** The child fields php-parser sets only when there is something in them. */
const OPTIONAL: Record<string, string[]> = {
  clone: ['properties'],
  program: ['comments', 'tokens'],
};

function childKeys(node: Node): string[] {
  let keys = CHILD_KEYS.get(node.kind);
  if (!keys) {
    const optional = Object.hasOwn(OPTIONAL, node.kind) ? OPTIONAL[node.kind]! : [];
    keys = [...new Set([...Object.keys(node), ...optional])].filter((key) => {
      if (META.has(key)) return false;
      const value = node[key];
      // `$$name`: a variable's name may be another variable.
      if (node.kind === 'variable' && key === 'name') return true;
      return value === null || value === undefined || typeof value === 'object';
    });
    CHILD_KEYS.set(node.kind, keys);
  }
  return keys;
}

/** Calls `fn` on each child node, in field order (arrays item by item). */
export function forEachChild(node: Node, fn: (child: Node) => void): void {
  for (const key of childKeys(node)) {
    const value = node[key];
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) fn(item);
    } else if (isNode(value)) fn(value);
  }
}
