import { readFileSync } from 'node:fs';
import path from 'node:path';

/** One PSR-4 mapping: a namespace prefix (with its trailing `\`) and its directories. */
export interface Psr4Root {
  prefix: string;
  dirs: string[];
  dev: boolean;
}

/**
 * The PSR-4 roots of a project's composer.json (`autoload` first, then `autoload-dev`), longest
 * prefix first as Composer tries them. Without a composer.json, Laravel's `App\` → `app/`.
 * @see https://www.php-fig.org/psr/psr-4/
 */
export function readPsr4(projectDir: string): Psr4Root[] {
  let composer: unknown;
  try {
    composer = JSON.parse(readFileSync(path.join(projectDir, 'composer.json'), 'utf8'));
  } catch {
    return [{ prefix: 'App\\', dirs: ['app'], dev: false }];
  }
  const roots = [
    ...rootsOf(composer, 'autoload', false),
    ...rootsOf(composer, 'autoload-dev', true),
  ];
  return roots.sort((a, b) => b.prefix.length - a.prefix.length || Number(a.dev) - Number(b.dev));
}

function rootsOf(composer: unknown, key: string, dev: boolean): Psr4Root[] {
  const section = (composer as Record<string, unknown> | null)?.[key] as
    Record<string, unknown> | undefined;
  const map = section?.['psr-4'];
  if (typeof map !== 'object' || map === null) return [];
  return Object.entries(map as Record<string, unknown>).map(([prefix, dirs]) => ({
    prefix,
    dirs: (Array.isArray(dirs) ? dirs : [dirs])
      .filter((d): d is string => typeof d === 'string')
      .map((d) => d.replace(/\/+$/, '') || '.'),
    dev,
  }));
}

/** The project-relative files a class may live in, in Composer's order. */
export function classFileCandidates(roots: readonly Psr4Root[], fqn: string): string[] {
  const out: string[] = [];
  for (const root of roots) {
    if (!fqn.startsWith(root.prefix)) continue;
    const rest = fqn.slice(root.prefix.length).split('\\').join('/');
    for (const dir of root.dirs) out.push(path.posix.join(dir, `${rest}.php`));
  }
  return out;
}

/**
 * Composer's `autoload.files` (helpers loaded on every request: global functions), project-
 * relative; the `autoload-dev` ones are left out, like the dev PSR-4 roots' files.
 * @see https://getcomposer.org/doc/04-schema.md#files
 */
export function readAutoloadFiles(projectDir: string): string[] {
  try {
    const composer = JSON.parse(readFileSync(path.join(projectDir, 'composer.json'), 'utf8')) as {
      autoload?: { files?: unknown };
    };
    const files = composer.autoload?.files;
    return Array.isArray(files)
      ? files
          .filter((f): f is string => typeof f === 'string')
          .map((f) => path.posix.normalize(f).replace(/^\.\//, ''))
          .filter((f) => !f.startsWith('..') && !path.posix.isAbsolute(f))
      : [];
  } catch {
    return [];
  }
}
