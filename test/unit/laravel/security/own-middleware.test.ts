import { describe, expect, it } from 'vitest';
import { documentOf } from '../helpers.js';

/** An application middleware with this `handle()` body (and these other members). */
const MIDDLEWARE = (handle: string, members = '', name = 'ApiAuth') => `<?php
namespace App\\Http\\Middleware;
use Closure;
use Illuminate\\Auth\\AuthenticationException;
use Illuminate\\Auth\\AuthManager;
use Illuminate\\Http\\Request;
use Illuminate\\Support\\Facades\\Auth;
use Symfony\\Component\\HttpKernel\\Exception\\UnauthorizedHttpException;
class ${name} {
    ${members}
    public function handle(Request $request, Closure $next) { ${handle} }
}`;

/** A Laravel 8–10 kernel whose `api` group is read from config/api.php. */
const KERNEL = `<?php
namespace App\\Http;
use Illuminate\\Foundation\\Http\\Kernel as HttpKernel;
class Kernel extends HttpKernel {
    protected $middlewareGroups = ['api' => config('api.middleware')];
    protected $routeMiddleware = [
        'api.auth' => \\App\\Http\\Middleware\\ApiAuth::class,
        'jwt.auth' => \\Tymon\\JWTAuth\\Http\\Middleware\\Authenticate::class,
    ];
}`;

const API_CONFIG = (middleware: string) =>
  `<?php return ['middleware' => ['throttle:60,1', ${middleware}]];`;

const AUTH_CONFIG = `<?php return [
  'defaults' => ['guard' => 'web'],
  'guards' => [
    'web' => ['driver' => 'session', 'provider' => 'users'],
    'api' => ['driver' => 'passport', 'provider' => 'users'],
    'partner' => ['driver' => 'token', 'provider' => 'partners'],
  ],
];`;

const ROUTES = `<?php
use Illuminate\\Support\\Facades\\Route;
Route::get('a', fn () => response()->json([]));
Route::get('b', fn () => response()->json([]));`;

const NEXT = 'return $next($request);';

type Case = [
  name: string,
  handle: string,
  want: Record<string, string[]>[] | undefined,
  options?: { members?: string; alias?: string; className?: string },
];

const CASES: Case[] = [
  [
    'a bearer token read, 401 when missing',
    `if (! $request->bearerToken()) { abort(401); } ${NEXT}`,
    [{ bearerAuth: [] }],
  ],
  [
    'a bearer token read, a 401 JSON response when missing',
    `if (! $request->bearerToken()) { return response()->json(['message' => 'Unauthenticated.'], 401); } ${NEXT}`,
    [{ bearerAuth: [] }],
  ],
  ['Auth::onceBasic()', `return Auth::onceBasic() ?: $next($request);`, [{ basicAuth: [] }]],
  [
    "auth()->onceBasic('username')",
    `return auth()->onceBasic('username') ?: $next($request);`,
    [{ basicAuth: [] }],
  ],
  [
    'Auth::once() with the basic credentials, 401 otherwise',
    `if (! Auth::once(['email' => $request->getUser(), 'password' => $request->getPassword()])) { throw new UnauthorizedHttpException('Basic'); } ${NEXT}`,
    [{ basicAuth: [] }],
  ],
  [
    "Auth::guard('api')->check() with abort(401): the guard's driver (Passport)",
    `if (! Auth::guard('api')->check()) { abort(401); } ${NEXT}`,
    [{ oauth2Auth: [] }],
  ],
  [
    "auth('partner')->user() with a 401 response: the token driver, a bearer token",
    `if (auth('partner')->user() === null) { return response('Unauthorized', 401); } ${NEXT}`,
    [{ bearerAuth: [] }],
  ],
  [
    "auth()->guard('partner')->authenticate() (it throws the 401 itself)",
    `auth()->guard('partner')->authenticate(); ${NEXT}`,
    [{ bearerAuth: [] }],
  ],
  [
    'a header of any name whose absence is a 401: an apiKey in that header',
    `abort_unless($request->hasHeader('X-Partner-Id'), 401); ${NEXT}`,
    [{ apiKeyXPartnerId: [] }],
  ],
  [
    'a bearer token, else HTTP basic: either one',
    `if ($request->bearerToken()) { ${NEXT} } return Auth::onceBasic() ?: $next($request);`,
    [{ bearerAuth: [] }, { basicAuth: [] }],
  ],
  [
    'through its own methods: handle() → authenticate() → a 401 exception',
    `$this->authenticate($request); ${NEXT}`,
    [{ bearerAuth: [] }],
    {
      members: `protected function authenticate(Request $request) { if (! $this->token($request)) { throw new AuthenticationException(); } }
      private function token(Request $request) { return $request->bearerToken(); }`,
    },
  ],
  [
    "an AuthManager property: $this->auth->guard('api')->check(), else basic credentials",
    `if ($this->auth->guard('api')->check()) { ${NEXT} } if (! $request->getPassword()) { throw new UnauthorizedHttpException('Basic'); } ${NEXT}`,
    [{ basicAuth: [] }, { oauth2Auth: [] }],
    {
      members:
        'protected $auth; public function __construct(AuthManager $auth) { $this->auth = $auth; }',
    },
  ],
  [
    'asks a guard but never refuses (the locale of the user, if any): no security',
    `if (Auth::check()) { app()->setLocale(Auth::user()->locale); } ${NEXT}`,
    undefined,
    { alias: "'locale'", className: 'SetLocale' },
  ],
];

describe("an application's own middleware becomes the schemes it accepts", () => {
  it.each(CASES)('%s', (_name, handle, want, options = {}) => {
    const alias = options.alias ?? "'api.auth'";
    const className = options.className ?? 'ApiAuth';
    const { document, warnings } = documentOf({
      'app/Http/Kernel.php': KERNEL.replace(
        "'api.auth' => \\App\\Http\\Middleware\\ApiAuth",
        `${alias} => \\App\\Http\\Middleware\\${className}`,
      ),
      [`app/Http/Middleware/${className}.php`]: MIDDLEWARE(handle, options.members, className),
      'config/api.php': API_CONFIG(alias),
      'config/auth.php': AUTH_CONFIG,
      'routes/api.php': ROUTES,
    });
    expect(document.paths?.['/api/a']?.get?.security).toEqual(want);
    expect(document.paths?.['/api/b']?.get?.security).toEqual(want);
    expect(warnings.filter((w) => w.code === 'security-not-understood')).toEqual([]);
  });
});

describe('a middleware the generator cannot classify: one warning naming it and its file', () => {
  it.each([
    [
      'refuses with 401 after a check not understood',
      `if (! \\App\\Keys::valid($request)) { abort(401); } ${NEXT}`,
      "'api.auth'",
      /^middleware "api\.auth" \(App\\Http\\Middleware\\ApiAuth\) refuses requests with 401, but how it authenticates is not understood/,
      'app/Http/Middleware/ApiAuth.php',
    ],
    [
      "a package's middleware named for authentication: the kernel that registers it",
      NEXT,
      "'jwt.auth'",
      /^middleware "jwt\.auth" \(Tymon\\JWTAuth\\Http\\Middleware\\Authenticate\) looks as though it authenticates/,
      'app/Http/Kernel.php',
    ],
  ])('%s', (_name, handle, member, message, file) => {
    const { document, warnings } = documentOf({
      'app/Http/Kernel.php': KERNEL,
      'app/Http/Middleware/ApiAuth.php': MIDDLEWARE(handle),
      'config/api.php': API_CONFIG(member),
      'routes/api.php': ROUTES,
    });
    expect(document.paths?.['/api/a']?.get?.security).toBeUndefined();
    const found = warnings.filter((w) => w.code === 'security-not-understood');
    expect(found).toHaveLength(1);
    expect(found[0]!.message).toMatch(message);
    expect(found[0]!.file).toBe(file);
  });
});

describe('Laravel 11+: groups and aliases from bootstrap/app.php, read through config()', () => {
  it('an alias and an api group built from config/api.php', () => {
    const bootstrap = `<?php
use Illuminate\\Foundation\\Application;
use Illuminate\\Foundation\\Configuration\\Middleware;
return Application::configure(basePath: dirname(__DIR__))
    ->withRouting(api: __DIR__.'/../routes/api.php')
    ->withMiddleware(function (Middleware $middleware) {
        $middleware->alias(config('api.aliases'));
        $middleware->api(append: config('api.middleware'));
    })->create();`;
    const { document, warnings } = documentOf({
      'bootstrap/app.php': bootstrap,
      'app/Http/Middleware/ApiAuth.php': MIDDLEWARE(
        `if (! $request->bearerToken()) { abort(401); } ${NEXT}`,
      ),
      'config/api.php': `<?php return [
        'aliases' => ['api.auth' => \\App\\Http\\Middleware\\ApiAuth::class],
        'middleware' => ['api.auth'],
      ];`,
      'routes/api.php': ROUTES,
    });
    expect(document.paths?.['/api/a']?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(warnings.filter((w) => w.code === 'security-not-understood')).toEqual([]);
  });
});

describe('beside another authentication of the route', () => {
  it.each([
    [
      "asks the default guard (an admin check after auth:api): auth:api's scheme alone",
      `if (Auth::guard()->guest()) { return response('Unauthorized.', 401); } ${NEXT}`,
      [{ oauth2Auth: [] }],
    ],
    [
      'reads the bearer token Passport reads: the OAuth2 scheme stands for both',
      `if (! $request->hasHeader('Authorization')) { abort(401); } ${NEXT}`,
      [{ oauth2Auth: [] }],
    ],
    [
      'asks a named guard whose token is a bearer token too: one Authorization header, OAuth2',
      `if (! Auth::guard('partner')->check()) { abort(401); } ${NEXT}`,
      [{ oauth2Auth: [] }],
    ],
    [
      'reads a key of its own: both are required',
      `if (! $request->header('X-Tenant-Key')) { abort(401); } ${NEXT}`,
      [{ apiKeyXTenantKey: [], oauth2Auth: [] }],
    ],
  ])('%s', (_name, handle, want) => {
    const { document } = documentOf({
      'app/Http/Kernel.php': KERNEL,
      'app/Http/Middleware/ApiAuth.php': MIDDLEWARE(handle),
      'config/api.php': API_CONFIG("'auth:api', 'api.auth'"),
      'config/auth.php': AUTH_CONFIG,
      'routes/api.php': ROUTES,
    });
    expect(document.paths?.['/api/a']?.get?.security).toEqual(want);
    expect(Object.keys(document.components?.securitySchemes ?? {}).sort()).toEqual(
      [...new Set(want.flatMap((r) => Object.keys(r)))].sort(),
    );
  });
});
