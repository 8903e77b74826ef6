import { child, children, type Node } from '../php/ast.js';
import { flattenChain } from '../php/chain.js';
import { evaluate } from '../php/evaluate.js';
import type { Field, Shape } from '../facts/types.js';
import { paramFacts } from '../controllers/params.js';
import { describeChain } from './chains.js';
import { UNKNOWN, type, type DescribeContext, type Described } from './context.js';
import { describeOffset } from './offsets.js';
import { describeSource } from './sources.js';
import { firstReturn, NULL, optional, union, unknown } from './util.js';

type Describer = (node: Node, ctx: DescribeContext) => Described;

/** The shape of the value an expression yields (see `Shape`), as far as the source shows it. */
export function describe(node: Node | undefined, ctx: DescribeContext): Described {
  if (!node) return { shape: { kind: 'literal', value: null } };
  const describer = DESCRIBERS[node.kind];
  return describer ? describer(node, ctx) : unknown(node);
}

export function describeShape(node: Node | undefined, ctx: DescribeContext): Shape {
  return describe(node, ctx).shape;
}

const literal: Describer = (node, ctx) => {
  const value = evaluate(node, ctx.eval);
  if (value === null || typeof value !== 'object') return { shape: { kind: 'literal', value } };
  return { shape: type('string') };
};

const CASTS: Record<string, Shape> = {
  int: type('integer'),
  float: type('number'),
  string: type('string'),
  bool: type('boolean'),
  array: type('array'),
  object: type('object'),
};

const DESCRIBERS: Record<string, Describer> = {
  string: literal,
  number: literal,
  boolean: literal,
  nullkeyword: literal,
  nowdoc: literal,
  encapsed: literal,
  magic: literal,
  array: describeArray,
  bin: describeBinary,
  cast: (node) => ({ shape: CASTS[String(node.type)] ?? UNKNOWN }),
  retif: (node, ctx) =>
    union([
      describe(child(node, 'trueExpr') ?? child(node, 'test'), ctx),
      describe(child(node, 'falseExpr'), ctx),
    ]),
  match: (node, ctx) =>
    union(children(node, 'arms').map((arm) => describe(child(arm, 'body'), ctx))),
  parenthesis: (node, ctx) => describe(child(node, 'inner'), ctx),
  offsetlookup: describeOffset,
  variable: describeVariable,
  propertylookup: (node, ctx) => describeChain(node, ctx, describe),
  nullsafepropertylookup: (node, ctx) => describeChain(node, ctx, describe),
  call: (node, ctx) => describeChain(node, ctx, describe),
  new: (node, ctx) => describeChain(node, ctx, describe),
  staticlookup: (node, ctx) => {
    const value = evaluate(node, ctx.eval);
    if (value === null || typeof value !== 'object') return { shape: { kind: 'literal', value } };
    return unknown(node);
  },
  closure: (node, ctx) => describe(firstReturn(node), withParams(node, ctx)),
  arrowfunc: (node, ctx) => describe(child(node, 'body'), withParams(node, ctx)),
  isset: () => ({ shape: type('boolean') }),
  empty: () => ({ shape: type('boolean') }),
  unary: (node, ctx) =>
    node.type === '!' ? { shape: type('boolean') } : describe(child(node, 'what'), ctx),
};

function describeArray(node: Node, ctx: DescribeContext): Described {
  const entries = children(node, 'items');
  const keyed = entries.some(
    (e) => child(e, 'key') || e.unpack === true || isMergeCall(child(e, 'value'), ctx),
  );
  if (!keyed)
    return {
      shape: {
        kind: 'list',
        items: entries.map((e) => describeShape(child(e, 'value') ?? e, ctx)),
      },
    };
  const fields: Field[] = [];
  for (const entry of entries) {
    const keyNode = child(entry, 'key');
    const value = describe(child(entry, 'value'), ctx);
    if (!keyNode) {
      fields.push(optional({ value: value.shape }, value.optional));
      continue;
    }
    const key = evaluate(keyNode, ctx.eval);
    if (typeof key !== 'string' && typeof key !== 'number') continue;
    fields.push(optional({ key: String(key), value: value.shape }, value.optional));
  }
  return { shape: { kind: 'object', fields } };
}

/** `$this->merge(...)`/`mergeWhen(...)` sit in a resource's array without a key. */
function isMergeCall(node: Node | undefined, ctx: DescribeContext): boolean {
  if (!ctx.resource || node?.kind !== 'call') return false;
  const { links } = flattenChain(node);
  return links.length === 1 && /^merge/.test(links[0]!.name);
}

function describeBinary(node: Node, ctx: DescribeContext): Described {
  const op = String(node.type);
  if (op === '.') return { shape: type('string') };
  if (op === '??' || op === '?:')
    return union([describe(child(node, 'left'), ctx), describe(child(node, 'right'), ctx)]);
  if (['+', '-', '*', '/', '%', '**'].includes(op)) return { shape: type('number') };
  return { shape: type('boolean') };
}

function describeVariable(node: Node, ctx: DescribeContext): Described {
  const name = typeof node.name === 'string' ? node.name : '';
  if (name === 'this' && ctx.resource) return { shape: { kind: 'model' } };
  const source = describeSource(node, ctx);
  if (source) return { shape: { kind: 'data', source } };
  const declared = ctx.params.get(name) ?? '';
  const builtin = PARAM_TYPES[declared.replace(/^\?/, '')];
  if (builtin)
    return declared.startsWith('?') ? union([{ shape: builtin }, NULL]) : { shape: builtin };
  const assigned = ctx.variables.get(name);
  if (!assigned || ctx.seen.has(name)) return unknown(node);
  return describe(assigned, { ...ctx, seen: new Set(ctx.seen).add(name) });
}

/** A callback's own typed parameters, on top of the enclosing ones. */
function withParams(fn: Node, ctx: DescribeContext): DescribeContext {
  const params = paramFacts(fn, ctx.eval.scope, ctx.eval.self);
  if (params.length === 0) return ctx;
  return {
    ...ctx,
    params: new Map([
      ...ctx.params,
      ...params.map((p): [string, string | undefined] => [p.name, p.type]),
    ]),
  };
}

/** Parameters typed with a scalar: `string $period` is a string. */
const PARAM_TYPES: Record<string, Shape> = {
  string: type('string'),
  int: type('integer'),
  float: type('number'),
  bool: type('boolean'),
  array: type('array'),
};
