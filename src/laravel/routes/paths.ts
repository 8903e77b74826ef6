import path from 'node:path';
import type { PhpValue } from '../php/value.js';

/**
 * A path written in PHP (`__DIR__.'/api/admin.php'`, `base_path('routes/api.php')`) →
 * project-relative, given the file it was written in. Undefined when it is not a literal.
 */
export function resolvePhpPath(value: PhpValue | undefined, file: string): string | undefined {
  if (typeof value !== 'string') return undefined;
  const dir = path.posix.dirname(file);
  const expanded = value
    .replace('{{__DIR__}}', dir)
    .replace('{{__FILE__}}', file)
    .replace('{{BASE}}', '.');
  const normalised = path.posix.normalize(expanded).replace(/^\.\//, '');
  return normalised.startsWith('..') || path.posix.isAbsolute(normalised) ? undefined : normalised;
}
