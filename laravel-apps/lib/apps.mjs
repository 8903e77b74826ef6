// The real Laravel applications of ../shared/laravel-apps and what the tool knows of each: its
// reference document (written by the app's authors), where that reference is known to be wrong,
// and how many API routes its route files declare (for the apps without a reference).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import process from 'node:process';
import coolify from './errata/coolify.mjs';
import firefly from './errata/firefly-iii.mjs';
import invoiceninja from './errata/invoiceninja.mjs';
import speedtest from './errata/speedtest-tracker.mjs';

/**
 * `declared`: API routes the app's route files declare, as counted in the shared corpus README
 * ("API routes declared (est.)": one per verb call, 7 per `resource`, 5 per `apiResource`, less
 * `except`); a `match`/`any` route counts once there, so a documented count may be higher.
 * `apiRoutes`: the app's API route files, where not `routes/api.php` and `routes/api/`.
 */
export const APPS = [
  { name: 'firefly-iii', reference: 'firefly-iii.reference.yaml', declared: 245 },
  { name: 'bookstack', declared: 60 },
  { name: 'coolify', reference: 'coolify.reference.json', declared: 298 },
  { name: 'linkace', declared: 31 },
  { name: 'invoiceninja', reference: 'invoiceninja.reference.yaml', declared: 442 },
  { name: 'monica', declared: 8 },
  { name: 'pixelfed', declared: 198 },
  { name: 'speedtest-tracker', reference: 'speedtest-tracker.reference.json', declared: 8 },
  {
    name: 'cachet',
    declared: 43,
    // Laravel 5.7 route classes, not route files.
    apiRoutes: ['app/Http/Routes/ApiRoutes.php', 'app/Http/Routes/ApiSystemRoutes.php'],
  },
  {
    name: 'processmaker',
    reference: 'processmaker.reference.json',
    declared: 285,
    apiRoutes: ['routes/api.php', 'routes/v1_1', 'routes/engine.php'],
  },
  { name: 'opnform', reference: 'opnform.reference.yaml', declared: 111 },
  { name: 'relaticle', declared: 27 },
  // Routes in RouteServiceProvider::mapApiRoutes() (no route files: none declared by pattern).
  { name: 'phpvms', declared: 67 },
  // Route attributes on the controllers (spatie/laravel-route-attributes), no route files.
  { name: 'vito', declared: 72 },
  { name: 'monica-v4', declared: 171 },
];

/**
 * Where a reference document disagrees with the application's code, the code is right: these
 * entries are left out of the comparison, each with the reason found by reading the app.
 * `operation` is `METHOD /path` as the reference writes it (after its server's base path);
 * `field` narrows an entry to one request-body field, query parameter or response property.
 */
export const ERRATA = {
  'firefly-iii': firefly,
  coolify,
  invoiceninja,
  'speedtest-tracker': speedtest,
};

/** The folder that holds the apps: --apps, $APIDOC_LARAVEL_APPS, or ../shared/laravel-apps. */
export function findAppsDir(root, flag) {
  const candidates = flag
    ? [resolve(flag)]
    : [
        process.env.APIDOC_LARAVEL_APPS,
        join(root, '../shared/laravel-apps'),
        '/work/shared/laravel-apps',
      ].filter(Boolean);
  return candidates.find((dir) => existsSync(join(dir, 'README.md')));
}
