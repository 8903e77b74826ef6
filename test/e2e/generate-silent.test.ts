import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from './helpers.js';
import { LARAVEL_8, readJson, tempDir } from './generate-support.js';

/** Issue 15: `apidoc generate` never writes an empty document without saying why. */
const FIXTURES = path.join(ROOT, 'test/fixtures');

describe('apidoc generate is never silent', () => {
  it('refuses a folder that is not a Laravel project: one line, exit 1, nothing written', async () => {
    const out = path.join(tempDir(), 'openapi.json');
    const run = await runCli([
      'generate',
      '--project',
      path.join(FIXTURES, 'not-laravel'),
      '--output',
      out,
      '--no-cache',
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/not-laravel is not a Laravel project: it has no artisan/);
    expect(existsSync(out)).toBe(false);
  });

  it('says where it looked when it finds no route, and the call it could not follow', async () => {
    const out = path.join(tempDir(), 'openapi.json');
    const run = await runCli([
      'generate',
      '--project',
      path.join(FIXTURES, 'laravel-silent/no-routes'),
      '--output',
      out,
      '--no-cache',
    ]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      'Warning: no route found: looked in bootstrap/app.php (withRouting() without an api: file)',
    );
    expect(run.stderr).toContain(
      'Warning: bootstrap/app.php:9: VersionedRoutes::register() is called where routes are declared, but App\\Routing\\VersionedRoutes is not a class of the project',
    );
  });

  it('warns when a --pattern matches no route', async () => {
    const out = path.join(tempDir(), 'openapi.json');
    const run = await runCli([
      'generate',
      '--project',
      LARAVEL_8,
      '--output',
      out,
      '--no-cache',
      '--pattern',
      'api/users*',
      '--pattern',
      'api/nothing-here*',
    ]);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(
      /Warning: --pattern "api\/nothing-here\*" matches none of the \d+ API routes/,
    );
    expect(run.stderr).not.toContain('--pattern "api/users*"');
    expect(Object.keys(readJson(out).paths ?? {}).length).toBeGreaterThan(0);
  });
});
