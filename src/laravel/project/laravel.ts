import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** What marks a folder as a Laravel application, any one of them. */
const MARKERS = ['artisan', 'bootstrap/app.php'];

/**
 * Whether a folder holds a Laravel application: an `artisan` script, a `bootstrap/app.php`, a
 * `routes/` folder, or `laravel/framework` required by its composer.json. `apidoc generate` on
 * anything else is a mistake, not an empty API.
 */
export function isLaravelProject(dir: string): boolean {
  if (MARKERS.some((m) => existsSync(path.join(dir, m)))) return true;
  if (statSync(path.join(dir, 'routes'), { throwIfNoEntry: false })?.isDirectory()) return true;
  try {
    const composer = JSON.parse(readFileSync(path.join(dir, 'composer.json'), 'utf8')) as {
      require?: Record<string, unknown>;
    };
    return composer.require?.['laravel/framework'] !== undefined;
  } catch {
    return false;
  }
}
