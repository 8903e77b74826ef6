import { describe, expect, it } from 'vitest';
import type { OperationObject, ParameterObject } from '../../../../src/core/types.js';
import type { ApidocConfig } from '../../../../src/laravel/config.js';
import { controller, documentOf, operations, routesFile } from '../helpers.js';

const MODEL = `<?php
namespace App\\Models;
use Illuminate\\Database\\Eloquent\\Model;
use Illuminate\\Database\\Eloquent\\Concerns\\HasUuids;
class Post extends Model {}
class Tag extends Model { use HasUuids; }
class Category extends Model { public function getRouteKeyName() { return 'slug'; } }`;
const MIGRATION = `<?php
use Illuminate\\Support\\Facades\\Schema;
return new class extends Illuminate\\Database\\Migrations\\Migration {
    public function up() { Schema::create('categories', function ($t) { $t->id(); $t->string('slug')->unique(); }); }
};`;
const REQUEST = `<?php
namespace App\\Http\\Requests;
use Illuminate\\Foundation\\Http\\FormRequest;
class StorePostRequest extends FormRequest {
    public function authorize() { return $this->user()->can('create'); }
    public function rules() { return ['title' => 'required|string|max:100', 'cover' => 'nullable|image']; }
}`;
const CONTROLLER = controller(
  'PostController',
  `
    /** List posts. */
    public function index(Request $request) { return Post::paginate(); }
    /**
     * Display the specified resource.
     */
    public function show(Post $post) { return $post; }
    public function store(StorePostRequest $request) { return Post::create($request->validated()); }
    public function destroy(Post $post) { $post->delete(); return response()->noContent(); }
    public function tag(Tag $tag) { return $tag; }
    public function category(Category $category) { return $category; }
    /**
     * Search.
     *
     * Full text.
     * @deprecated
     */
    public function search(Request $request) { $request->validate(['q' => 'required|string']); return []; }`,
  'use App\\Models\\Post; use App\\Models\\Tag; use App\\Models\\Category; use App\\Http\\Requests\\StorePostRequest;',
);

function build(routes: string, config = {}) {
  return documentOf(
    {
      'routes/api.php': routesFile(routes, 'use App\\Http\\Controllers\\PostController;'),
      'app/Http/Controllers/PostController.php': CONTROLLER,
      'app/Models/Post.php': MODEL,
      'app/Http/Requests/StorePostRequest.php': REQUEST,
      'database/migrations/2024_01_01_000000_create_categories.php': MIGRATION,
    },
    config,
  ).document;
}

function op(routes: string, path: string, method: string, config = {}): OperationObject {
  const found = build(routes, config).paths?.[path]?.[method as 'get'];
  if (!found) throw new Error(`no ${method} ${path}`);
  return found;
}

const params = (o: OperationObject) => (o.parameters ?? []) as ParameterObject[];

describe('operations: naming', () => {
  it.each([
    [
      'the route name',
      "Route::get('posts', [PostController::class, 'index'])->name('posts.index');",
      '/api/posts',
      'get',
      { operationId: 'posts.index', summary: 'List posts', tags: ['Post'] },
    ],
    [
      'method and URI without a name',
      "Route::get('posts/{post}', [PostController::class, 'show']);",
      '/api/posts/{post}',
      'get',
      { operationId: 'get_api_posts_post', summary: 'Show a post', tags: ['Post'] },
    ],
    [
      "Laravel's stub docblocks give way to the action's summary",
      "Route::get('posts/{post}', [PostController::class, 'show']);",
      '/api/posts/{post}',
      'get',
      { summary: 'Show a post' },
    ],
    [
      'a humanised method name',
      "Route::get('tags/{tag}', [PostController::class, 'tag']);",
      '/api/tags/{tag}',
      'get',
      { summary: 'Tag' },
    ],
    [
      'description and deprecated from the docblock',
      "Route::get('search', [PostController::class, 'search']);",
      '/api/search',
      'get',
      { summary: 'Search', description: 'Full text.', deprecated: true },
    ],
    [
      'a closure: tag from the URI, summary from the name',
      "Route::get('health', fn () => ['ok' => true])->name('health');",
      '/api/health',
      'get',
      { tags: ['Health'], summary: 'Health' },
    ],
  ])('%s', (_name, routes, path, method, want) => {
    expect(op(routes, path, method)).toMatchObject(want);
  });

  it('the tag map of the config: by URI pattern or controller', () => {
    const routes =
      "Route::get('posts', [PostController::class, 'index']); Route::get('health', fn () => 1);";
    const document = build(routes, { tags: { 'api/health': 'Ops', PostController: 'Blog' } });
    expect(document.paths?.['/api/posts']?.get?.tags).toEqual(['Blog']);
    expect(document.paths?.['/api/health']?.get?.tags).toEqual(['Ops']);
    expect(document.tags).toEqual([{ name: 'Blog' }, { name: 'Ops' }]);
  });

  it('keeps operationIds unique', () => {
    const document = build(
      "Route::get('a', fn () => 1)->name('x'); Route::get('b', fn () => 1)->name('x');",
    );
    expect([
      document.paths?.['/api/a']?.get?.operationId,
      document.paths?.['/api/b']?.get?.operationId,
    ]).toEqual(['x', 'x_2']);
  });
});

describe('operations: parameters', () => {
  it.each([
    [
      'a model bound by id',
      "Route::get('posts/{post}', [PostController::class, 'show']);",
      '/api/posts/{post}',
      { type: 'integer' },
    ],
    [
      'a model with UUIDs',
      "Route::get('tags/{tag}', [PostController::class, 'tag']);",
      '/api/tags/{tag}',
      { type: 'string', format: 'uuid' },
    ],
    [
      'a model with a route key',
      "Route::get('categories/{category}', [PostController::class, 'category']);",
      '/api/categories/{category}',
      { type: 'string' },
    ],
    [
      '{post:slug} binds by a column',
      "Route::get('c/{category:id}', [PostController::class, 'category']);",
      '/api/c/{category}',
      { type: 'integer' },
    ],
    [
      'a where() constraint wins',
      "Route::get('posts/{post}', [PostController::class, 'show'])->whereNumber('post');",
      '/api/posts/{post}',
      { type: 'integer', minimum: 0 },
    ],
    [
      'a regex constraint',
      "Route::get('x/{code}', fn ($code) => 1)->where('code', '[A-Z]{2}');",
      '/api/x/{code}',
      { type: 'string', pattern: '^(?:[A-Z]{2})$' },
    ],
    [
      'whereIn',
      "Route::get('x/{kind}', fn ($kind) => 1)->whereIn('kind', ['a', 'b']);",
      '/api/x/{kind}',
      { type: 'string', enum: ['a', 'b'] },
    ],
    [
      'an int type hint',
      "Route::get('x/{n}', fn (int $n) => 1);",
      '/api/x/{n}',
      { type: 'integer' },
    ],
  ])('path: %s', (_name, routes, path, want) => {
    const [param] = params(op(routes, path, 'get'));
    const plain = Object.fromEntries(
      Object.entries(param ?? {}).filter(([key]) => !key.startsWith('x-laravel')),
    );
    expect(plain).toEqual({
      name: path.match(/\{(\w+)\}/)![1],
      in: 'path',
      required: true,
      schema: want,
    });
  });

  it.each([
    [
      'a bound model',
      "Route::get('posts/{post}', [PostController::class, 'show']);",
      '/api/posts/{post}',
      { 'x-laravel-binding': { model: 'App\\Models\\Post' } },
    ],
    [
      'a bound model by a column',
      "Route::get('c/{category:slug}', [PostController::class, 'category']);",
      '/api/c/{category}',
      { 'x-laravel-binding': { model: 'App\\Models\\Category', key: 'slug' } },
    ],
    [
      'a route constraint',
      "Route::get('x/{code}', fn ($code) => 1)->where('code', '[A-Z]{2}');",
      '/api/x/{code}',
      { 'x-laravel-where': '[A-Z]{2}' },
    ],
  ])('path extensions: %s', (_name, routes, path, want) => {
    const [param] = params(op(routes, path, 'get'));
    const extensions = Object.fromEntries(
      Object.entries(param ?? {}).filter(([key]) => key.startsWith('x-laravel')),
    );
    expect(extensions).toEqual(want);
  });

  it('optional parameters: one path with, one without', () => {
    expect(
      operations(build("Route::get('pages/{slug?}', fn ($slug = 'home') => 1)->name('pages');")),
    ).toEqual(['GET /api/pages', 'GET /api/pages/{slug}']);
  });

  it('query parameters: rules validated on GET, then inputs read, then page for a paginator', () => {
    const routes =
      "Route::get('search', [PostController::class, 'search']); Route::get('posts', [PostController::class, 'index']);";
    expect(params(op(routes, '/api/search', 'get'))).toEqual([
      { name: 'q', in: 'query', required: true, schema: { type: 'string' } },
    ]);
    expect(params(op(routes, '/api/posts', 'get'))).toEqual([
      { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } },
    ]);
  });
});

describe('operations: bodies, responses and security', () => {
  const routes = `Route::middleware('auth:sanctum')->group(function () {
    Route::post('posts', [PostController::class, 'store']);
    Route::delete('posts/{post}', [PostController::class, 'destroy']);
});
Route::get('posts/{post}', [PostController::class, 'show'])->middleware('auth.basic');
Route::get('open', fn () => 1);`;

  it('a FormRequest body, multipart for files, named after the request class', () => {
    const store = op(routes, '/api/posts', 'post');
    expect(store.requestBody).toMatchObject({
      required: true,
      content: {
        'multipart/form-data': { schema: { $ref: '#/components/schemas/StorePostRequest' } },
      },
    });
    expect(Object.keys(store.requestBody ?? {}).sort()).toEqual([
      'content',
      'required',
      'x-laravel-validation',
    ]);
  });

  it('201 for a created model, 401/403 for auth, 403 for a FormRequest that may refuse, 422 with an example', () => {
    const store = op(routes, '/api/posts', 'post');
    expect(Object.keys(store.responses ?? {})).toEqual(['201', '401', '403', '422']);
    expect(store.responses?.['401']).toEqual({ $ref: '#/components/responses/Unauthenticated' });
    expect(store.responses?.['422']).toMatchObject({
      content: {
        'application/json': {
          schema: { $ref: '#/components/schemas/ValidationError' },
          example: {
            message: 'The given data was invalid.',
            errors: { title: ['The title field is required.'] },
          },
        },
      },
    });
    expect(store.security).toEqual([{ bearerAuth: [] }]);
  });

  it('204 for noContent, 404 for a bound model', () => {
    expect(Object.keys(op(routes, '/api/posts/{post}', 'delete').responses ?? {})).toEqual([
      '204',
      '401',
      '403',
      '404',
    ]);
  });

  it('security schemes by type, named stably', () => {
    const document = build(routes);
    expect(document.paths?.['/api/posts/{post}']?.get?.security).toEqual([{ basicAuth: [] }]);
    expect(document.paths?.['/api/open']?.get?.security).toBeUndefined();
    expect(document.components?.securitySchemes).toEqual({
      basicAuth: { type: 'http', scheme: 'basic' },
      bearerAuth: { type: 'http', scheme: 'bearer' },
    });
  });

  it('API-key middleware named in the config', () => {
    const document = build(
      "Route::get('stock', fn () => 1)->middleware(['partner.key', 'auth:api']);",
      {
        securitySchemes: { 'partner.key': { type: 'apiKey', in: 'header', name: 'X-Partner-Key' } },
      },
    );
    expect(document.paths?.['/api/stock']?.get?.security).toEqual([
      { apiKeyAuth: [], bearerAuth: [] },
    ]);
    expect(document.components?.securitySchemes?.apiKeyAuth).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'X-Partner-Key',
    });
  });
});

describe('route selection', () => {
  const routes =
    "Route::get('users', fn () => 1)->name('users.index'); Route::get('users/{id}', fn ($id) => 1); Route::get('internal/ping', fn () => 1)->name('ping');";
  it.each([
    [
      '--pattern (Str::is)',
      { patterns: ['api/users*'] },
      ['GET /api/users', 'GET /api/users/{id}'],
    ],
    [
      'route_patterns',
      { config: { routePatterns: ['api/internal/*'] } },
      ['GET /api/internal/ping'],
    ],
    [
      'excluded_routes by URI',
      { config: { excludedRoutes: ['api/internal/*'] } },
      ['GET /api/users', 'GET /api/users/{id}'],
    ],
    [
      'excluded_routes by name',
      { config: { excludedRoutes: ['users.*'] } },
      ['GET /api/internal/ping', 'GET /api/users/{id}'],
    ],
  ])('%s', (_name, given: { patterns?: string[]; config?: Partial<ApidocConfig> }, want) => {
    const { document } = documentOf(
      { 'routes/api.php': routesFile(routes) },
      given.config ?? {},
      given.patterns ?? [],
    );
    expect(operations(document)).toEqual(want);
  });
});

describe('Route::domain', () => {
  it.each([
    [
      'a chained domain group with a parameter',
      "Route::domain('{account}.example.com')->group(function () {\n  Route::get('users', fn () => []);\n});",
      [
        {
          url: 'http://{account}.example.com',
          variables: {
            account: { default: 'account', description: 'The `account` domain parameter' },
          },
        },
      ],
    ],
    [
      'an array group with a fixed domain',
      "Route::group(['domain' => 'admin.example.com'], function () {\n  Route::get('users', fn () => []);\n});",
      [{ url: 'http://admin.example.com' }],
    ],
    ['no domain: the document’s servers', "Route::get('users', fn () => []);", undefined],
  ])('%s', (_case, routes, servers) => {
    const { document } = documentOf({ 'routes/api.php': routesFile(routes) });
    expect(document.paths?.['/api/users']?.get?.servers).toEqual(servers);
  });

  it('takes the scheme of the first server', () => {
    const { document } = documentOf(
      {
        'routes/api.php': routesFile(
          "Route::domain('api.example.com')->get('users', fn () => []);",
        ),
      },
      { servers: [{ url: 'https://example.com' }] },
    );
    expect(document.paths?.['/api/users']?.get?.servers).toEqual([
      { url: 'https://api.example.com' },
    ]);
  });
});
