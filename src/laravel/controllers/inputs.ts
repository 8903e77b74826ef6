import { isNode, walk, type Node } from '../php/ast.js';
import { argValue, flattenChain, functionCall } from '../php/chain.js';
import { evaluate } from '../php/evaluate.js';
import { NOT_INPUTS, READERS, type Reader } from '../php/request-reads.js';
import type { InputRead } from '../facts/types.js';
import type { DescribeContext } from '../shapes/context.js';
import { queryBuilderInputs } from './query-builder.js';
import { isRequestRoot } from './request-root.js';

/**
 * Every input a handler reads by name (`$request->query('page')`, `$request->search`, the keys
 * of `$request->only(['status', 'sort'])`, ...).
 * @see https://laravel.com/docs/requests#retrieving-input
 */
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
    for (const read of inputReads(node, ctx)) add(read);
    for (const read of queryBuilderInputs(node, ctx.eval)) add(read);
  });
  return [...found.values()];
}

function inputReads(node: Node, ctx: DescribeContext): InputRead[] {
  const fn = functionCall(node);
  if (fn?.name === 'request' && fn.args.length > 0) return named({ via: 'input' }, fn.args, ctx);
  if (node.kind !== 'call' && node.kind !== 'propertylookup') return [];
  const { root, links } = flattenChain(node);
  const [link, bagCall] = links;
  if (!link || !isRequestRoot(root, ctx)) return [];
  if (links.length === 2 && !link.call && bagCall?.call) return bagRead(link.name, bagCall, ctx);
  if (links.length !== 1) return [];
  if (!link.call) return NOT_INPUTS.has(link.name) ? [] : [{ name: link.name, via: 'input' }];
  if (link.name === 'only') return only(link.args, ctx);
  const reader = READERS[link.name];
  return reader ? named(reader, link.args, ctx) : [];
}

/** Symfony's parameter bags: `$request->query->get('page')`, `$request->request->getInt('n')`. */
const BAGS: Record<string, string> = { query: 'query', request: 'input', json: 'input' };
const BAG_READERS: Record<string, Reader> = {
  get: { via: 'input' },
  has: { via: 'input' },
  getInt: { via: 'input', type: 'integer' },
  getBoolean: { via: 'input', type: 'boolean' },
  getAlpha: { via: 'input' },
  getDigits: { via: 'input' },
};

function bagRead(
  bag: string,
  call: { name: string; args: Node[] },
  ctx: DescribeContext,
): InputRead[] {
  const via = BAGS[bag];
  const reader = Object.hasOwn(BAG_READERS, call.name) ? BAG_READERS[call.name] : undefined;
  return via && reader ? named({ ...reader, via }, call.args, ctx) : [];
}

function named(reader: Reader, args: Node[], ctx: DescribeContext): InputRead[] {
  const name = evaluate(argValue(args[0]), ctx.eval);
  if (typeof name !== 'string') return [];
  const read: InputRead = { name, ...reader };
  const fallback = args[1] ? evaluate(argValue(args[1]), ctx.eval) : undefined;
  if (fallback !== undefined && (fallback === null || typeof fallback !== 'object'))
    read.default = fallback;
  return [read];
}

/** `$request->only(['status', 'sort'])` or `only('status', 'sort')`: each of those inputs. */
function only(args: Node[], ctx: DescribeContext): InputRead[] {
  return args.flatMap((arg) => {
    const value = evaluate(argValue(arg), ctx.eval);
    const names =
      typeof value === 'string'
        ? [value]
        : typeof value === 'object' && value?.kind === 'array'
          ? value.items.map((i) => i.value).filter((v): v is string => typeof v === 'string')
          : [];
    return names.map((name) => ({ name, via: 'input' }));
  });
}
