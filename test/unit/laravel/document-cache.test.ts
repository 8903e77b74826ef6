import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCacheMemory } from '../../../src/laravel/cache.js';
import { DocumentCache, documentKey } from '../../../src/laravel/document-cache.js';

const files = new Map([
  ['app/Models/User.php', 'h1'],
  ['routes/api.php', 'h2'],
]);
const rest = { config: { title: 'API' }, patterns: [], openapi: '3.0' };
const key = documentKey(files, rest);

describe('documentKey: any input that changes, changes the key', () => {
  const cases: [string, ReadonlyMap<string, string>, unknown][] = [
    ['a file changed', new Map([...files, ['routes/api.php', 'h3']]), rest],
    ['a file added', new Map([...files, ['app/Models/Team.php', 'h4']]), rest],
    ['a file removed', new Map([...files].slice(1)), rest],
    ['another pattern', files, { ...rest, patterns: ['api/users*'] }],
    ['another OpenAPI version', files, { ...rest, openapi: '3.1' }],
    ['another configuration', files, { ...rest, config: { title: 'Other' } }],
  ];
  it.each(cases)('%s', (_, changed, other) => {
    expect(documentKey(changed, other)).not.toBe(key);
  });

  it('the order files were read in does not matter', () => {
    expect(documentKey(new Map([...files].reverse()), rest)).toBe(key);
  });
});

describe('DocumentCache', () => {
  const meta = {
    key,
    warnings: [{ file: 'a.php', message: 'm' }],
    operations: 1,
    schemas: 2,
    files: [...files],
    listed: ['routes/api.php'],
    missing: ['app/Models/Team.php'],
    listings: [],
  };
  const bytes = Buffer.from('{\n  "openapi": "3.0.3"\n}\n');

  it('gives the last document back for its key only, from disk and from memory', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'apidoc-document-'));
    const memory = createCacheMemory();
    new DocumentCache(dir, memory).put(meta, bytes);
    for (const cache of [new DocumentCache(dir), new DocumentCache(dir, memory)]) {
      expect(cache.get(key)).toEqual({ meta, bytes });
      expect(cache.get('another')).toBeUndefined();
    }
  });

  it('has nothing before a first run', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'apidoc-document-'));
    expect(new DocumentCache(dir).get(key)).toBeUndefined();
  });
});
