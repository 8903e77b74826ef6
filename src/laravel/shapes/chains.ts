import type { Node } from '../php/ast.js';
import { argValue, flattenChain, type Link } from '../php/chain.js';
import type { DescribeContext, Described } from './context.js';
import { describeResourceValue, isWholeModel } from './resource-values.js';
import { describeRoot } from './roots.js';
import { describeSource } from './sources.js';
import { VALUE_METHODS, VALUE_PROPERTIES } from './tables.js';
import { isThis, NULL, union, unknown, type Describe } from './util.js';

/** Collection methods that keep a mapped list a list. */
const LIST_KEEPERS = new Set([
  'values',
  'all',
  'toArray',
  'sortBy',
  'sortByDesc',
  'sortKeys',
  'reverse',
  'take',
  'unique',
  'filter',
  'reject',
  'slice',
]);

/** `$items->map(fn ($x) => [...])->values()`: a list of what the callback returns. */
function describeMap(
  links: Link[],
  ctx: DescribeContext,
  describe: Describe,
): Described | undefined {
  const index = links.map((l) => l.call && l.name === 'map').lastIndexOf(true);
  if (index < 0 || !links.slice(index + 1).every((l) => l.call && LIST_KEEPERS.has(l.name)))
    return undefined;
  const callback = argValue(links[index]!.args[0]);
  if (!callback || (callback.kind !== 'arrowfunc' && callback.kind !== 'closure')) return undefined;
  return { shape: { kind: 'list', items: [describe(callback, ctx).shape] } };
}

/** A call or property chain: resources, helpers, data sources, known methods, resource attributes. */
export function describeChain(node: Node, ctx: DescribeContext, describe: Describe): Described {
  const { root, links } = flattenChain(node);
  if (ctx.resource && isWholeModel(root, links)) return { shape: { kind: 'model' } };
  const rooted = describeRoot(root, links.length === 0 ? undefined : links, ctx, describe);
  if (rooted) return rooted;
  const source = describeSource(node, ctx);
  if (source) return { shape: { kind: 'data', source } };
  const mapped = describeMap(links, ctx, describe);
  if (mapped) return mapped;
  // `$this->created_at->toIso8601String()`, `$x->count()`: the last known method decides.
  const last = links[links.length - 1];
  const property = last && !last.call ? VALUE_PROPERTIES[last.name] : undefined;
  if (property) return { shape: property };
  const method = last?.call ? VALUE_METHODS[last.name] : undefined;
  if (method)
    return links.some((l) => l.nullsafe) ? union([{ shape: method }, NULL]) : { shape: method };
  if (ctx.resource && isThis(root) && links.length > 0) return describeResourceValue(links, ctx);
  return unknown(node);
}
