/**
 * A lookup table keyed by names that come from the code being read (method names, function
 * names): without a prototype, so `table['constructor']` is undefined like any unknown name.
 */
export function lookupTable<T>(entries: Record<string, T>): Record<string, T> {
  return Object.assign(Object.create(null) as Record<string, T>, entries);
}
