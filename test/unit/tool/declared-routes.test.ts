import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ES module of the laravel-apps tool, without declarations
import { declaredRoutes, undocumentedRoutes } from '../../../laravel-apps/lib/declared.mjs';

/** The laravel-apps tool's "routes not documented": literal routes of the API route files. */
const dir = mkdtempSync(path.join(tmpdir(), 'apidoc-declared-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
mkdirSync(path.join(dir, 'routes/api'), { recursive: true });
writeFileSync(
  path.join(dir, 'routes/api.php'),
  [
    '<?php',
    "Route::get('users/{user}', [UserController::class, 'show']);",
    "// Route::get('old', [OldController::class, 'index']);",
    "Route::prefix('v1')->group(function () {",
    "    Route::post('/orders', [OrderController::class, 'store']);",
    '});',
    "Route::resource('photos', PhotoController::class);",
  ].join('\n'),
);
writeFileSync(
  path.join(dir, 'routes/api/extra.php'),
  "<?php\n$router->delete('sessions/{id?}', 'SessionController@destroy');\n",
);

const doc = (paths: Record<string, string[]>) => ({
  openapi: '3.0.3',
  servers: [{ url: 'http://localhost/api' }],
  paths: Object.fromEntries(
    Object.entries(paths).map(([p, methods]) => [
      p,
      Object.fromEntries(methods.map((m) => [m, { responses: {} }])),
    ]),
  ),
});

describe('declared API routes and those a document leaves out', () => {
  it('reads one-verb routes with a literal URI, not commented out, with file and line', () => {
    expect(declaredRoutes(dir)).toEqual([
      { method: 'GET', uri: 'users/{user}', where: 'routes/api.php:2' },
      { method: 'POST', uri: '/orders', where: 'routes/api.php:5' },
      { method: 'DELETE', uri: 'sessions/{id?}', where: 'routes/api/extra.php:2' },
    ]);
  });

  it.each([
    [
      'every route answered (group prefixes read as a path suffix)',
      { '/users/{id}': ['get'], '/v1/orders': ['post'], '/sessions/{id}': ['delete'] },
      [],
    ],
    [
      'a method missing, a path missing',
      { '/users/{id}': ['put'], '/v1/orders': ['post'] },
      ['GET users/{user} (routes/api.php:2)', 'DELETE sessions/{id?} (routes/api/extra.php:2)'],
    ],
  ])('%s', (_name, paths, missing) => {
    expect(undocumentedRoutes(declaredRoutes(dir), doc(paths))).toEqual(missing);
  });

  it('reads the files an app names instead', () => {
    expect(declaredRoutes(dir, ['routes/api/extra.php'])).toHaveLength(1);
  });
});
