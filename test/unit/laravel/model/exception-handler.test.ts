import { describe, expect, it } from 'vitest';
import { controller, documentOf, routesFile } from '../helpers.js';

/** A model bound by the route (404), behind auth (401), authorized (403) and validated (422). */
const MODEL = `<?php
namespace App\\Models;
use Illuminate\\Database\\Eloquent\\Model;
class Post extends Model {}`;

const CONTROLLER = controller(
  'PostController',
  `public function update(Request $request, Post $post) {
        $this->authorize('update', $post);
        $request->validate(['title' => 'required|string']);
        abort_if(! $post, 409);
        return response()->json(['id' => 1]);
    }`,
  'use App\\Models\\Post;',
);

/** An exception handler in `app/Exceptions/Handler.php` with this class body. */
function handler(body: string, uses = ''): string {
  return `<?php
namespace App\\Exceptions;
use Illuminate\\Foundation\\Exceptions\\Handler as ExceptionHandler;
use Illuminate\\Database\\Eloquent\\ModelNotFoundException;
use Illuminate\\Auth\\Access\\AuthorizationException;
use Illuminate\\Auth\\AuthenticationException;
use Illuminate\\Validation\\ValidationException;
use Symfony\\Component\\HttpKernel\\Exception\\HttpExceptionInterface;
use Illuminate\\Http\\JsonResponse;
use Throwable;
${uses}
class Handler extends ExceptionHandler
{
${body}
}
`;
}

/** Each error status of `PUT /api/posts/{post}`, with the properties of its body. */
function errors(handlerFile?: string | Record<string, string>): Record<string, string[]> {
  const extra =
    typeof handlerFile === 'string'
      ? { 'app/Exceptions/Handler.php': handlerFile }
      : (handlerFile ?? {});
  const { document } = documentOf({
    'routes/api.php': routesFile(
      "Route::middleware('auth:sanctum')->put('posts/{post}', [PostController::class, 'update']);",
      'use App\\Http\\Controllers\\PostController;',
    ),
    'app/Http/Controllers/PostController.php': CONTROLLER,
    'app/Models/Post.php': MODEL,
    ...extra,
  });
  const responses = document.paths?.['/api/posts/{post}']?.put?.responses ?? {};
  return Object.fromEntries(
    Object.entries(responses)
      .filter(([status]) => /^[45]/.test(status))
      .map(([status, response]) => {
        const schema = (response as { content?: Record<string, { schema?: unknown }> }).content?.[
          'application/json'
        ]?.schema as { properties?: Record<string, unknown>; $ref?: string } | undefined;
        const props = schema?.properties ? Object.keys(schema.properties) : [];
        return [status, schema?.$ref ? [schema.$ref] : props];
      }),
  );
}

const DEFAULTS = errors();

const cases: [string, string | Record<string, string> | undefined, Record<string, string[]>][] = [
  ['no handler: Laravel’s bodies', undefined, DEFAULTS],
  [
    'render() with an instanceof chain on JSON requests',
    handler(`    public function render($request, Throwable $e)
    {
        if ($e instanceof ModelNotFoundException && $request->expectsJson()) {
            return response()->json(['message' => $e->getMessage()], 400);
        } elseif ($e instanceof AuthorizationException && $request->expectsJson()) {
            return response()->json(['message' => $e->getMessage(), 'reason' => 'policy'], 401);
        }
        return parent::render($request, $e);
    }`),
    // The 403 stays: the generator does not know that a policy, not the app's own check, raises it.
    { ...without(DEFAULTS, '404'), '400': ['message'], '401': ['message', 'reason'] },
  ],
  [
    'a helper for API requests: one envelope, the status from the exception',
    handler(`    public function render($request, Throwable $e)
    {
        if ($request->is('api/*')) {
            return $this->renderApiException($e);
        }
        return parent::render($request, $e);
    }

    protected function renderApiException(Throwable $e): JsonResponse
    {
        $code = 500;
        if ($e instanceof HttpExceptionInterface) {
            $code = $e->getStatusCode();
        }
        if ($e instanceof ModelNotFoundException) {
            $code = 404;
        }
        return new JsonResponse(['error' => ['message' => $e->getMessage(), 'code' => $code]], $code);
    }`),
    { '401': [], '403': [], '404': ['error'], '409': ['error'], '500': ['error'] },
  ],
  [
    'unauthenticated() overridden: the 401 body only',
    handler(`    protected function unauthenticated($request, AuthenticationException $exception)
    {
        if ($request->expectsJson()) {
            return response()->json(['error' => 'Unauthenticated.'], 401);
        }
        return redirect()->guest('/login');
    }`),
    { ...DEFAULTS, '401': ['error'] },
  ],
  [
    'renderable() callbacks: the first whose parameter the (prepared) exception is',
    handler(
      `    public function register(): void
    {
        $this->renderable(function (AccessDeniedHttpException $e, Request $request) {
            return response()->json(['denied' => true], 403);
        });
        $this->renderable(function (NotFoundHttpException $e, Request $request) {
            if ($request->is('api/*')) {
                return response()->json(['missing' => $e->getMessage()], 404);
            }
        });
    }`,
      `use Symfony\\Component\\HttpKernel\\Exception\\NotFoundHttpException;
use Symfony\\Component\\HttpKernel\\Exception\\AccessDeniedHttpException;
use Illuminate\\Http\\Request;`,
    ),
    { ...DEFAULTS, '403': ['denied'], '404': ['missing'] },
  ],
  [
    "Laravel 11's withExceptions() render closures in bootstrap/app.php",
    {
      'bootstrap/app.php': `<?php
use Illuminate\\Foundation\\Application;
use Illuminate\\Foundation\\Configuration\\Exceptions;
use Illuminate\\Http\\Request;
use Illuminate\\Auth\\AuthenticationException;
use Symfony\\Component\\HttpKernel\\Exception\\NotFoundHttpException;
return Application::configure(basePath: dirname(__DIR__))
    ->withExceptions(function (Exceptions $exceptions) {
        $exceptions->render(function (AuthenticationException $e, Request $request) {
            if ($request->expectsJson()) {
                return response()->json(['error' => 'login first'], 401);
            }
        });
        $exceptions->render(fn (NotFoundHttpException $e, Request $request) => response()->json(['error' => 'not here'], 404));
    })->create();
`,
    },
    { ...DEFAULTS, '401': ['error'], '404': ['error'] },
  ],
  [
    'a handler that answers other exceptions only: the defaults stay',
    handler(`    public function render($request, Throwable $e)
    {
        if ($e instanceof \\App\\Exceptions\\PaymentFailed) {
            return response()->json(['payment' => false], 402);
        }
        if ($e instanceof ValidationException && ! $request->expectsJson()) {
            return redirect()->back();
        }
        return parent::render($request, $e);
    }`),
    DEFAULTS,
  ],
];

function without(record: Record<string, string[]>, ...keys: string[]): Record<string, string[]> {
  return Object.fromEntries(Object.entries(record).filter(([k]) => !keys.includes(k)));
}

describe("the application's exception handler decides its error responses", () => {
  it('documents Laravel’s defaults without a handler', () => {
    expect(Object.keys(DEFAULTS)).toEqual(['401', '403', '404', '409', '422']);
  });
  it.each(cases)('%s', (_name, file, want) => {
    expect(errors(file)).toEqual(want);
  });
});
