import { lineOf, walk, type Node } from '../php/ast.js';
import { argValue, flattenChain, functionCall, staticCall, type Chain } from '../php/chain.js';
import { evaluate, lookupClass, type EvalContext } from '../php/evaluate.js';
import { shortName } from '../php/names.js';
import type { HandlerFacts } from '../facts/types.js';
import type { DescribeContext } from '../shapes/context.js';
import { isRequestRoot } from './request-root.js';

/**
 * Inline validation in a handler: which argument holds the rules, per way of validating.
 * @see https://laravel.com/docs/validation#quick-writing-the-validation-logic
 * @see https://laravel.com/docs/validation#manually-creating-validators
 */
export function findValidations(body: Node, ctx: DescribeContext): HandlerFacts['validations'] {
  const found: HandlerFacts['validations'] = [];
  walk(body, (node) => {
    if (node.kind !== 'call') return;
    const call = validatingCall(node, ctx.eval, (root) => isRequestRoot(root, ctx));
    const rules = argValue(call?.args[call.at]);
    if (!call || !rules) return;
    // The arguments after the rules: custom messages, then custom attribute names.
    const [messages, attributes] = [1, 2].map((n) => argValue(call.args[call.at + n]));
    found.push({
      line: lineOf(node),
      rules: evaluate(rules, ctx.eval),
      ...(messages ? { messages: evaluate(messages, ctx.eval) } : {}),
      ...(attributes ? { attributes: evaluate(attributes, ctx.eval) } : {}),
    });
  });
  return found;
}

/**
 * A validating call's arguments, where its rules are among them (`at`), and which argument is
 * the data validated (`data`; absent when it is the request itself).
 */
export function validatingCall(
  node: Node,
  ctx: EvalContext,
  isRequest: (root: Node) => boolean = (root) => requestHolder(root, ctx),
  /** The node's chain, when the caller has it already. */
  chain: Chain = flattenChain(node),
): { args: Node[]; at: number; data?: number } | undefined {
  const fn = functionCall(node);
  if (fn) return fn.name === 'validator' ? { args: fn.args, at: 1, data: 0 } : undefined;
  const call = staticCall(node);
  if (call) {
    const className = lookupClass(call.what, ctx);
    return call.method === 'make' && className && shortName(className) === 'Validator'
      ? { args: call.args, at: 1, data: 0 }
      : undefined;
  }
  const { root, links } = chain;
  const [link] = links;
  if (links.length !== 1 || !link?.call) return undefined;
  if (link.name === 'validate' && isRequest(root)) return { args: link.args, at: 0 };
  if (link.name === 'validateWithBag' && isRequest(root)) return { args: link.args, at: 1 };
  if (link.name === 'validate' && root.kind === 'variable' && root.name === 'this')
    return { args: link.args, at: 1, data: 0 };
  return undefined;
}

/** `$request` or `request()` where the context knows what holds the request. */
function requestHolder(root: Node, ctx: EvalContext): boolean {
  const fn = functionCall(root);
  if (fn) return fn.name === 'request' && fn.args.length === 0;
  return root.kind === 'variable' && !!ctx.request?.variables.has(String(root.name));
}
