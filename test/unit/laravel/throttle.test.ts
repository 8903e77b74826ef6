import { describe, expect, it } from 'vitest';
import { isThrottle } from '../../../src/laravel/project/throttle.js';
import { documentOf } from './helpers.js';

describe('isThrottle', () => {
  it.each([
    ['throttle', true],
    ['throttle:api', true],
    ['throttle:60,1', true],
    ['Illuminate\\Routing\\Middleware\\ThrottleRequests', true],
    ['Illuminate\\Routing\\Middleware\\ThrottleRequests:30,1', true],
    ['Illuminate\\Routing\\Middleware\\ThrottleRequestsWithRedis', true],
    ['api', false],
    ['auth:sanctum', false],
    ['throttled', false],
    ['App\\Http\\Middleware\\NotThrottleRequests', false],
  ])('%s → %s', (middleware, expected) => {
    expect(isThrottle(middleware)).toBe(expected);
  });
});

const CONTROLLER = `<?php
namespace App\\Http\\Controllers;
class PingController { public function __invoke() { return response()->json(['ok' => true]); } }`;

const KERNEL = (api: string) => `<?php
namespace App\\Http;
use Illuminate\\Foundation\\Http\\Kernel as HttpKernel;
class Kernel extends HttpKernel {
    protected $middlewareGroups = [
        'web' => [\\Illuminate\\Routing\\Middleware\\ThrottleRequests::class],
        'api' => [${api}],
    ];
}`;

const PROVIDER = `<?php
namespace App\\Providers;
use Illuminate\\Foundation\\Support\\Providers\\RouteServiceProvider as ServiceProvider;
use Illuminate\\Support\\Facades\\Route;
class RouteServiceProvider extends ServiceProvider {
    public function boot() {
        $this->routes(function () {
            Route::prefix('api')->middleware('api')->group(base_path('routes/api.php'));
        });
    }
}`;

const BOOTSTRAP = (middleware: string) => `<?php
use Illuminate\\Foundation\\Application;
use Illuminate\\Foundation\\Configuration\\Middleware;
return Application::configure(basePath: dirname(__DIR__))
    ->withRouting(api: __DIR__.'/../routes/api.php')
    ->withMiddleware(function (Middleware $middleware) {
        ${middleware}
    })
    ->create();`;

const ROUTES = (route: string) => `<?php
use App\\Http\\Controllers\\PingController;
use Illuminate\\Support\\Facades\\Route;
${route}`;

/** Whether `GET /api/ping` documents a 429, and how. */
function ping(files: Record<string, string>): unknown {
  const { document } = documentOf({
    'app/Http/Controllers/PingController.php': CONTROLLER,
    ...files,
  });
  return document.paths?.['/api/ping']?.get?.responses?.['429'];
}

const DOCUMENTED = { $ref: '#/components/responses/TooManyAttempts' };

describe('429 from throttle middleware', () => {
  it.each([
    [
      "Laravel 8-10: the kernel's api group has 'throttle:api'",
      {
        'app/Http/Kernel.php': KERNEL(
          "'throttle:api', \\Illuminate\\Routing\\Middleware\\SubstituteBindings::class",
        ),
        'app/Providers/RouteServiceProvider.php': PROVIDER,
        'routes/api.php': ROUTES("Route::get('ping', PingController::class);"),
      },
      DOCUMENTED,
    ],
    [
      "Laravel 8-10: the kernel's api group has the class",
      {
        'app/Http/Kernel.php': KERNEL('\\Illuminate\\Routing\\Middleware\\ThrottleRequests::class'),
        'app/Providers/RouteServiceProvider.php': PROVIDER,
        'routes/api.php': ROUTES("Route::get('ping', PingController::class);"),
      },
      DOCUMENTED,
    ],
    [
      "Laravel 8-10: an api group without throttle (only the web group's)",
      {
        'app/Http/Kernel.php': KERNEL("'bindings'"),
        'app/Providers/RouteServiceProvider.php': PROVIDER,
        'routes/api.php': ROUTES("Route::get('ping', PingController::class);"),
      },
      undefined,
    ],
    [
      'Laravel 11: $middleware->throttleApi()',
      {
        'bootstrap/app.php': BOOTSTRAP('$middleware->throttleApi();'),
        'routes/api.php': ROUTES("Route::get('ping', PingController::class);"),
      },
      DOCUMENTED,
    ],
    [
      'Laravel 11: no throttleApi()',
      {
        'bootstrap/app.php': BOOTSTRAP("$middleware->alias(['x' => 'y']);"),
        'routes/api.php': ROUTES("Route::get('ping', PingController::class);"),
      },
      undefined,
    ],
    [
      "Laravel 8-10: the api group's throttle, removed by the route's withoutMiddleware('throttle:api')",
      {
        'app/Http/Kernel.php': KERNEL("'throttle:api'"),
        'app/Providers/RouteServiceProvider.php': PROVIDER,
        'routes/api.php': ROUTES(
          "Route::get('ping', PingController::class)->withoutMiddleware('throttle:api');",
        ),
      },
      undefined,
    ],
    [
      "Laravel 11: the route's own throttle:10,1",
      {
        'bootstrap/app.php': BOOTSTRAP(''),
        'routes/api.php': ROUTES(
          "Route::get('ping', PingController::class)->middleware('throttle:10,1');",
        ),
      },
      DOCUMENTED,
    ],
  ])('%s', (_case, files, expected) => {
    expect(ping(files)).toEqual(expected);
  });

  it("documents Laravel's message and the headers ThrottleRequests sends", () => {
    const { document } = documentOf({
      'app/Http/Controllers/PingController.php': CONTROLLER,
      'bootstrap/app.php': BOOTSTRAP('$middleware->throttleApi();'),
      'routes/api.php': ROUTES("Route::get('ping', PingController::class);"),
    });
    const response = document.components?.responses?.TooManyAttempts as {
      headers: Record<string, unknown>;
      content: Record<string, { schema: { properties: { message: { example: string } } } }>;
    };
    expect(Object.keys(response.headers)).toEqual([
      'Retry-After',
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
    ]);
    expect(response.content['application/json']!.schema.properties.message.example).toBe(
      'Too Many Attempts.',
    );
  });
});
