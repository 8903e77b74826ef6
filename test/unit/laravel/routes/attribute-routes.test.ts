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

/** A controller under app/Http/Controllers/API with these class attributes and methods. */
const API_CONTROLLER = (name: string, classAttrs: string, methods = '') => `<?php
namespace App\\Http\\Controllers\\API;
use Spatie\\RouteAttributes\\Attributes\\{Get, Post, Prefix, Middleware, Group, Domain, DomainFromConfig, Resource, ApiResource, Where, WhereNumber, WhereIn};
${classAttrs}
class ${name} {
  public function index() { ${ok} }
  public function store() { ${ok} }
  public function show() { ${ok} }
  public function update() { ${ok} }
  public function destroy() { ${ok} }
  ${methods}
}`;

const API_ONLY = `<?php
return [
  'middleware' => ['throttle:api'],
  'directories' => [
    app_path('Http/Controllers/API') => ['prefix' => 'api', 'middleware' => 'api', 'as' => 'api.'],
  ],
];`;

describe('class attributes of spatie/laravel-route-attributes: resources, groups, wheres', () => {
  it.each([
    [
      '#[ApiResource] with only: the resource routes it lists, under the class prefix',
      "#[Prefix('v1')]\n#[ApiResource('photos', only: ['index', 'show'])]",
      '',
      ['GET /api/v1/photos', 'GET /api/v1/photos/{photo}'],
    ],
    [
      "#[Resource('photos', apiResource: true, except: ['destroy'])]",
      "#[Resource('photos', apiResource: true, except: ['destroy'])]",
      '',
      [
        'GET /api/photos',
        'POST /api/photos',
        'GET /api/photos/{photo}',
        'PUT /api/photos/{photo}',
        'PATCH /api/photos/{photo}',
      ],
    ],
    [
      '#[Resource] with parameters, beside a method route of its own',
      "#[Resource('photos', parameters: ['photos' => 'image'], only: ['show'])]",
      "#[Get('photos/export')] public function export() { " + ok + ' }',
      ['GET /api/photos/export', 'GET /api/photos/{image}'],
    ],
    [
      'two #[Group]s: the routes once in each (a #[Prefix] beside them is not used)',
      "#[Prefix('ignored')]\n#[Group(prefix: 'v1', as: 'v1.')]\n#[Group(prefix: 'v2', as: 'v2.')]",
      "#[Get('servers', name: 'servers')] public function list() { " + ok + ' }',
      ['GET /api/v1/servers', 'GET /api/v2/servers'],
    ],
    [
      '#[Domain] and #[DomainFromConfig] leave the paths as they are',
      "#[DomainFromConfig('app.api_domain')]\n#[Prefix('v1')]",
      "#[Get('servers')] public function list() { " + ok + ' }',
      ['GET /api/v1/servers'],
    ],
    [
      'an invokable controller',
      '',
      "#[Post('deploy')] public function __invoke() { " + ok + ' }',
      ['POST /api/deploy'],
    ],
  ])('%s', (_name, classAttrs, methods, want) => {
    const { document } = documentOf({
      'app/Http/Controllers/API/PhotoController.php': API_CONTROLLER(
        'PhotoController',
        classAttrs,
        methods,
      ),
      'config/route-attributes.php': API_ONLY,
    });
    expect(operations(document).sort()).toEqual([...want].sort());
  });

  it('route names join the directory, the group and the route; middleware the config, the class and the route', () => {
    const { document } = documentOf({
      'app/Http/Controllers/API/PhotoController.php': API_CONTROLLER(
        'PhotoController',
        "#[Group(prefix: 'v1', as: 'v1.')]\n#[Middleware('auth:sanctum')]",
        "#[Get('servers', name: 'servers')] public function list() { " + ok + ' }',
      ),
      'config/route-attributes.php': API_ONLY,
    });
    const op = document.paths?.['/api/v1/servers']?.get;
    expect(op?.operationId).toBe('api.v1.servers');
    expect(op?.security).toEqual([{ bearerAuth: [] }]);
  });

  it.each([
    [
      "class #[WhereNumber], method #[WhereIn] and #[Where]: the path parameters' constraints",
      "#[WhereNumber('server')]",
      "#[Get('servers/{server}/{type}/{slug}')] #[WhereIn('type', ['a', 'b'])] #[Where('slug', '[a-z]+')] public function view() { " +
        ok +
        ' }',
      { server: '[0-9]+', type: 'a|b', slug: '[a-z]+' },
    ],
  ])('%s', (_name, classAttrs, methods, want) => {
    const { document } = documentOf({
      'app/Http/Controllers/API/PhotoController.php': API_CONTROLLER(
        'PhotoController',
        classAttrs,
        methods,
      ),
      'config/route-attributes.php': API_ONLY,
    });
    const params = document.paths?.['/api/servers/{server}/{type}/{slug}']?.get?.parameters ?? [];
    const patterns = Object.fromEntries(
      params.map((p) => {
        const param = p as { name: string; 'x-laravel-where'?: string };
        return [param.name, param['x-laravel-where']];
      }),
    );
    expect(patterns).toEqual(want);
  });
});
