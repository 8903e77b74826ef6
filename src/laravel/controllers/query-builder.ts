import type { Node } from '../php/ast.js';
import { argValue, flattenChain, type Chain } from '../php/chain.js';
import { evaluate, type EvalContext } from '../php/evaluate.js';
import type { PhpValue } from '../php/value.js';
import type { InputRead } from '../facts/types.js';
import { lookupTable } from '../php/lookup.js';

/**
 * spatie/laravel-query-builder's allowed filters, sorts, includes and fields, and
 * spatie/laravel-json-api-paginate's page, as the query parameters they read:
 * `filter[status]`, `sort`, `include`, `fields[posts]`, `page[number]`, `page[size]`.
 * @see https://spatie.be/docs/laravel-query-builder/v5/features/filtering
 */
const LINKS: Record<string, (args: PhpValue[]) => string[]> = lookupTable({
  allowedFilters: (args) => names(args).map((n) => `filter[${n}]`),
  allowedSorts: (args) => (names(args).length > 0 ? ['sort'] : []),
  defaultSort: () => ['sort'],
  allowedIncludes: (args) => (names(args).length > 0 ? ['include'] : []),
  allowedFields: (args) => {
    const tables = new Set(
      names(args).map((n) => (n.includes('.') ? n.slice(0, n.indexOf('.')) : '')),
    );
    return [...tables].map((t) => (t ? `fields[${t}]` : 'fields'));
  },
  jsonPaginate: () => ['page[number]', 'page[size]'],
});

/** The query parameters a query-builder chain (ending at `node`) allows. */
export function queryBuilderInputs(
  node: Node,
  ctx: EvalContext,
  chain: Chain = flattenChain(node),
): InputRead[] {
  if (node.kind !== 'call') return [];
  const { links } = chain;
  const last = links.at(-1);
  const read = last?.call ? LINKS[last.name] : undefined;
  if (!last || !read) return [];
  const args = last.args.map((a) => evaluate(argValue(a), ctx));
  return read(args).map((name) => ({ name, via: 'query' }));
}

/** Filter names: strings, or `AllowedFilter::exact('name')` (and `name:` named arguments). */
function names(args: PhpValue[]): string[] {
  const values = args.flatMap((a) =>
    typeof a === 'object' && a?.kind === 'array' ? a.items.map((i) => i.value) : [a],
  );
  return values.flatMap((v) => {
    if (typeof v === 'string') return [v];
    if (typeof v !== 'object' || v === null || v.kind !== 'call') return [];
    const name = v.args[0] ?? v.named?.name;
    return typeof name === 'string' ? [name] : [];
  });
}
