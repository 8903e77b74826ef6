import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AssemblyCache, type RouteEntry } from '../../../src/laravel/assembly-cache.js';

const USER = '#/components/schemas/UserResource';
const TEAM = '#/components/schemas/TeamResource';

function entry(summary: string, refs: string[], deps: [string, string][]): RouteEntry {
  return {
    deps,
    ops: [{ path: '/api/users', method: 'get', operation: { summary } }] as RouteEntry['ops'],
    components: Object.fromEntries(
      refs.map((ref) => [
        ref,
        { value: { type: 'object', title: ref }, deps: ['App\\Models\\User'] },
      ]),
    ),
    warnings: [],
  };
}

const files = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));

describe('the assembly cache', () => {
  const routes: [string, RouteEntry][] = [
    ['a', entry('List users', [USER], [['App\\Models\\User', 'h1']])],
    [
      'b',
      entry(
        'Show a user',
        [USER, TEAM],
        [
          ['App\\Models\\User', 'h1'],
          ['*', 'all'],
        ],
      ),
    ],
    ['c', entry('List teams', [TEAM], [['*', 'all']])],
  ];

  it('packs each component and each dependency version once, and gives entries back whole', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'apidoc-assembly-'));
    const first = new AssemblyCache(dir, 'global', { read: true, write: true });
    for (const [key, value] of routes) first.put(key, value);
    first.flush();
    const [pack] = files(dir);
    const text = readFileSync(path.join(dir, pack!), 'utf8');
    expect(text.split('"title"').length - 1).toBe(2);
    expect(text.split('"h1"').length - 1).toBe(1);

    const second = new AssemblyCache(dir, 'global', { read: true, write: true });
    for (const [key, value] of routes) expect(second.get(key)).toEqual(value);
    expect(second.get('unknown')).toBeUndefined();
  });

  it('after a pack, a route built later gets a file of its own, read back whole', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'apidoc-assembly-'));
    const first = new AssemblyCache(dir, 'global', { read: true, write: true });
    // Enough routes that one new route (under 5%) does not make the pack stale.
    const many = Array.from({ length: 30 }, (_, i): [string, RouteEntry] => [
      `r${i}`,
      entry(`Route ${i}`, [TEAM], [['*', 'all']]),
    ]);
    for (const [key, value] of [...routes, ...many]) first.put(key, value);
    first.flush();

    const changed = entry('List users, changed', [USER], [['App\\Models\\User', 'h2']]);
    const second = new AssemblyCache(dir, 'global', { read: true, write: true });
    for (const [key, value] of [...routes, ...many]) second.keep(key, second.get(key) ?? value);
    second.put('a2', changed);
    second.flush();
    expect(files(dir).filter((f) => f.includes('routes'))).toHaveLength(1);

    const third = new AssemblyCache(dir, 'global', { read: true, write: true });
    expect(third.get('a2')).toEqual(changed);
    expect(third.get('b')).toEqual(routes[1]![1]);
  });

  it('another global key is another store', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'apidoc-assembly-'));
    const first = new AssemblyCache(dir, 'global', { read: true, write: true });
    first.put('a', routes[0]![1]);
    first.flush();
    expect(new AssemblyCache(dir, 'other', { read: true, write: true }).get('a')).toBeUndefined();
  });
});
