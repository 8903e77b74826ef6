import { describe, expect, it } from 'vitest';
import { analyseFile } from '../../../../src/laravel/facts/analyse-file.js';
import type { FileFacts } from '../../../../src/laravel/facts/types.js';
import { ClassIndex } from '../../../../src/laravel/project/classes.js';
import { routeRoots } from '../../../../src/laravel/routes/entry.js';
import { flattenRoutes } from '../../../../src/laravel/routes/flatten.js';
import type { Route } from '../../../../src/laravel/routes/types.js';

const HEADER = `<?php
use Illuminate\\Support\\Facades\\Route;
use App\\Http\\Controllers\\UserController;
use App\\Http\\Controllers\\PostController;
use App\\Http\\Controllers\\ShowStats;
`;

/** Routes of an api.php body (mounted under `api` as Laravel does by default), in one line each. */
function routes(body: string, extra: Record<string, string> = {}): string[] {
  const sources: Record<string, string> = { 'routes/api.php': HEADER + body, ...extra };
  const files = new Map<string, FileFacts>(
    Object.entries(sources).map(([f, code]) => [f, analyseFile(code, f)]),
  );
  const warnings: { message: string }[] = [];
  return flattenRoutes(routeRoots(files, new ClassIndex(files)), files, warnings).map(line);
}

function line(r: Route): string {
  const action =
    r.action.kind === 'controller'
      ? `${r.action.controller.replace('App\\Http\\Controllers\\', '')}@${r.action.method}`
      : r.action.kind;
  const middleware = r.middleware.filter((m) => m !== 'api');
  const wheres = Object.entries(r.wheres).map(([k, v]) => `${k}=${v}`);
  return [
    r.methods.join('|').toUpperCase(),
    r.uri,
    r.name ?? '-',
    action,
    middleware.join(',') || '-',
    ...wheres,
  ].join(' ');
}

describe('routes: every routing construct', () => {
  const cases: [string, { given: string; want: string[] }][] = [
    [
      'verb with [Controller::class, method]',
      {
        given: `Route::get('users', [UserController::class, 'index']);`,
        want: ['GET api/users - UserController@index -'],
      },
    ],
    [
      'leading slash',
      {
        given: `Route::post('/users', [UserController::class, 'store']);`,
        want: ['POST api/users - UserController@store -'],
      },
    ],
    [
      'every verb',
      {
        given: `Route::put('a', [UserController::class, 'a']); Route::patch('b', [UserController::class, 'b']); Route::delete('c', [UserController::class, 'c']); Route::options('d', [UserController::class, 'd']);`,
        want: [
          'PUT api/a - UserController@a -',
          'PATCH api/b - UserController@b -',
          'DELETE api/c - UserController@c -',
          'OPTIONS api/d - UserController@d -',
        ],
      },
    ],
    [
      'match',
      {
        given: `Route::match(['get', 'POST'], 'm', [UserController::class, 'm']);`,
        want: ['GET|POST api/m - UserController@m -'],
      },
    ],
    [
      'any',
      {
        given: `Route::any('hook', [UserController::class, 'hook']);`,
        want: ['GET|POST|PUT|PATCH|DELETE|OPTIONS api/hook - UserController@hook -'],
      },
    ],
    [
      'invokable controller',
      {
        given: `Route::get('stats', ShowStats::class);`,
        want: ['GET api/stats - ShowStats@__invoke -'],
      },
    ],
    [
      'closure',
      {
        given: `Route::get('health', fn () => ['ok' => true])->name('health');`,
        want: ['GET api/health health closure -'],
      },
    ],
    [
      "'Controller@method' without a namespace",
      {
        given: `Route::get('u', 'UserController@index');`,
        want: ['GET api/u - UserController@index -'],
      },
    ],
    [
      "'Controller@method' with group namespaces, nested",
      {
        given: `Route::namespace('App\\\\Http\\\\Controllers')->group(function () { Route::get('u', 'UserController@index'); Route::namespace('Admin')->group(function () { Route::get('d', 'DashboardController'); }); });`,
        want: [
          'GET api/u - UserController@index -',
          'GET api/d - Admin\\DashboardController@__invoke -',
        ],
      },
    ],
    [
      'name, middleware, where chained after the verb',
      {
        given: `Route::get('users/{user}', [UserController::class, 'show'])->name('users.show')->middleware('auth:sanctum')->where('user', '[0-9]+');`,
        want: ['GET api/users/{user} users.show UserController@show auth:sanctum user=[0-9]+'],
      },
    ],
    [
      'where helpers',
      {
        given: `Route::get('a/{id}/{slug}/{code}/{uuid}/{kind}', [UserController::class, 'a'])->whereNumber('id')->whereAlpha('slug')->whereAlphaNumeric('code')->whereUuid('uuid')->whereIn('kind', ['x', 'y']);`,
        want: [
          'GET api/a/{id}/{slug}/{code}/{uuid}/{kind} - UserController@a - id=[0-9]+ slug=[a-zA-Z]+ code=[a-zA-Z0-9]+ uuid=[\\da-fA-F]{8}-[\\da-fA-F]{4}-[\\da-fA-F]{4}-[\\da-fA-F]{4}-[\\da-fA-F]{12} kind=x|y',
        ],
      },
    ],
    [
      'where with an array, whereNumber with a list',
      {
        given: `Route::get('r/{y}/{m?}', [UserController::class, 'r'])->whereNumber(['y', 'm'])->where(['y' => '\\\\d{4}']);`,
        want: ['GET api/r/{y}/{m?} - UserController@r - y=\\d{4} m=[0-9]+'],
      },
    ],
    [
      'registrar chain before the verb',
      {
        given: `Route::middleware('auth')->prefix('v1')->name('v1.')->get('me', [UserController::class, 'me'])->name('me');`,
        want: ['GET api/v1/me v1.me UserController@me auth'],
      },
    ],
    [
      'groups nested three deep',
      {
        given: `Route::prefix('a')->middleware('auth:sanctum')->name('a.')->group(function () { Route::prefix('b')->name('b.')->group(function () { Route::prefix('{post}/c')->middleware('verified')->group(function () { Route::get('/', [PostController::class, 'index'])->name('index'); }); }); });`,
        want: ['GET api/a/b/{post}/c a.b.index PostController@index auth:sanctum,verified'],
      },
    ],
    [
      'array-style group',
      {
        given: `Route::group(['prefix' => 'orders', 'middleware' => ['auth', 'verified'], 'as' => 'orders.'], function () { Route::get('/', [UserController::class, 'index'])->name('index'); });`,
        want: ['GET api/orders orders.index UserController@index auth,verified'],
      },
    ],
    [
      'group with an arrow function',
      {
        given: `Route::prefix('x')->group(fn () => Route::get('y', [UserController::class, 'y']));`,
        want: ['GET api/x/y - UserController@y -'],
      },
    ],
    [
      'controller group',
      {
        given: `Route::controller(PostController::class)->prefix('posts')->group(function () { Route::get('/', 'index'); Route::post('/', 'store'); });`,
        want: ['GET api/posts - PostController@index -', 'POST api/posts - PostController@store -'],
      },
    ],
    [
      'withoutMiddleware',
      {
        given: `Route::middleware(['auth', 'throttle'])->group(function () { Route::get('open', [UserController::class, 'open'])->withoutMiddleware('auth'); });`,
        want: ['GET api/open - UserController@open throttle'],
      },
    ],
    [
      'array action with uses and as',
      {
        given: `Route::get('legacy', ['uses' => 'UserController@index', 'as' => 'legacy', 'middleware' => 'auth']);`,
        want: ['GET api/legacy legacy UserController@index auth'],
      },
    ],
    [
      'optional parameters',
      {
        given: `Route::get('pages/{slug?}', [PostController::class, 'page']);`,
        want: ['GET api/pages/{slug?} - PostController@page -'],
      },
    ],
    [
      'Route::pattern applies where nothing else constrains',
      {
        given: `Route::pattern('id', '[0-9]+'); Route::get('a/{id}', [UserController::class, 'a']); Route::get('b/{id}', [UserController::class, 'b'])->whereAlpha('id');`,
        want: [
          'GET api/a/{id} - UserController@a - id=[0-9]+',
          'GET api/b/{id} - UserController@b - id=[a-zA-Z]+',
        ],
      },
    ],
    [
      'view and redirect are not API operations',
      {
        given: `Route::view('/welcome', 'welcome'); Route::redirect('/a', '/b'); Route::fallback(fn () => 1);`,
        want: [],
      },
    ],
    [
      'routes inside an if',
      {
        given: `if (true) { Route::get('a', [UserController::class, 'a']); } else { Route::get('b', [UserController::class, 'b']); }`,
        want: ['GET api/a - UserController@a -', 'GET api/b - UserController@b -'],
      },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(routes(given)).toEqual(want);
  });
});

describe('routes: resources', () => {
  const cases: [string, { given: string; want: string[] }][] = [
    [
      'apiResource',
      {
        given: `Route::apiResource('photos', PostController::class);`,
        want: [
          'GET api/photos photos.index PostController@index -',
          'POST api/photos photos.store PostController@store -',
          'GET api/photos/{photo} photos.show PostController@show -',
          'PUT|PATCH api/photos/{photo} photos.update PostController@update -',
          'DELETE api/photos/{photo} photos.destroy PostController@destroy -',
        ],
      },
    ],
    [
      'resource: with create and edit',
      {
        given: `Route::resource('user-profiles', UserController::class)->only(['create', 'edit']);`,
        want: [
          'GET api/user-profiles/create user-profiles.create UserController@create -',
          'GET api/user-profiles/{user_profile}/edit user-profiles.edit UserController@edit -',
        ],
      },
    ],
    [
      'except as an option array',
      {
        given: `Route::apiResource('tags', PostController::class, ['except' => ['store', 'update', 'destroy']]);`,
        want: [
          'GET api/tags tags.index PostController@index -',
          'GET api/tags/{tag} tags.show PostController@show -',
        ],
      },
    ],
    [
      'parameters, names and middleware',
      {
        given: `Route::apiResource('suppliers', UserController::class)->only(['show'])->parameters(['suppliers' => 'vendor'])->names(['show' => 'vendors.show'])->middleware('auth');`,
        want: ['GET api/suppliers/{vendor} vendors.show UserController@show auth'],
      },
    ],
    [
      'names as a prefix',
      {
        given: `Route::apiResource('categories', PostController::class)->only(['index'])->names('cats');`,
        want: ['GET api/categories cats.index PostController@index -'],
      },
    ],
    [
      'name(action, name)',
      {
        given: `Route::apiResource('categories', PostController::class)->only(['index'])->name('index', 'all-categories');`,
        want: ['GET api/categories all-categories PostController@index -'],
      },
    ],
    [
      'nested resource, shallow',
      {
        given: `Route::apiResource('posts.comments', UserController::class)->only(['index', 'show'])->shallow();`,
        want: [
          'GET api/posts/{post}/comments posts.comments.index UserController@index -',
          'GET api/comments/{comment} posts.comments.show UserController@show -',
        ],
      },
    ],
    [
      'irregular plurals',
      {
        given: `Route::apiResource('people', UserController::class)->only(['show']); Route::apiResource('categories', PostController::class)->only(['show']);`,
        want: [
          'GET api/people/{person} people.show UserController@show -',
          'GET api/categories/{category} categories.show PostController@show -',
        ],
      },
    ],
    [
      'apiResources and resources with options',
      {
        given: `Route::apiResources(['users' => UserController::class, 'posts' => PostController::class], ['only' => ['index']]); Route::resources(['tags' => PostController::class], ['only' => ['show']]);`,
        want: [
          'GET api/users users.index UserController@index -',
          'GET api/posts posts.index PostController@index -',
          'GET api/tags/{tag} tags.show PostController@show -',
        ],
      },
    ],
    [
      'string controller with the group namespace',
      {
        given: `Route::namespace('App\\\\Http\\\\Controllers')->group(function () { Route::resource('things', 'ThingController')->only(['index']); });`,
        want: ['GET api/things things.index ThingController@index -'],
      },
    ],
    [
      'group name prefix',
      {
        given: `Route::name('admin.')->prefix('admin')->group(function () { Route::apiResource('users', UserController::class)->only(['index']); });`,
        want: ['GET api/admin/users admin.users.index UserController@index -'],
      },
    ],
    [
      'singleton',
      {
        given: `Route::singleton('profile', UserController::class);`,
        want: [
          'GET api/profile profile.show UserController@show -',
          'GET api/profile/edit profile.edit UserController@edit -',
          'PUT|PATCH api/profile profile.update UserController@update -',
        ],
      },
    ],
    [
      'apiSingleton, creatable',
      {
        given: `Route::apiSingleton('profile', UserController::class)->creatable();`,
        want: [
          'POST api/profile profile.store UserController@store -',
          'GET api/profile profile.show UserController@show -',
          'PUT|PATCH api/profile profile.update UserController@update -',
          'DELETE api/profile profile.destroy UserController@destroy -',
        ],
      },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(routes(given)).toEqual(want);
  });
});

describe('routes: files and mounting', () => {
  it('follows require with __DIR__ and base_path, inside groups', () => {
    const got = routes(
      `Route::prefix('admin')->middleware('auth')->group(function () { require __DIR__.'/admin/users.php'; }); require base_path('routes/extra.php');`,
      {
        'routes/admin/users.php': HEADER + `Route::get('users', [UserController::class, 'index']);`,
        'routes/extra.php': HEADER + `Route::get('extra', [UserController::class, 'extra']);`,
      },
    );
    expect(got).toEqual([
      'GET api/admin/users - UserController@index auth',
      'GET api/extra - UserController@extra -',
    ]);
  });

  it('mounts api.php as a Laravel 8 RouteServiceProvider says, and skips web routes', () => {
    const provider = `<?php
namespace App\\Providers;
use Illuminate\\Foundation\\Support\\Providers\\RouteServiceProvider as ServiceProvider;
use Illuminate\\Support\\Facades\\Route;
class RouteServiceProvider extends ServiceProvider {
    protected $namespace = 'App\\\\Http\\\\Controllers';
    public function boot() {
        $this->routes(function () {
            Route::prefix('api/v1')->middleware('api')->namespace($this->namespace)->group(base_path('routes/api.php'));
            Route::middleware('web')->namespace($this->namespace)->group(base_path('routes/web.php'));
        });
    }
}`;
    const files = {
      'app/Providers/RouteServiceProvider.php': provider,
      'routes/web.php': HEADER + `Route::get('/', 'HomeController@index');`,
    };
    expect(routes(`Route::get('users', 'UserController@index');`, files)).toEqual([
      'GET api/v1/users - UserController@index -',
    ]);
  });

  it('mounts api.php as a Laravel 11 bootstrap/app.php says, with apiPrefix', () => {
    const bootstrap = `<?php
use Illuminate\\Foundation\\Application;
return Application::configure(basePath: dirname(__DIR__))
    ->withRouting(web: __DIR__.'/../routes/web.php', api: __DIR__.'/../routes/api.php', apiPrefix: 'api/v2')
    ->create();`;
    expect(
      routes(`Route::get('users', [UserController::class, 'index']);`, {
        'bootstrap/app.php': bootstrap,
      }),
    ).toEqual(['GET api/v2/users - UserController@index -']);
  });

  it('reads withRouting(then:) routes', () => {
    const bootstrap = `<?php
use Illuminate\\Foundation\\Application;
use Illuminate\\Support\\Facades\\Route;
return Application::configure(basePath: dirname(__DIR__))
    ->withRouting(api: __DIR__.'/../routes/api.php', then: function () {
        Route::middleware('api')->prefix('webhooks')->group(base_path('routes/webhooks.php'));
    })->create();`;
    const got = routes(`Route::get('a', [UserController::class, 'a']);`, {
      'bootstrap/app.php': bootstrap,
      'routes/webhooks.php': HEADER + `Route::post('stripe', [UserController::class, 'stripe']);`,
    });
    expect(got).toEqual([
      'GET api/a - UserController@a -',
      'POST webhooks/stripe - UserController@stripe -',
    ]);
  });

  it.each([
    [
      'a registrar in a variable, given a prefix in a branch',
      `$routes = Route::middleware('api');
        if (config('app.api_domain')) { $routes->domain(config('app.api_domain')); } else { $routes->prefix('api'); }
        $routes->group(base_path('routes/api.php'));`,
    ],
    [
      'a registrar reassigned',
      `$routes = Route::middleware('api');
        $routes = $routes->prefix('api');
        $routes->group(base_path('routes/api.php'));`,
    ],
    [
      'a chain in a variable',
      `$api = Route::prefix('api')->middleware('api');
        $api->group(base_path('routes/api.php'));`,
    ],
  ])('reads withRouting(then:) with %s', (_name, body) => {
    const bootstrap = `<?php
use Illuminate\\Foundation\\Application;
use Illuminate\\Support\\Facades\\Route;
return Application::configure(basePath: dirname(__DIR__))
    ->withRouting(web: __DIR__.'/../routes/web.php', then: function () {
        ${body}
    })->create();`;
    const got = routes(`Route::get('a', [UserController::class, 'a']);`, {
      'bootstrap/app.php': bootstrap,
    });
    expect(got).toEqual(['GET api/a - UserController@a -']);
  });

  it.each([
    [
      'a route file variable used through a closure',
      `$middleware = ['auth:api', 'verified'];
       Route::group(['prefix' => 'v1'], function () use ($middleware) {
         Route::get('me', [UserController::class, 'me'])->middleware($middleware);
       });`,
      ['GET api/v1/me - UserController@me auth:api,verified'],
    ],
    [
      'a route file variable used directly',
      `$auth = 'auth:sanctum';
       Route::middleware($auth)->get('me', [UserController::class, 'me']);`,
      ['GET api/me - UserController@me auth:sanctum'],
    ],
  ])('middleware from %s', (_name, body, want) => {
    expect(routes(body)).toEqual(want);
  });
});
