import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig, type ApidocConfig } from '../../../src/laravel/config.js';

function project(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'apidoc-config-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe('configuration', () => {
  it('defaults, without any config or .env', () => {
    const dir = project({});
    expect(readConfig(dir)).toEqual({
      title: 'Laravel API',
      version: '1.0.0',
      servers: [{ url: 'http://localhost' }],
      routePatterns: [],
      excludedRoutes: [],
      tags: {},
      securitySchemes: {},
      cacheDir: path.join(dir, 'storage/app/spectrum/cache'),
      cacheEnabled: true,
      watchPaths: [
        'app/Http/Controllers',
        'app/Http/Requests',
        'app/Http/Resources',
        'app/Models',
        'database/migrations',
        'routes',
        'config/apidoc.php',
      ],
    } satisfies ApidocConfig);
  });

  it('.env: APP_NAME feeds the title, APP_URL the server', () => {
    const config = readConfig(
      project({ '.env': 'APP_NAME="Acme Shop"\nAPP_URL=https://shop.test/\n' }),
    );
    expect(config.title).toBe('Acme Shop API');
    expect(config.servers).toEqual([{ url: 'https://shop.test' }]);
    expect(readConfig(project({ '.env': 'APP_NAME="Acme API"' })).title).toBe('Acme API');
  });

  it('config/apidoc.php, read statically: literals, env(), path helpers, every key', () => {
    const dir = project({
      '.env': 'APP_URL=https://api.test\nDOCS_VERSION=3.1.0\n',
      'config/apidoc.php': `<?php
return [
    'title' => 'Shop ' . 'API',
    'version' => env('DOCS_VERSION', '1.0.0'),
    'description' => env('MISSING', 'The default.'),
    'servers' => [['url' => env('APP_URL'), 'description' => 'Here'], 'https://sandbox.test'],
    'route_patterns' => ['api/*'],
    'excluded_routes' => ['api/internal/*', 'horizon.*'],
    'tags' => ['api/admin/*' => 'Admin', 'App\\\\Http\\\\Controllers\\\\UserController' => 'People'],
    'security_schemes' => ['api.key' => ['type' => 'apiKey', 'in' => 'header', 'name' => 'X-Key'], 'bogus' => ['type' => 'nope']],
    'cache' => ['directory' => storage_path('framework/apidoc'), 'enabled' => false],
    'watch' => ['paths' => [app_path('Http'), base_path('routes')]],
];`,
    });
    expect(readConfig(dir)).toEqual({
      title: 'Shop API',
      version: '3.1.0',
      description: 'The default.',
      servers: [{ url: 'https://api.test', description: 'Here' }, { url: 'https://sandbox.test' }],
      routePatterns: ['api/*'],
      excludedRoutes: ['api/internal/*', 'horizon.*'],
      tags: { 'api/admin/*': 'Admin', 'App\\Http\\Controllers\\UserController': 'People' },
      securitySchemes: { 'api.key': { type: 'apiKey', in: 'header', name: 'X-Key' } },
      cacheDir: path.join(dir, 'storage/framework/apidoc'),
      cacheEnabled: false,
      watchPaths: ['app/Http', 'routes'],
      source: 'config/apidoc.php',
    } satisfies ApidocConfig);
  });

  it("falls back to a laravel-spectrum config/spectrum.php's matching keys", () => {
    const config = readConfig(
      project({
        'config/spectrum.php': `<?php
return [
    'title' => env('APP_NAME', 'Laravel').' API',
    'version' => '2.0.0',
    'route_patterns' => ['api/*', 'api/v1/*'],
    'excluded_routes' => ['api/health'],
    'authentication' => ['custom_schemes' => ['partner' => ['type' => 'apiKey', 'in' => 'query', 'name' => 'key']]],
    'cache' => ['directory' => storage_path('app/spectrum/cache')],
    'transformers' => ['enabled' => ['fractal' => true]],
];`,
      }),
    );
    expect(config).toMatchObject({
      title: 'Laravel API',
      version: '2.0.0',
      routePatterns: ['api/*', 'api/v1/*'],
      excludedRoutes: ['api/health'],
      securitySchemes: { partner: { type: 'apiKey', in: 'query', name: 'key' } },
      source: 'config/spectrum.php',
    });
  });

  it('prefers config/apidoc.php over config/spectrum.php', () => {
    const config = readConfig(
      project({
        'config/apidoc.php': "<?php return ['title' => 'A'];",
        'config/spectrum.php': "<?php return ['title' => 'S'];",
      }),
    );
    expect(config.title).toBe('A');
  });

  it('a config file that does not parse is a warning, not an error', () => {
    const warnings: { file?: string; line?: number; message: string }[] = [];
    const config = readConfig(
      project({ 'config/apidoc.php': "<?php\nreturn [\n  'title' => ,\n];" }),
      warnings,
    );
    expect(config.title).toBe('Laravel API');
    expect(warnings).toEqual([
      { file: 'config/apidoc.php', line: 3, message: expect.stringContaining('syntax error') },
    ]);
  });

  it.each([
    ['a string', "'api_prefix' => 'rest'", ['rest']],
    ['a list', "'api_prefix' => ['api', 'webhooks']", ['api', 'webhooks']],
    ['every route', "'api_prefix' => '*'", ['*']],
    ['the empty string, every route too', "'api_prefix' => ''", ['']],
  ])('api_prefix as %s', (_, entry, want) => {
    const dir = project({ 'config/apidoc.php': `<?php\nreturn [${entry}];\n` });
    expect(readConfig(dir).apiPrefixes).toEqual(want);
  });

  it('api_prefix unset: the application decides (withRouting apiPrefix, else api)', () => {
    expect(readConfig(project({})).apiPrefixes).toBeUndefined();
  });
});
