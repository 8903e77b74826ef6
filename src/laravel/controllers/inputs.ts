import { isNode, walk, type Node } from '../php/ast.js';
import { argValue, flattenChain, functionCall } from '../php/chain.js';
import { evaluate } from '../php/evaluate.js';
import type { InputRead } from '../facts/types.js';
import type { DescribeContext } from '../shapes/context.js';
import { isRequestRoot } from './request-root.js';

type Reader = Omit<InputRead, 'name' | 'default'>;

/**
 * Request accessors that read one named input, and what they return.
 * @see https://laravel.com/docs/requests#retrieving-input
 */
const READERS: Record<string, Reader> = {
  query: { via: 'query' },
  input: { via: 'input' },
  get: { via: 'input' },
  post: { via: 'input' },
  integer: { via: 'input', type: 'integer' },
  int: { via: 'input', type: 'integer' },
  boolean: { via: 'input', type: 'boolean' },
  bool: { via: 'input', type: 'boolean' },
  float: { via: 'input', type: 'number' },
  string: { via: 'input', type: 'string' },
  str: { via: 'input', type: 'string' },
  date: { via: 'input', type: 'string' },
  enum: { via: 'input', type: 'string' },
  array: { via: 'input', type: 'array' },
  collect: { via: 'input', type: 'array' },
  has: { via: 'input' },
  filled: { via: 'input' },
  missing: { via: 'input' },
  exists: { via: 'input' },
  whenHas: { via: 'input' },
  whenFilled: { via: 'input' },
  header: { via: 'header' },
  hasHeader: { via: 'header' },
};

/** Properties of a request object that are not inputs. */
const NOT_INPUTS = new Set([
  'attributes',
  'request',
  'query',
  'server',
  'files',
  'cookies',
  'headers',
  'json',
  'route',
]);

/** Every input a handler reads by name (`$request->query('page')`, `$request->search`, ...). */
export function findInputs(body: Node, ctx: DescribeContext): InputRead[] {
  const found = new Map<string, InputRead>();
  const add = (read: InputRead) => {
    const key = `${read.via}:${read.name}`;
    const previous = found.get(key);
    if (!previous || (!previous.type && read.type)) found.set(key, read);
  };
  const callees = new WeakSet<Node>();
  walk(body, (node) => {
    if (callees.has(node)) return;
    if (node.kind === 'call' && isNode(node.what)) callees.add(node.what);
    const read = inputRead(node, ctx);
    if (read) add(read);
  });
  return [...found.values()];
}

function inputRead(node: Node, ctx: DescribeContext): InputRead | undefined {
  const fn = functionCall(node);
  if (fn?.name === 'request' && fn.args.length > 0) return named({ via: 'input' }, fn.args, ctx);
  if (node.kind !== 'call' && node.kind !== 'propertylookup') return undefined;
  const { root, links } = flattenChain(node);
  const [link] = links;
  if (links.length !== 1 || !link || !isRequestRoot(root, ctx)) return undefined;
  if (!link.call) return NOT_INPUTS.has(link.name) ? undefined : { name: link.name, via: 'input' };
  const reader = READERS[link.name];
  return reader ? named(reader, link.args, ctx) : undefined;
}

function named(reader: Reader, args: Node[], ctx: DescribeContext): InputRead | undefined {
  const name = evaluate(argValue(args[0]), ctx.eval);
  if (typeof name !== 'string') return undefined;
  const read: InputRead = { name, ...reader };
  const fallback = args[1] ? evaluate(argValue(args[1]), ctx.eval) : undefined;
  if (fallback !== undefined && (fallback === null || typeof fallback !== 'object'))
    read.default = fallback;
  return read;
}
