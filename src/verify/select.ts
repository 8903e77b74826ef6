import type { OperationEntry } from '../core/engine/operations.js';
import { UserError } from '../core/errors.js';
import { matchesAny } from '../core/str-is.js';

/** `GET /api/posts/{post}`: how the plan, the table and the reports name an operation. */
export function operationKey(entry: OperationEntry): string {
  return `${entry.method.toUpperCase()} ${entry.path}`;
}

/**
 * The operations `operations` and `patterns` select (both when both are given): an
 * operationId or `METHOD /path`, and Laravel `Str::is` patterns on the path (`api/posts*`).
 * An `--operation` that names nothing is a usage error, not an empty run.
 */
export function selectOperations(
  entries: readonly OperationEntry[],
  operations: readonly string[] = [],
  patterns: readonly string[] = [],
): OperationEntry[] {
  for (const wanted of operations) {
    if (!entries.some((entry) => names(entry, wanted))) {
      throw new UserError(
        `--operation "${wanted}" matches no operation of the document.`,
        'Name an operationId, or a method and path as the document writes them ("GET /api/posts/{post}").',
        2,
      );
    }
  }
  const selected = entries.filter(
    (entry) =>
      (operations.length === 0 || operations.some((wanted) => names(entry, wanted))) &&
      (patterns.length === 0 || matchesAny(patterns, entry.path)),
  );
  if (selected.length === 0) {
    throw new UserError('No operation of the document matches --pattern.', undefined, 2);
  }
  return selected;
}

function names(entry: OperationEntry, wanted: string): boolean {
  if (entry.operation.operationId === wanted) return true;
  const [method, ...path] = wanted.trim().split(/\s+/);
  return method?.toLowerCase() === entry.method && path.join(' ') === entry.path;
}
