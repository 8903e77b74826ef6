import { children, text, type Node } from './ast.js';

/**
 * PHP name resolution for one namespace block: the namespace and its `use` imports (plain,
 * grouped, aliased; classes, functions and constants kept apart as PHP keeps them).
 * @see https://www.php.net/manual/en/language.namespaces.rules.php
 */
export interface NameScope {
  namespace: string;
  /** Lower-cased alias → fully qualified class name. */
  classes: Record<string, string>;
  functions: Record<string, string>;
  constants: Record<string, string>;
}

export function emptyScope(namespace = ''): NameScope {
  return { namespace, classes: {}, functions: {}, constants: {} };
}

/** Adds the imports of one `use` statement (a `usegroup` node) to the scope. */
export function addUse(scope: NameScope, group: Node): void {
  const prefix = text(group, 'name');
  for (const item of children(group, 'items')) {
    const name = text(item, 'name');
    if (!name) continue;
    const full = trimSlash(prefix ? `${prefix}\\${name}` : name);
    const alias = text(item, 'alias') ?? full.slice(full.lastIndexOf('\\') + 1);
    const type = text(item, 'type') ?? text(group, 'type');
    if (type === 'function') scope.functions[alias.toLowerCase()] = full;
    else if (type === 'const') scope.constants[alias] = full;
    else scope.classes[alias.toLowerCase()] = full;
  }
}

/** A class name as written (`User`, `Models\User`, `\App\Models\User`) → fully qualified. */
export function resolveClassName(scope: NameScope, name: string, resolution = guess(name)): string {
  if (resolution === 'fqn') return trimSlash(name);
  const [first = name, ...rest] = name.split('\\');
  const imported = scope.classes[first.toLowerCase()];
  if (imported) return [imported, ...rest].join('\\');
  return scope.namespace ? `${scope.namespace}\\${name}` : name;
}

/**
 * A function name → the name PHP calls. Unqualified names fall back to the global function at
 * run time, and every helper the analysers care about (`response`, `base_path`, ...) is global,
 * so an unqualified, unimported name stays as written.
 */
export function resolveFunctionName(
  scope: NameScope,
  name: string,
  resolution = guess(name),
): string {
  if (resolution === 'fqn') return trimSlash(name);
  if (resolution === 'uqn') return scope.functions[name.toLowerCase()] ?? name;
  return resolveClassName(scope, name, resolution);
}

/** The class a `name` node refers to, or undefined for `self`/`static`/`parent`-like nodes. */
export function classOfNameNode(scope: NameScope, node: Node | undefined): string | undefined {
  if (node?.kind !== 'name') return undefined;
  const name = text(node, 'name');
  if (!name) return undefined;
  return resolveClassName(scope, name, text(node, 'resolution'));
}

export function shortName(fqn: string): string {
  return fqn.slice(fqn.lastIndexOf('\\') + 1);
}

function trimSlash(name: string): string {
  return name.startsWith('\\') ? name.slice(1) : name;
}

function guess(name: string): string {
  if (name.startsWith('\\')) return 'fqn';
  return name.includes('\\') ? 'qn' : 'uqn';
}
