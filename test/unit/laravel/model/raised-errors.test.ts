import { describe, expect, it } from 'vitest';
import { controller, documentOf, routesFile } from '../helpers.js';

/** The project's exceptions, each made with a status in its own way. */
const EXCEPTIONS = `<?php
namespace App\\Exceptions;
use Symfony\\Component\\HttpKernel\\Exception\\HttpException;
use Symfony\\Component\\HttpKernel\\Exception\\NotFoundHttpException;
abstract class ApiException extends HttpException {}
class CancelNotAllowed extends ApiException {
    public function __construct() { parent::__construct(409, 'Not now'); }
}
class ThingMissing extends NotFoundHttpException {}
class Teapot extends \\Exception {
    public function getStatusCode(): int { return 418; }
}
class Plain extends \\Exception {}`;

/** A service the controller hands request data to. */
const SERVICE = `<?php
namespace App\\Services;
use App\\Exceptions\\CancelNotAllowed;
class Things {
    public function cancel(array $data) {
        if (empty($data['reason'])) { throw new CancelNotAllowed(); }
        return true;
    }
}`;

/** The error statuses documented for an action with this body. */
function errors(body: string, extra = ''): string[] {
  const { document } = documentOf({
    'routes/api.php': routesFile(
      "Route::post('things', [ThingController::class, 'act']);",
      'use App\\Http\\Controllers\\ThingController;',
    ),
    'app/Http/Controllers/ThingController.php': controller(
      'ThingController',
      `public function act(Request $request) {\n${body}\n    }\n${extra}`,
      'use Illuminate\\Http\\Request; use App\\Exceptions; use App\\Services\\Things;',
    ),
    'app/Exceptions/All.php': EXCEPTIONS,
    'app/Services/Things.php': SERVICE,
  });
  const responses = document.paths?.['/api/things']?.post?.responses ?? {};
  return Object.keys(responses).filter((s) => /^[45]/.test(s));
}

const cases: [string, string, string, string[]][] = [
  [
    'a project exception made with parent::__construct(409)',
    '        throw new Exceptions\\CancelNotAllowed();',
    '',
    ['409'],
  ],
  [
    'one extending a framework exception: its status',
    '        throw new Exceptions\\ThingMissing();',
    '',
    ['404'],
  ],
  [
    'one whose getStatusCode() returns a number',
    '        throw new Exceptions\\Teapot();',
    '',
    ['418'],
  ],
  [
    'an exception with no status of its own: nothing said',
    '        throw new Exceptions\\Plain();',
    '',
    [],
  ],
  [
    "thrown in the controller's own helper",
    '        return $this->check();',
    '    private function check() { throw new Exceptions\\ThingMissing(); }',
    ['404'],
  ],
  [
    'thrown in a service the request data is handed to',
    '        return response()->json((new Things())->cancel($request->all()));',
    '',
    ['409'],
  ],
];

describe('errors raised where the handler leads', () => {
  it.each(cases)('%s', (_name, body, extra, expected) => {
    const found = errors(body, extra).filter((s) => !['401', '403'].includes(s));
    expect(found).toEqual(expected);
  });
});
