import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { readAutoloadFiles, type Psr4Root } from '../php/psr4.js';

/** Directories never worth reading, wherever they appear. */
const SKIPPED = new Set([
  'vendor',
  'node_modules',
  '.git',
  'storage',
  'tests',
  'resources',
  'public',
  'lang',
]);

/** Single files the assembly reads when they exist. */
const SINGLE_FILES = ['bootstrap/app.php'];

/**
 * The PHP files the per-file pass reads up front, project-relative and sorted: route files,
 * the classes under the project's own PSR-4 roots (`app/` in a default project), migrations,
 * config files (`config('app.name')` is read from them), `bootstrap/app.php`, Composer's
 * `autoload.files` (global helpers). Classes elsewhere (autoload-dev, other roots) are found on
 * demand through PSR-4 when something refers to them, and files a file requires once it is read.
 */
export function projectFiles(projectDir: string, roots: readonly Psr4Root[]): string[] {
  const found = new Set<string>();
  const dirs = [
    'routes',
    'config',
    'database/migrations',
    ...roots.filter((r) => !r.dev).flatMap((r) => r.dirs),
  ];
  for (const dir of dirs) {
    if (dir.startsWith('database/') && dir !== 'database/migrations') continue;
    listPhp(projectDir, path.posix.normalize(dir), found);
  }
  for (const file of [...SINGLE_FILES, ...readAutoloadFiles(projectDir)])
    if (file.endsWith('.php') && existsSync(path.join(projectDir, file))) found.add(file);
  return [...found].sort();
}

function listPhp(projectDir: string, dir: string, found: Set<string>): void {
  let entries;
  try {
    entries = readdirSync(path.join(projectDir, dir), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const rel = dir === '.' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name) && !entry.name.startsWith('.')) listPhp(projectDir, rel, found);
    } else if (
      entry.name.endsWith('.php') &&
      (entry.isFile() || isFile(path.join(projectDir, rel)))
    ) {
      found.add(rel);
    }
  }
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
