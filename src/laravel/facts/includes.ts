import { child, isNode, type Node } from '../php/ast.js';
import { evaluate, type EvalContext } from '../php/evaluate.js';
import { collectAssignments } from '../php/variables.js';

const SCOPES = new Set(['function', 'class', 'trait', 'interface', 'enum', 'closure', 'arrowfunc']);

/**
 * The files a file's top-level code requires (`require __DIR__.'/helpers.php'`), and the glob
 * patterns it requires every match of (`foreach (glob(__DIR__.'/helpers/*.php') as $file)
 * require $file;`), as written (`{{__DIR__}}` paths): a helper file Composer autoloads often
 * loads the app's global functions this way.
 */
export function includedFiles(statements: readonly Node[], ctx: EvalContext): string[] {
  const variables = collectAssignments({ kind: 'block', children: [...statements] });
  const found = new Set<string>();
  const visit = (node: Node, bound: ReadonlyMap<string, string>) => {
    if (SCOPES.has(node.kind)) return;
    if (node.kind === 'include') {
      const target = child(node, 'target');
      const name = target?.kind === 'variable' ? String(target.name) : undefined;
      const globbed = name ? bound.get(name) : undefined;
      const value = globbed ?? evaluate(target, { ...ctx, variables });
      if (typeof value === 'string') found.add(value);
      return;
    }
    let inner = bound;
    if (node.kind === 'foreach') {
      const value = child(node, 'value');
      const pattern = globPattern(child(node, 'source'), { ...ctx, variables });
      if (value?.kind === 'variable' && pattern)
        inner = new Map([...bound, [String(value.name), pattern]]);
    }
    for (const key of Object.keys(node)) {
      if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments') continue;
      const v = node[key];
      if (Array.isArray(v)) {
        for (const item of v) if (isNode(item)) visit(item, inner);
      } else if (isNode(v)) visit(v, inner);
    }
  };
  for (const statement of statements) visit(statement, new Map());
  return [...found].sort();
}

/** `glob('...')`, or a variable assigned one: the pattern. */
function globPattern(source: Node | undefined, ctx: EvalContext): string | undefined {
  const value = evaluate(source, ctx);
  if (typeof value !== 'object' || value === null || value.kind !== 'call') return undefined;
  const [pattern] = value.args;
  return value.callee.toLowerCase() === 'glob' && typeof pattern === 'string' ? pattern : undefined;
}
