import path from 'node:path';

/**
 * Files generation reads besides the watch paths, always watched: the config, `.env` (`APP_NAME`,
 * `APP_URL`), `composer.json` (PSR-4 roots) and `bootstrap/app.php` (Laravel 11 route files).
 */
export const ALWAYS_WATCHED = [
  'config/apidoc.php',
  'config/spectrum.php',
  '.env',
  'composer.json',
  'bootstrap/app.php',
];

/** Never documented source, wherever they appear; `storage/` also holds the cache and output. */
const SKIPPED_DIRS = new Set(['vendor', 'node_modules', 'storage', '.git']);

/**
 * What editors write beside the file being saved: vim's swap files and its `4913` probe,
 * backups (`~`), emacs's lock (`.#x`) and auto-save (`#x#`) files, JetBrains' safe-write files.
 */
const EDITOR_FILES = [/\.sw[a-px]$/, /~$/, /^\.#/, /^#.*#$/, /^4913$/, /___jb_(?:tmp|old)___$/];

export function isEditorFile(name: string): boolean {
  return EDITOR_FILES.some((pattern) => pattern.test(name));
}

/** The config's watch paths (project-relative) and the always-watched files, deduplicated. */
export function watchTargets(configPaths: readonly string[]): string[] {
  const targets = [...configPaths, ...ALWAYS_WATCHED].map((p) => {
    const posix = path.posix.normalize(p.split(path.sep).join('/')).replace(/\/+$/, '');
    return posix === '' ? '.' : posix;
  });
  return [...new Set(targets)].sort();
}

export interface WatchFilter {
  /**
   * Whether the watcher should skip a path (project-relative, `/`-separated). `isFile` is
   * undefined when the watcher does not know yet: then only names decide.
   */
  isIgnored(rel: string, isFile?: boolean): boolean;
  /** Whether a change to this file can change the document. */
  isRelevant(rel: string): boolean;
}

/**
 * Which paths matter, given the watch targets (directories and single files): PHP files under a
 * target directory and the targets themselves, and the directories on the way to them.
 */
export function createWatchFilter(targets: readonly string[]): WatchFilter {
  const within = (rel: string) =>
    targets.some((t) => t === '.' || rel === t || rel.startsWith(`${t}/`));
  const onTheWay = (rel: string) => targets.some((t) => t.startsWith(`${rel}/`));
  const skippedByName = (rel: string) => {
    const segments = rel.split('/');
    return (
      segments.some((s) => SKIPPED_DIRS.has(s)) || isEditorFile(segments[segments.length - 1]!)
    );
  };
  const isRelevant = (rel: string) =>
    !skippedByName(rel) && (targets.includes(rel) || (within(rel) && rel.endsWith('.php')));
  return {
    isRelevant,
    isIgnored(rel, isFile) {
      if (rel === '' || rel === '.') return false;
      if (skippedByName(rel)) return true;
      if (within(rel)) return isFile === true && !isRelevant(rel);
      if (onTheWay(rel)) return isFile === true;
      return true;
    },
  };
}

/** A path as the filter takes it: relative to the project, `/`-separated. */
export function projectRelative(projectDir: string, file: string): string {
  return path.relative(projectDir, file).split(path.sep).join('/');
}
