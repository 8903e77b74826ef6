import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Composer's `autoload.files`: helper files PHP loads on every request, which declare global
 * functions (`function respond_json(...)`).
 * @see https://getcomposer.org/doc/04-schema.md#files
 */
export function autoloadFiles(projectDir: string): string[] {
  try {
    const composer = JSON.parse(readFileSync(path.join(projectDir, 'composer.json'), 'utf8')) as {
      autoload?: { files?: unknown };
    };
    const files = composer.autoload?.files;
    return Array.isArray(files)
      ? files.filter((f): f is string => typeof f === 'string').map((f) => path.posix.normalize(f))
      : [];
  } catch {
    return [];
  }
}

/**
 * The project-relative PHP files a file includes: its `require` paths (`{{__DIR__}}` is its
 * folder) and what its `glob()` patterns match (`*`, `?` within one folder), inside the project.
 */
export function includedFiles(
  projectDir: string,
  file: string,
  includes: readonly string[],
): string[] {
  const dir = path.posix.dirname(file);
  const out = new Set<string>();
  for (const written of includes) {
    const target = path.posix.normalize(
      written.replace('{{__DIR__}}', dir).replace('{{BASE}}', '.').replace(/^\/+/, ''),
    );
    if (target.startsWith('..') || !target.endsWith('.php')) continue;
    if (!/[*?[]/.test(target)) {
      out.add(target);
      continue;
    }
    const folder = path.posix.dirname(target);
    if (/[*?[]/.test(folder)) continue;
    const pattern = globPattern(path.posix.basename(target));
    try {
      for (const entry of readdirSync(path.join(projectDir, folder), { withFileTypes: true }))
        if (entry.isFile() && pattern.test(entry.name))
          out.add(path.posix.join(folder, entry.name));
    } catch {
      // A folder that is not there includes nothing.
    }
  }
  return [...out].sort();
}

function globPattern(name: string): RegExp {
  const body = name
    .replace(/[.+^${}()|\\]/g, '\\$&')
    .replace(/\*/g, '[^/]*')
    .replace(/\?/g, '[^/]');
  return new RegExp(`^${body}$`);
}
