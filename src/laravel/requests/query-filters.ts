import type { InputRead, MethodFacts, ParamFacts } from '../facts/types.js';
import type { ClassIndex } from '../project/classes.js';

const SCALARS: Record<string, InputRead['type']> = {
  int: 'integer',
  float: 'number',
  bool: 'boolean',
  string: 'string',
  array: 'array',
};

/**
 * Query filter classes handed to a handler (`index(InvoiceFilters $filters)`): a class whose
 * base calls `$this->$name($value)` for each request input (`QueryFilters::apply()`), so every
 * public method is a query parameter of that name — less the base's own machinery (the method
 * that dispatches, the methods it calls, methods taking an object).
 * @see https://laracasts.com/series/eloquent-techniques/episodes/4
 */
export function filterInputs(params: readonly ParamFacts[], classes: ClassIndex): InputRead[] {
  const out: InputRead[] = [];
  for (const param of params) {
    if (!param.type?.includes('\\') || !classes.has(param.type)) continue;
    const lineage = classes.lineage(param.type);
    const dispatcher = lineage
      .flatMap((c) => Object.entries(c.facts.methods))
      .find(([, m]) => m.uses?.dispatches);
    if (!dispatcher) continue;
    const machinery = new Set([dispatcher[0], ...(dispatcher[1].uses!.dispatches!.calls ?? [])]);
    const seen = new Set<string>();
    for (const c of lineage)
      for (const [name, method] of Object.entries(c.facts.methods)) {
        if (seen.has(name) || machinery.has(name) || !isFilter(name, method)) continue;
        seen.add(name);
        const type = SCALARS[method.params[0]?.type ?? ''];
        out.push({ name, via: 'query', ...(type ? { type } : {}) });
      }
  }
  return out;
}

function isFilter(name: string, method: MethodFacts): boolean {
  if (method.visibility !== 'public' || method.static || name.startsWith('__')) return false;
  const first = method.params[0];
  return method.params.length <= 1 && !first?.type?.includes('\\');
}
