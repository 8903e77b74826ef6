import { lineOf, walk, type Node } from '../php/ast.js';
import { argValue, flattenChain, functionCall, staticCall } from '../php/chain.js';
import { evaluate } from '../php/evaluate.js';
import { shortName } from '../php/names.js';
import { lookupClass } from '../php/evaluate.js';
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
    const rules = rulesArgument(node, ctx);
    if (rules) found.push({ line: lineOf(node), rules: evaluate(rules, ctx.eval) });
  });
  return found;
}

function rulesArgument(node: Node, ctx: DescribeContext): Node | undefined {
  const fn = functionCall(node);
  if (fn) return fn.name === 'validator' ? argValue(fn.args[1]) : undefined;
  const call = staticCall(node);
  if (call) {
    const className = lookupClass(call.what, ctx.eval);
    return call.method === 'make' && className && shortName(className) === 'Validator'
      ? argValue(call.args[1])
      : undefined;
  }
  const { root, links } = flattenChain(node);
  const [link] = links;
  if (links.length !== 1 || !link?.call) return undefined;
  if (link.name === 'validate' && isRequestRoot(root, ctx)) return argValue(link.args[0]);
  if (link.name === 'validateWithBag' && isRequestRoot(root, ctx)) return argValue(link.args[1]);
  if (link.name === 'validate' && root.kind === 'variable' && root.name === 'this')
    return argValue(link.args[1]);
  return undefined;
}
