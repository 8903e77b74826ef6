import { child, children, forEachChild, isNode, type Node } from './ast.js';

const SCOPE_BOUNDARIES = new Set(['closure', 'arrowfunc', 'function', 'class', 'method']);

export interface AssignmentOptions {
  /**
   * Keep what earlier assignments made of a variable when a later one builds on it, as rules
   * are composed: `$rules['x'] = ...` on a value that is not an array literal (a call, a
   * parameter) becomes `array_merge(<before>, ['x' => ...])`, `$rules += [...]` a `+`, and
   * `$rules = array_merge($rules, [...])` reads the `$rules` assigned before it.
   */
  compose?: boolean;
  /**
   * The function's parameters: an `if` whose test reads only these, literals, constants and
   * `config()` may be decided later (an argument bound), and its branches are kept apart.
   */
  params?: readonly string[];
}

/**
 * Branches are kept apart only while the value stays small once written out as a tree: each
 * branching shares what came before, and evaluating it reads that once per branch.
 */
const MAX_EXPANDED = 4000;

/**
 * Local variables of a function body → the expression last assigned to them, in source order,
 * ignoring control flow (a static approximation that matches how handlers are usually written:
 * `$user = User::create(...); return new UserResource($user);`). `$rules['x'] = ...` and
 * `$rules[] = ...` extend an array assigned earlier. Nested closures are not entered.
 */
/** While composing: the `if` test a statement runs under, and which variables hold request data. */
interface RunState extends AssignmentOptions {
  under?: Node;
  requestData: Set<string>;
}

export function collectAssignments(
  body: Node | undefined,
  options: AssignmentOptions = {},
): Map<string, Node> {
  const variables = new Map<string, Node>();
  if (body && options.compose) run(body, variables, { ...options, requestData: new Set() });
  else if (body) visit(body, variables, true, options);
  return variables;
}

/**
 * Statements in order, with the branches of an `if` kept apart: a variable the branches leave
 * different becomes `test ? <then> : <else>` (a `retif` node), which the evaluator picks from
 * when the test is known (`if ($required) { $rules[] = 'required'; } else { ... }` with
 * `$required` bound to an argument). Loops and `switch` are read once, in order.
 */
function run(node: Node, variables: Map<string, Node>, options: RunState): void {
  if (node.kind === 'if' && !decidable(child(node, 'test'), options.params ?? [])) {
    // A test known only at run time (`$request->has('x')`): both branches may run.
    const under = { ...options, under: child(node, 'test') ?? options.under };
    for (const key of ['test', 'body', 'alternate']) {
      const part = child(node, key);
      if (part) run(part, variables, key === 'test' ? options : under);
    }
    return;
  }
  if (node.kind === 'if') {
    const then = new Map(variables);
    const otherwise = new Map(variables);
    const body = child(node, 'body');
    const alternate = child(node, 'alternate');
    if (body) run(body, then, options);
    if (alternate) run(alternate, otherwise, options);
    const test = child(node, 'test');
    for (const name of new Set([...then.keys(), ...otherwise.keys()])) {
      const a = then.get(name);
      const b = otherwise.get(name);
      if (a === b) continue;
      const sizes = new Map<Node, number>();
      if (expandedSize(a, sizes) + expandedSize(b, sizes) > MAX_EXPANDED) {
        variables.set(name, a ?? b!);
        continue;
      }
      const before: Node = { kind: 'nullkeyword' };
      variables.set(name, {
        kind: 'retif',
        test: test ?? { kind: 'boolean', value: true },
        trueExpr: a ?? before,
        falseExpr: b ?? before,
      });
    }
    return;
  }
  if (SCOPE_BOUNDARIES.has(node.kind) && node.kind !== 'method' && node.kind !== 'function') return;
  if (node.kind === 'assign') {
    record(node, variables, options);
    return;
  }
  forEachChild(node, (item) => run(item, variables, options));
}

function visit(
  node: Node,
  variables: Map<string, Node>,
  top: boolean,
  options: AssignmentOptions,
): void {
  if (!top && SCOPE_BOUNDARIES.has(node.kind)) return;
  if (node.kind === 'assign') record(node, variables, options);
  forEachChild(node, (item) => visit(item, variables, false, options));
}

function record(
  node: Node,
  variables: Map<string, Node>,
  options: AssignmentOptions & Partial<RunState>,
): void {
  const left = child(node, 'left');
  let right = child(node, 'right');
  if (!left || !right) return;
  if (left.kind === 'variable' && typeof left.name === 'string') {
    if (node.operator === '=' && options.requestData && isWholeRequest(right))
      options.requestData.add(left.name);
    if (node.operator === '=') {
      const previous = variables.get(left.name);
      variables.set(
        left.name,
        options.compose && previous ? substitute(right, left.name, previous) : right,
      );
    } else if (options.compose && (node.operator === '+=' || node.operator === '.=')) {
      const previous = variables.get(left.name);
      if (previous)
        variables.set(left.name, {
          kind: 'bin',
          type: node.operator === '+=' ? '+' : '.',
          left: previous,
          right,
        });
    }
    return;
  }
  const target = child(left, 'what');
  if (
    node.operator !== '=' ||
    left.kind !== 'offsetlookup' ||
    target?.kind !== 'variable' ||
    typeof target.name !== 'string'
  ) {
    return;
  }
  if (options.under && options.requestData?.has(target.name))
    // `if (!isset($input['x'])) $input['x'] = 'all';`: the client's value stays when the test fails.
    right = { kind: 'retif', test: options.under, trueExpr: right, falseExpr: left };
  const previous = variables.get(target.name);
  const entry: Node = { kind: 'entry', key: child(left, 'offset') ?? null, value: right };
  if (previous?.kind === 'array') {
    const items = Array.isArray(previous.items) ? previous.items : [];
    variables.set(target.name, { ...previous, items: [...items, entry] });
  } else if (!previous && options.params && !options.params.includes(target.name)) {
    // `$rules['x'] = ...` on a variable not assigned before makes a new array, as PHP does.
    variables.set(target.name, { kind: 'array', items: [entry] });
  } else if (options.compose) {
    // `$rules = parent::rules(); $rules['x'] = ...;` — or a parameter never assigned here.
    const base: Node = previous ?? { kind: 'variable', name: target.name };
    variables.set(target.name, {
      kind: 'call',
      what: { kind: 'name', name: 'array_merge', resolution: 'fqn' },
      arguments: [base, { kind: 'array', items: [entry] }],
    });
  }
}

/** `$this->all()`, `$request->all()`, `request()->all()`, `$request->input()`: every input. */
function isWholeRequest(node: Node): boolean {
  if (node.kind !== 'call' || children(node, 'arguments').length > 0) return false;
  const what = child(node, 'what');
  return (
    what?.kind === 'propertylookup' &&
    ['all', 'input'].includes(String(child(what, 'offset')?.name))
  );
}

/** Whether a test can be decided without running PHP, once the parameters are bound. */
function decidable(test: Node | undefined, params: readonly string[]): boolean {
  if (!test) return false;
  switch (test.kind) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'nullkeyword':
    case 'staticlookup':
      return true;
    case 'variable':
      return params.includes(String(test.name));
    case 'parenthesis':
      return decidable(child(test, 'inner'), params);
    case 'unary':
      return decidable(child(test, 'what'), params);
    case 'bin': {
      const [left, right] = [child(test, 'left'), child(test, 'right')];
      // `false && x` is decided whatever `x` is; at worst the branches are merged again.
      if (['&&', '||', 'and', 'or'].includes(String(test.type)))
        return decidable(left, params) || decidable(right, params);
      return decidable(left, params) && decidable(right, params);
    }
    case 'call': {
      const what = child(test, 'what');
      if (what?.kind === 'name') return ['config', 'env'].includes(String(what.name));
      return what?.kind === 'propertylookup' && child(what, 'offset')?.name === 'get';
    }
    default:
      return false;
  }
}

/** The number of nodes of an expression written out as a tree (shared parts counted each time). */
function expandedSize(node: Node | undefined, sizes: Map<Node, number>): number {
  if (!node) return 0;
  const known = sizes.get(node);
  if (known !== undefined) return known;
  let size = 1;
  for (const key of Object.keys(node)) {
    if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments') continue;
    const value = node[key];
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) size += expandedSize(item, sizes);
    } else if (isNode(value)) size += expandedSize(value, sizes);
    if (size > MAX_EXPANDED) break;
  }
  sizes.set(node, size);
  return size;
}

/** `right` with every read of `$name` replaced by what was assigned to it before. */
function substitute(right: Node, name: string, previous: Node): Node {
  if (right.kind === 'variable' && right.name === name) return previous;
  if (SCOPE_BOUNDARIES.has(right.kind)) return right;
  let changed = false;
  const copy: Node = { ...right };
  for (const key of Object.keys(right)) {
    if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments') continue;
    const value = right[key];
    if (Array.isArray(value)) {
      const mapped = value.map((item) => (isNode(item) ? substitute(item, name, previous) : item));
      if (mapped.some((m, i) => m !== value[i])) {
        copy[key] = mapped;
        changed = true;
      }
    } else if (isNode(value)) {
      const mapped = substitute(value, name, previous);
      if (mapped !== value) {
        copy[key] = mapped;
        changed = true;
      }
    }
  }
  return changed ? copy : right;
}

/**
 * `collectAssignments`, built on first read: most bodies a pass looks at never evaluate a
 * variable, and collecting walks the whole body.
 */
export class LazyAssignments implements ReadonlyMap<string, Node> {
  private built?: Map<string, Node>;

  constructor(private readonly build: () => Map<string, Node>) {}

  private get map(): Map<string, Node> {
    return (this.built ??= this.build());
  }

  get size(): number {
    return this.map.size;
  }
  get(key: string): Node | undefined {
    return this.map.get(key);
  }
  has(key: string): boolean {
    return this.map.has(key);
  }
  forEach(fn: (value: Node, key: string, map: ReadonlyMap<string, Node>) => void): void {
    this.map.forEach((value, key) => fn(value, key, this));
  }
  entries(): MapIterator<[string, Node]> {
    return this.map.entries();
  }
  keys(): MapIterator<string> {
    return this.map.keys();
  }
  values(): MapIterator<Node> {
    return this.map.values();
  }
  [Symbol.iterator](): MapIterator<[string, Node]> {
    return this.map[Symbol.iterator]();
  }
}
