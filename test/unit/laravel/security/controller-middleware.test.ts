import { describe, expect, it } from 'vitest';
import { documentOf, routesFile } from '../helpers.js';

/** A resource controller with these members besides its actions. */
const CONTROLLER = (members: string, header = '') => `<?php
namespace App\\Http\\Controllers;
use Illuminate\\Routing\\Controller;
use Illuminate\\Routing\\Controllers\\HasMiddleware;
use Illuminate\\Routing\\Controllers\\Middleware;
${header}
class PostController extends Controller ${header ? 'implements HasMiddleware' : ''} {
  ${members}
  public function index() { return response()->json([]); }
  public function store() { return response()->json([], 201); }
  public function show() { return response()->json([]); }
  public function update() { return response()->json([]); }
  public function destroy() { return response()->noContent(); }
}`;

const ROUTES = routesFile(
  "Route::apiResource('posts', PostController::class);",
  'use App\\Http\\Controllers\\PostController;',
);

const ALL = ['index', 'store', 'show', 'update', 'destroy'];

/** Which actions are documented with security. */
function secured(members: string, header = ''): string[] {
  const { document } = documentOf({
    'app/Http/Controllers/PostController.php': CONTROLLER(members, header),
    'routes/api.php': ROUTES,
  });
  const ops = {
    index: document.paths?.['/api/posts']?.get,
    store: document.paths?.['/api/posts']?.post,
    show: document.paths?.['/api/posts/{post}']?.get,
    update: document.paths?.['/api/posts/{post}']?.put,
    destroy: document.paths?.['/api/posts/{post}']?.delete,
  };
  return Object.entries(ops)
    .filter(([, op]) => (op?.security ?? []).length > 0)
    .map(([name]) => name);
}

describe("a controller's own middleware", () => {
  it.each([
    ['none', '', []],
    [
      "the constructor's $this->middleware('auth:sanctum'): every action",
      "public function __construct() { $this->middleware('auth:sanctum'); }",
      ALL,
    ],
    [
      '->except([...]): all but those',
      "public function __construct() { $this->middleware('auth:sanctum')->except(['index', 'show']); }",
      ['store', 'update', 'destroy'],
    ],
    [
      "['only' => [...]] as the second argument",
      "public function __construct() { $this->middleware('auth:sanctum', ['only' => ['store']]); }",
      ['store'],
    ],
    [
      '->only() with the actions as arguments',
      "public function __construct() { $this->middleware('auth:sanctum')->only('store', 'update'); }",
      ['store', 'update'],
    ],
    [
      'a closure names no middleware',
      'public function __construct() { $this->middleware(function ($request, $next) { return $next($request); }); }',
      [],
    ],
  ])('%s', (_name, members, want) => {
    expect(secured(members)).toEqual(want);
  });

  it.each([
    [
      "HasMiddleware's middleware(): a name for every action",
      "public static function middleware(): array { return ['auth:sanctum']; }",
      ALL,
    ],
    [
      "HasMiddleware's new Middleware(..., except: [...])",
      "public static function middleware(): array { return [new Middleware('auth:sanctum', except: ['index'])]; }",
      ['store', 'show', 'update', 'destroy'],
    ],
    [
      "HasMiddleware's new Middleware(..., only: [...])",
      "public static function middleware(): array { return [new Middleware('auth:sanctum', only: ['destroy'])]; }",
      ['destroy'],
    ],
  ])('%s', (_name, members, want) => {
    expect(secured(members, '// Laravel 11+')).toEqual(want);
  });
});
