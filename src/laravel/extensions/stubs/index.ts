import { LARAVEL_UI } from './laravel-ui.js';
import { PRETTUS_REPOSITORY } from './prettus-repository.js';

/**
 * Vendor classes the generator knows as PHP source of its own (it never reads `vendor/`), by
 * the file each sits in within its package, so that warnings name a place a user can find.
 * A class the project declares itself is never replaced: a stub is read only when a file
 * refers to a class that no project file declares.
 */
const PACKAGES: readonly { dir: string; classes: Readonly<Record<string, string>> }[] = [
  { dir: 'vendor/laravel/ui/auth-backend', classes: LARAVEL_UI },
  {
    dir: 'vendor/prettus/l5-repository/src/Prettus/Repository/Eloquent',
    classes: PRETTUS_REPOSITORY,
  },
];

const BY_CLASS = new Map<string, string>();
const BY_FILE = new Map<string, string>();
for (const { dir, classes } of PACKAGES)
  for (const [name, source] of Object.entries(classes)) {
    const file = `${dir}/${name.slice(name.lastIndexOf('\\') + 1)}.php`;
    BY_CLASS.set(name.toLowerCase(), file);
    BY_FILE.set(file, source);
  }

/** The project-relative path of the stub declaring this class (any case), if there is one. */
export function stubFileOf(className: string): string | undefined {
  return BY_CLASS.get(className.replace(/^\\/, '').toLowerCase());
}

/** The PHP source of a stub, by its path; undefined for any other file. */
export function stubSource(rel: string): string | undefined {
  return BY_FILE.get(rel);
}
