import type { OperationEntry } from '../core/engine/operations.js';

const METHOD_RANK: Record<string, number> = {
  get: 0,
  head: 1,
  post: 2,
  put: 3,
  patch: 4,
  options: 5,
  trace: 6,
  delete: 7,
};

/** Ends the session later requests are made in: sent last. */
const SESSION_END = /^(log-?out|sign-?out)$/i;

/**
 * The order that lets a backend's own data feed the requests: shallow paths before deep ones,
 * and on each level list and read (GET) before create (POST) before update (PUT, PATCH), so
 * that items are listed and created before an item path needs one's id, and every collection
 * of a level is listed before a body refers to one of its items (`category_id`); then every
 * DELETE, deepest first, so that nothing is deleted that a later request reads; last, whatever
 * logs out. Otherwise the document's order.
 */
export function inVerifyOrder(entries: readonly OperationEntry[]): OperationEntry[] {
  const index = new Map(entries.map((entry, i) => [entry, i]));
  const key = (entry: OperationEntry): number[] => {
    const depth = (entry.path.match(/\{[^}]+\}/g) ?? []).length;
    const last = entry.path.split('/').filter(Boolean).at(-1) ?? '';
    if (SESSION_END.test(last)) return [2, 0, 0, index.get(entry)!];
    if (entry.method === 'delete') return [1, -depth, 0, index.get(entry)!];
    return [0, depth, METHOD_RANK[entry.method] ?? 8, index.get(entry)!];
  };
  return [...entries].sort((a, b) => compare(key(a), key(b)));
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}
