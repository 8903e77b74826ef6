import { checkInputNames } from '../../core/engine/input-fields.js';
import { requestPath, type ReadonlyQuery } from '../../core/request-target.js';
import { boundedCache } from '../cache.js';

/** What a request target asks for, read once: its path, and its query as sent and parsed. */
export interface Target {
  pathname: string;
  /** The query as sent (`?a=1`), or '' when there is none. */
  search: string;
  /** Shared by every request with the same target: read, never written. */
  query: ReadonlyQuery;
}

/** Targets longer than this are read every time: they would crowd out the ones clients repeat. */
const MAX_KEPT_TARGET = 2_048;

/**
 * Reads request targets into a `Target`, or the 400 message a target gets: no URL, a path that
 * does not percent-decode, a query past PHP's input limits. A client sends the same targets
 * again and again, so each is read once and kept (a bounded cache of 10,000, about 16 MiB).
 */
export function targetReader(): (target: string) => Target | string {
  const kept = boundedCache<Target | string>(
    10_000,
    16 * 1024 * 1024,
    (_, key) => 4 * key.length + 400,
  );
  return (target) => {
    if (target.length > MAX_KEPT_TARGET) return readTarget(target);
    return kept.get(target) ?? kept.set(target, readTarget(target));
  };
}

function readTarget(target: string): Target | string {
  const path = requestPath(target);
  if (!path || (path.pathname.includes('%') && !decodes(path.pathname))) {
    return 'Malformed request URL.';
  }
  const query = new URLSearchParams(path.search);
  const limit = path.search === '' ? undefined : checkInputNames(query.keys());
  return limit ?? { ...path, query };
}

function decodes(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}
