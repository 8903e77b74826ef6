import { describe, expect, it } from 'vitest';
import {
  ALWAYS_WATCHED,
  createWatchFilter,
  isEditorFile,
  watchTargets,
} from '../../../src/watch/paths.js';

describe('watchTargets', () => {
  it('adds the always-watched files to the config paths, normalised and deduplicated', () => {
    expect(watchTargets(['app/', './routes', 'config/apidoc.php', 'app'])).toEqual(
      [...new Set(['app', 'routes', ...ALWAYS_WATCHED])].sort(),
    );
  });

  it('keeps the project root as "."', () => {
    expect(watchTargets(['.'])).toContain('.');
  });
});

describe('isEditorFile', () => {
  it.each([
    ['.StoreUserRequest.php.swp', true],
    ['.StoreUserRequest.php.swx', true],
    ['StoreUserRequest.php~', true],
    ['.#StoreUserRequest.php', true],
    ['#StoreUserRequest.php#', true],
    ['4913', true],
    ['StoreUserRequest.php___jb_tmp___', true],
    ['StoreUserRequest.php', false],
    ['swap.php', false],
    ['49130.php', false],
  ])('%s: %s', (name, want) => {
    expect(isEditorFile(name)).toBe(want);
  });
});

describe('createWatchFilter', () => {
  const filter = createWatchFilter(watchTargets(['app/Http/Requests', 'routes', 'src/Domain']));

  it.each<[string, boolean | undefined, boolean]>([
    // [path, isFile, ignored]
    ['', undefined, false],
    ['app', undefined, false],
    ['app/Http', false, false],
    ['app/Http/Requests', false, false],
    ['app/Http/Requests/StoreUserRequest.php', true, false],
    ['app/Http/Requests/StoreUserRequest.php', undefined, false],
    ['app/Http/Requests/Admin', false, false],
    ['app/Http/Requests/notes.md', true, true],
    ['app/Http/Requests/notes.md', undefined, false],
    ['app/Http/Requests/.StoreUserRequest.php.swp', undefined, true],
    ['app/Http/Requests/.#StoreUserRequest.php', undefined, true],
    ['app/Http/Requests/4913', undefined, true],
    ['app/Http/Requests/StoreUserRequest.php~', undefined, true],
    ['app/Console', false, true],
    ['app/helpers.php', true, true],
    ['app/Http', true, true],
    ['vendor', false, true],
    ['node_modules', false, true],
    ['storage', false, true],
    ['app/Http/Requests/vendor/Foo.php', true, true],
    ['.git', false, true],
    ['config', false, false],
    ['config/apidoc.php', true, false],
    ['config/app.php', true, true],
    ['.env', true, false],
    ['composer.json', true, false],
    ['src', false, false],
    ['src/Domain/Billing/Refund.php', true, false],
    ['tests', false, true],
  ])('%s (file: %s) ignored: %s', (rel, isFile, want) => {
    expect(filter.isIgnored(rel, isFile)).toBe(want);
  });

  it.each([
    ['app/Http/Requests/StoreUserRequest.php', true],
    ['routes/api.php', true],
    ['config/apidoc.php', true],
    ['.env', true],
    ['composer.json', true],
    ['app/Http/Requests/README.md', false],
    ['app/Http/Requests/.#StoreUserRequest.php', false],
    ['app/Http/Requests/StoreUserRequest.php~', false],
    ['app/Console/Kernel.php', false],
    ['storage/app/spectrum/openapi.json', false],
    ['vendor/laravel/framework/src/Foo.php', false],
  ])('%s relevant: %s', (rel, want) => {
    expect(filter.isRelevant(rel)).toBe(want);
  });

  it('watches everything but the skipped directories when a target is the project root', () => {
    const root = createWatchFilter(['.']);
    expect(root.isIgnored('anything/Deep.php', true)).toBe(false);
    expect(root.isIgnored('vendor', false)).toBe(true);
    expect(root.isRelevant('anything/Deep.php')).toBe(true);
  });
});
