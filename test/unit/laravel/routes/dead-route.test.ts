import { describe, expect, it } from 'vitest';
import { documentOf, operations, routesFile } from '../helpers.js';

const BASE = `<?php
namespace App\\Http\\Controllers;
use Illuminate\\Foundation\\Auth\\Access\\AuthorizesRequests;
use Illuminate\\Foundation\\Validation\\ValidatesRequests;
use Illuminate\\Routing\\Controller as BaseController;
abstract class Controller extends BaseController { use AuthorizesRequests, ValidatesRequests; }
`;

function controller(name: string, body: string, header = ''): string {
  return `<?php\nnamespace App\\Http\\Controllers;\n${header}\nclass ${name} extends Controller {\n${body}\n}\n`;
}

const ROUTES = routesFile(
  "Route::apiResource('items', ItemController::class);",
  'use App\\Http\\Controllers\\ItemController;',
);

const method = (name: string) => `public function ${name}() { return response()->json([]); }`;

describe('routes whose action can never answer are left out, with one warning each', () => {
  it.each([
    {
      name: 'a resource controller with only index()',
      files: {
        'app/Http/Controllers/ItemController.php': controller('ItemController', method('index')),
      },
      want: ['GET /api/items'],
      dead: ['store', 'show', 'update', 'destroy'],
    },
    {
      name: 'methods inherited from a parent of the project',
      files: {
        'app/Http/Controllers/CrudController.php': `<?php\nnamespace App\\Http\\Controllers;\nabstract class CrudController extends Controller { ${method('index')} ${method('show')} }`,
        'app/Http/Controllers/ItemController.php': `<?php\nnamespace App\\Http\\Controllers;\nclass ItemController extends CrudController { ${method('store')} }`,
      },
      want: ['GET /api/items', 'POST /api/items', 'GET /api/items/{item}'],
      dead: ['update', 'destroy'],
    },
    {
      name: 'methods from a trait of the project',
      files: {
        'app/Http/Controllers/Destroys.php': `<?php\nnamespace App\\Http\\Controllers;\ntrait Destroys { ${method('destroy')} }`,
        'app/Http/Controllers/ItemController.php': controller(
          'ItemController',
          `use Destroys; ${method('index')}`,
        ),
      },
      want: ['GET /api/items', 'DELETE /api/items/{item}'],
      dead: ['store', 'show', 'update'],
    },
    {
      name: 'a __call of its own answers every action',
      files: {
        'app/Http/Controllers/ItemController.php': controller(
          'ItemController',
          'public function __call($method, $parameters) { return response()->json([]); }',
        ),
      },
      want: 6,
      dead: [],
    },
    {
      name: 'a parent from a package the project lacks may declare them: kept',
      files: {
        'app/Http/Controllers/ItemController.php': `<?php\nnamespace App\\Http\\Controllers;\nclass ItemController extends \\Vendor\\Crud\\Controller { ${method('index')} }`,
      },
      want: 6,
      dead: [],
    },
    {
      name: 'a trait from a package the project lacks may declare them: kept',
      files: {
        'app/Http/Controllers/ItemController.php': controller(
          'ItemController',
          `use \\Vendor\\Crud\\Actions; ${method('index')}`,
        ),
      },
      want: 6,
      dead: [],
    },
    {
      name: 'method names compared without case, as PHP does',
      files: {
        'app/Http/Controllers/ItemController.php': controller(
          'ItemController',
          [
            method('Index'),
            method('STORE'),
            method('show'),
            method('update'),
            method('destroy'),
          ].join(' '),
        ),
      },
      want: 6,
      dead: [],
    },
  ])('$name', ({ files, want, dead }) => {
    const { document, warnings } = documentOf({
      'routes/api.php': ROUTES,
      'app/Http/Controllers/Controller.php': BASE,
      ...(files as unknown as Record<string, string>),
    });
    const ops = operations(document);
    if (typeof want === 'number') expect(ops).toHaveLength(want);
    else expect(ops.sort()).toEqual([...want].sort());
    const found = warnings.filter((w) => w.code === 'dead-route');
    expect(found.map((w) => /has no method (\w+)\(\)/.exec(w.message)?.[1]).sort()).toEqual(
      [...dead].sort(),
    );
    for (const warning of found) {
      expect(warning.message).toMatch(
        /^[A-Z|]+ api\/items\S*: App\\Http\\Controllers\\ItemController has no method \w+\(\)/,
      );
      expect(warning.message).toMatch(/left out$/);
    }
  });
});
