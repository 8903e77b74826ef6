import { describe, expect, it } from 'vitest';
import { documentOf, operations } from '../helpers.js';

const controller = (dir: string, name: string, classAttrs: string, methods: string) => `<?php
namespace App\\Http\\Controllers${dir ? `\\${dir}` : ''};
use Spatie\\RouteAttributes\\Attributes\\{Get, Post, Put, Delete, Any, Route, Prefix, Middleware, Where};
use Knuckles\\Scribe\\Attributes\\Group;
${classAttrs}
class ${name} {
${methods}
}`;

const ok = 'return response()->json([]);';

const CONFIG = `<?php
return [
  'enabled' => true,
  'directories' => [
    app_path('Http/Controllers') => ['middleware' => 'web', 'patterns' => ['*Controller.php'], 'not_patterns' => ['API/*']],
    app_path('Http/Controllers/API') => ['prefix' => '', 'middleware' => 'api', 'patterns' => ['*Controller.php']],
  ],
];`;

const SERVERS = controller(
  'API',
  'ServerController',
  "#[Prefix('api/projects/{project}/servers')]\n#[Middleware(['auth:sanctum'])]\n#[Group(name: 'servers')]",
  `#[Get('/', name: 'api.servers')] public function index() { ${ok} }
   #[Post('/', middleware: 'ability:write')] public function store() { ${ok} }
   #[Get('{server}')] public function show() { ${ok} }
   #[Put('{server}')] public function update() { ${ok} }
   #[Delete('{server}')] public function destroy() { ${ok} }
   #[Route(['GET', 'HEAD'], 'status/{server}')] public function status() { ${ok} }
   public function helper() { ${ok} }`,
);

const WEB = controller(
  '',
  'PageController',
  '',
  `#[Get('dashboard')] public function dashboard() { return view('x'); }`,
);

describe('routes declared as attributes on controllers (spatie/laravel-route-attributes)', () => {
  it.each([
    [
      'the configured API directory, with class prefix and methods; the web directory left out',
      { 'config/route-attributes.php': CONFIG },
      [
        'GET /api/projects/{project}/servers',
        'POST /api/projects/{project}/servers',
        'GET /api/projects/{project}/servers/{server}',
        'PUT /api/projects/{project}/servers/{server}',
        'DELETE /api/projects/{project}/servers/{server}',
        'GET /api/projects/{project}/servers/status/{server}',
      ],
    ],
    [
      'switched off by the config',
      { 'config/route-attributes.php': `<?php return ['enabled' => false];` },
      [],
    ],
  ])('%s', (_name, extra, want) => {
    const { document } = documentOf({
      'app/Http/Controllers/API/ServerController.php': SERVERS,
      'app/Http/Controllers/PageController.php': WEB,
      ...extra,
    });
    expect(operations(document).sort()).toEqual([...want].sort());
  });

  it('names, middleware and security come from the attributes', () => {
    const { document } = documentOf({
      'app/Http/Controllers/API/ServerController.php': SERVERS,
      'config/route-attributes.php': CONFIG,
    });
    const list = document.paths?.['/api/projects/{project}/servers'];
    expect(list?.get?.operationId).toBe('api.servers');
    expect(list?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(list?.post?.security).toEqual([{ bearerAuth: [] }]);
  });

  it('an attribute of another package with the same short name is not a route attribute', () => {
    const other = controller(
      'API',
      'OtherController',
      'use Other\\Get as OtherGet;',
      `#[OtherGet('x')] public function index() { ${ok} }`,
    );
    const { document } = documentOf({
      'app/Http/Controllers/API/OtherController.php': other,
      'config/route-attributes.php': CONFIG,
    });
    expect(operations(document)).toEqual([]);
  });
});
