import { describe, expect, it } from 'vitest';
import { documentOf, operations, routesFile } from '../helpers.js';

const provider = (body: string) => `<?php
namespace App\\Providers;
use Illuminate\\Foundation\\Support\\Providers\\RouteServiceProvider as ServiceProvider;
use Illuminate\\Support\\Facades\\Route;
class RouteServiceProvider extends ServiceProvider {
  public function boot() {
    $this->routes(function () {
      ${body}
    });
  }
}`;

const CONTROLLER = `<?php
namespace App\\Http\\Controllers;
class PingController { public function __invoke() { return response()->json(['ok' => true]); } }`;

const ROUTE = (uri: string) =>
  routesFile(
    `Route::get('${uri}', PingController::class);`,
    'use App\\Http\\Controllers\\PingController;',
  );

describe('every API route file a RouteServiceProvider maps', () => {
  it.each([
    [
      'a second file under its own API middleware group',
      `Route::middleware('api')->group(base_path('routes/api.php'));
       Route::middleware('api-external')->group(base_path('routes/api-external.php'));`,
      ['GET /ping', 'GET /external/ping'],
    ],
    [
      'a file under the web group stays out',
      `Route::middleware('api')->group(base_path('routes/api.php'));
       Route::middleware('web')->group(base_path('routes/api-external.php'));`,
      ['GET /ping'],
    ],
    [
      'a file under no API group and outside the API prefix stays out',
      `Route::middleware('api')->group(base_path('routes/api.php'));
       Route::prefix('hooks')->group(base_path('routes/api-external.php'));`,
      ['GET /ping'],
    ],
  ])('%s', (_name, body, want) => {
    const { document } = documentOf({
      'app/Providers/RouteServiceProvider.php': provider(body),
      'app/Http/Controllers/PingController.php': CONTROLLER,
      'routes/api.php': ROUTE('ping'),
      'routes/api-external.php': ROUTE('external/ping'),
    });
    expect(operations(document).sort()).toEqual([...want].sort());
  });
});
