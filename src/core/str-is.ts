/**
 * Laravel's `Str::is`: `*` matches anything (slashes included), everything else literally,
 * the whole string. Used for `--pattern` (of `generate` and `verify`), `route_patterns` and `excluded_routes`.
 * @see https://laravel.com/docs/strings#method-str-is
 */
export function strIs(pattern: string, value: string): boolean {
  if (pattern === value) return true;
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`, 's').test(value);
}

/** Whether a route URI (without leading slash) matches any of the patterns. */
export function matchesAny(patterns: readonly string[], uri: string): boolean {
  const bare = uri.replace(/^\/+/, '');
  return patterns.some((p) => strIs(p.replace(/^\/+/, ''), bare));
}
