import { describe, expect, it } from 'vitest';
import { looksLikeAuth } from '../../../../src/laravel/security/unclassified.js';
import { documentOf } from '../helpers.js';

describe('looksLikeAuth', () => {
  it.each([
    [{ written: 'api.auth', name: 'api.auth', params: [] }, true],
    [
      { written: 'x', name: 'x', className: 'App\\Http\\Middleware\\VerifyApiToken', params: [] },
      true,
    ],
    [{ written: 'jwt.verify', name: 'jwt.verify', params: [] }, true],
    [{ written: 'can:edit', name: 'can', params: ['edit'] }, false],
    [{ written: 'ability:read', name: 'ability', params: ['read'] }, false],
    [{ written: 'throttle:api', name: 'throttle', params: ['api'] }, false],
    [
      { written: 'x', name: 'x', className: 'Illuminate\\Auth\\Middleware\\Authorize', params: [] },
      false,
    ],
    [{ written: 'bindings', name: 'bindings', params: [] }, false],
    [
      {
        written: 'signed',
        name: 'signed',
        className: 'Illuminate\\Routing\\Middleware\\ValidateSignature',
        params: [],
      },
      false,
    ],
  ])('%o → %s', (middleware, want) => {
    expect(looksLikeAuth(middleware)).toBe(want);
  });
});

const MIDDLEWARE = (body: string) => `<?php
namespace App\\Http\\Middleware;
use Closure;
class KeyCheck { public function handle($request, Closure $next) { ${body} return $next($request); } }`;

const KERNEL = `<?php
namespace App\\Http;
use Illuminate\\Foundation\\Http\\Kernel as HttpKernel;
class Kernel extends HttpKernel {
    protected $middlewareGroups = ['api' => ['bindings']];
    protected $routeMiddleware = ['api.auth' => \\App\\Http\\Middleware\\KeyCheck::class];
}`;

const ROUTES = (middleware: string) => `<?php
use Illuminate\\Support\\Facades\\Route;
Route::middleware('${middleware}')->group(function () {
  Route::get('a', fn () => response()->json([]));
  Route::get('b', fn () => response()->json([]));
});`;

describe('security the generator cannot classify is a warning, never silence', () => {
  it.each([
    [
      'a custom alias whose handle() is not understood: one warning for both routes',
      MIDDLEWARE('Keys::check($request);'),
      'api.auth',
      1,
    ],
    [
      'a custom alias reading a header: an apiKey scheme, no warning',
      MIDDLEWARE("if (! $request->header('X-API-KEY')) { abort(401); }"),
      'api.auth',
      0,
    ],
    ['auth:sanctum: bearer, no warning', MIDDLEWARE(''), 'auth:sanctum', 0],
  ])('%s', (_name, middleware, alias, warnings) => {
    const { document, warnings: found } = documentOf({
      'app/Http/Kernel.php': KERNEL,
      'app/Http/Middleware/KeyCheck.php': middleware,
      'routes/api.php': ROUTES(alias),
    });
    const unclassified = found.filter((w) => w.code === 'security-not-understood');
    expect(unclassified).toHaveLength(warnings);
    if (warnings > 0) {
      expect(unclassified[0]!.message).toMatch(
        /^middleware "api\.auth" \(App\\Http\\Middleware\\KeyCheck\) looks as though it authenticates/,
      );
      expect(unclassified[0]!.file).toBe('app/Http/Middleware/KeyCheck.php');
    } else {
      expect(document.paths?.['/api/a']?.get?.security).toBeDefined();
    }
  });
});
