import { lateOf } from '../php/late.js';
import { formatPrintf } from '../php/functions.js';
import { shortName } from '../php/names.js';
import type { PhpValue } from '../php/value.js';

/**
 * A rule value after `resolveValue`, with the rule strings that still hold a part known only
 * at run time (`'exists:clients,id,company_id,' . $user->company()->id`) written out with that
 * part in braces: the rule and its other arguments are known and documented, and a warning
 * about the rule names the expression rather than a `bin` node.
 */
export function settleRule(value: PhpValue): PhpValue {
  if (typeof value !== 'object' || value === null) return value;
  if (value.kind === 'array')
    return {
      ...value,
      items: value.items.map((item) => ({ ...item, value: settleRule(item.value) })),
    };
  const late = lateOf(value);
  if (late?.kind === 'concat') return late.parts.map(written).join('');
  if (value.kind === 'call' && value.callee === 'sprintf' && typeof value.args[0] === 'string')
    return formatPrintf(value.args[0], value.args.slice(1).map(written)) ?? value;
  return value;
}

/** A part of a rule string as written: scalars as PHP prints them, the rest in braces. */
function written(part: PhpValue): string {
  if (typeof part === 'string' || typeof part === 'number') return String(part);
  if (typeof part === 'boolean') return part ? '1' : '';
  if (part === null) return '';
  return `{${describeValue(part)}}`;
}

/** A short text for a value that could not be known, for messages. */
export function describeValue(value: PhpValue): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  switch (value.kind) {
    case 'call':
      return `${shortCallee(value.callee)}(${value.args.map(describeValue).join(', ')})`;
    case 'const':
      return `${shortName(value.className)}::${value.name}`;
    case 'class':
      return `${shortName(value.name)}::class`;
    case 'unknown':
      return value.source ?? '…';
    case 'array':
      return '[…]';
    default:
      return 'new ' + shortName(value.className);
  }
}

function shortCallee(callee: string): string {
  const at = callee.lastIndexOf('::');
  return at < 0 ? callee : `${shortName(callee.slice(0, at))}::${callee.slice(at + 2)}`;
}
