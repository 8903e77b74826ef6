import { argValue, type Link } from '../php/chain.js';
import { evaluate } from '../php/evaluate.js';
import type { Shape } from '../facts/types.js';
import { type, type DescribeContext } from './context.js';

/** Request accessors and the type they return; the others read an input typed by the rules. */
const ACCESSORS: Record<string, Shape> = {
  integer: type('integer'),
  int: type('integer'),
  boolean: type('boolean'),
  bool: type('boolean'),
  float: type('number'),
  string: type('string'),
  str: type('string'),
  date: type('string', 'date-time'),
  has: type('boolean'),
  filled: type('boolean'),
  ip: type('string'),
  url: type('string', 'uri'),
  fullUrl: type('string', 'uri'),
  path: type('string'),
};
const INPUT_READERS = new Set(['input', 'query', 'get', 'post', 'validated']);

export function requestInput(link: Link, ctx: DescribeContext): Shape | undefined {
  if (!link.call) return undefined;
  const known = ACCESSORS[link.name];
  if (known) return known;
  const name = evaluate(argValue(link.args[0]), ctx.eval);
  return INPUT_READERS.has(link.name) && typeof name === 'string'
    ? { kind: 'input', name }
    : undefined;
}
