import { child, children, text, type Node } from './ast.js';
import { late, lateOf } from './late.js';
import { ALL_READERS, NOT_INPUTS, READERS } from './request-reads.js';
import type { PhpValue } from './value.js';

/** What holds the request where an expression is evaluated. */
export interface RequestContext {
  /** Variables that hold it: parameters typed as a request, or named `$request`. */
  variables: ReadonlySet<string>;
  /** `$this` is the request (a FormRequest's own methods). */
  self?: boolean;
  /** The code may call `request()`. */
  global?: boolean;
}

type Evaluate = (node: Node | undefined) => PhpValue;

/**
 * A read of the request's input as a late `input` value: `$request->input('email')`,
 * `$request->boolean('active')`, `$request->query->get('page')`, `$request->email`,
 * `request('email')`, `$request->all()`, `$request->only(['a', 'b'])`, or the request itself
 * (handed to another function). Undefined when the node reads nothing from the request.
 */
export function requestRead(
  node: Node,
  ctx: { request?: RequestContext },
  evaluate: Evaluate,
): PhpValue | undefined {
  const request = ctx.request;
  if (!request) return undefined;
  if (node.kind === 'variable') return isRequest(node, request) ? whole('request') : undefined;
  if (node.kind === 'propertylookup' || node.kind === 'nullsafepropertylookup') {
    const name = text(node, 'offset');
    const target = child(node, 'what');
    if (!name || !target || target.kind !== 'variable' || target.name === 'this') return undefined;
    if (!isRequest(target, request) || NOT_INPUTS.has(name)) return undefined;
    return late({ kind: 'input', name, via: 'input' }, `$${String(target.name)}->${name}`);
  }
  if (node.kind !== 'call') return undefined;
  const what = child(node, 'what');
  const args = children(node, 'arguments');
  if (what?.kind === 'name' && String(what.name).replace(/^\\/, '') === 'request')
    return args.length === 0 ? whole('request') : named('input', undefined, args, evaluate);
  if (what?.kind !== 'propertylookup' && what?.kind !== 'nullsafepropertylookup') return undefined;
  const method = text(what, 'offset');
  const target = child(what, 'what');
  if (!method || !target) return undefined;
  const bag = parameterBag(target, request);
  if (bag) return bagRead(bag, method, args, evaluate);
  if (!isRequest(target, request)) return undefined;
  if (args.length === 0 && ALL_READERS[method]) return whole(ALL_READERS[method].via);
  if (method === 'bearerToken')
    return late({ kind: 'input', name: 'Authorization', via: 'header' }, 'bearer token');
  if (method === 'only') return only(args, evaluate);
  const reader = READERS[method];
  return reader ? named(reader.via, reader.type, args, evaluate) : undefined;
}

function isRequest(node: Node, request: RequestContext): boolean {
  if (node.kind === 'variable')
    return node.name === 'this' ? request.self === true : request.variables.has(String(node.name));
  if (node.kind !== 'call') return false;
  const what = child(node, 'what');
  return (
    what?.kind === 'name' &&
    String(what.name).replace(/^\\/, '') === 'request' &&
    children(node, 'arguments').length === 0
  );
}

/** `$request->query` (the query string), `$request->request` or `$request->json()` (the body). */
function parameterBag(node: Node, request: RequestContext): string | undefined {
  if (node.kind === 'call' && children(node, 'arguments').length === 0) {
    // `$request->json()`: the decoded JSON body's bag.
    const what = child(node, 'what');
    const target = child(what, 'what');
    return what?.kind === 'propertylookup' &&
      text(what, 'offset') === 'json' &&
      target &&
      isRequest(target, request)
      ? 'input'
      : undefined;
  }
  if (node.kind !== 'propertylookup') return undefined;
  const name = text(node, 'offset');
  const target = child(node, 'what');
  if (!target || !isRequest(target, request)) return undefined;
  if (name === 'query') return 'query';
  if (name === 'request' || name === 'json') return 'input';
  return undefined;
}

function bagRead(via: string, method: string, args: Node[], evaluate: Evaluate) {
  if (method === 'all' && args.length === 0) return whole(via);
  if (['get', 'has', 'getInt', 'getBoolean', 'getAlpha', 'getDigits'].includes(method)) {
    const type = method === 'getInt' ? 'integer' : method === 'getBoolean' ? 'boolean' : undefined;
    return named(via, type, args, evaluate);
  }
  return undefined;
}

function named(
  via: string,
  type: (typeof READERS)[string]['type'],
  args: Node[],
  evaluate: Evaluate,
): PhpValue | undefined {
  const first = args[0]?.kind === 'namedargument' ? child(args[0], 'value') : args[0];
  const name = evaluate(first);
  const typed = type ? { type } : {};
  const param = lateOf(name);
  if (param?.kind === 'param')
    return late(
      { kind: 'input', nameParam: param.position, via, ...typed },
      `input $${param.name}`,
    );
  if (typeof name !== 'string') return undefined;
  return late({ kind: 'input', name, via, ...typed }, `input ${name}`);
}

function whole(via: string): PhpValue {
  return late({ kind: 'input', via }, via === 'request' ? '$request' : 'input');
}

/** `only(['a', 'b'])` or `only('a', 'b')`: those inputs. */
function only(args: Node[], evaluate: Evaluate): PhpValue {
  const keys: string[] = [];
  for (const arg of args) {
    const value = evaluate(arg);
    if (typeof value === 'string') keys.push(value);
    else if (typeof value === 'object' && value?.kind === 'array')
      for (const item of value.items) if (typeof item.value === 'string') keys.push(item.value);
  }
  return late({ kind: 'input', via: 'input', keys }, 'input');
}

/**
 * The request's whole input (`$request->all()`, `$request->json()->all()`, `request()->input()`),
 * not one field of it nor the validated data; also inside an `array_merge`.
 */
export function isWholeInput(value: PhpValue): boolean {
  const read = lateOf(value);
  if (read?.kind === 'input')
    return read.name === undefined && !['request', 'validated'].includes(read.via) && !read.keys;
  return read?.kind === 'merge' && read.parts.some(isWholeInput);
}
