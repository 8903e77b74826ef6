import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCacheMemory } from '../../../src/laravel/cache.js';
import { clearProjectCache, generateOpenApi } from '../../../src/laravel/generate.js';
import { serializeDocument } from '../../../src/core/write-document.js';

const FIXTURE = fileURLToPath(new URL('../../fixtures/laravel-11', import.meta.url));

async function text(project: string, options: Parameters<typeof generateOpenApi>[1]) {
  const result = await generateOpenApi(project, options);
  return {
    json: serializeDocument(result.document, 'json'),
    stats: result.stats,
    warnings: result.warnings,
  };
}

function edit(project: string, file: string, change: (text: string) => string): void {
  const full = path.join(project, file);
  writeFileSync(full, change(readFileSync(full, 'utf8')));
}

/** Edits of the fixture, each with a text the new document must contain. */
const changes: [string, string, (t: string) => string, string][] = [
  [
    'a resource gains a field',
    'app/Http/Resources/CustomerResource.php',
    (t) =>
      t.replace(
        "'id' => $this->id,",
        "'id' => $this->id,\n            'code' => 'C-' . $this->id,",
      ),
    '"code"',
  ],
  [
    'a model cast changes',
    'app/Models/Product.php',
    (t) =>
      t
        .replace(/'stock' => '[a-z]+'/, "'stock' => 'string'")
        .replace(
          'protected function casts(): array\n    {\n        return [',
          "protected function casts(): array\n    {\n        return [\n            'name' => 'integer',",
        ),
    'Product',
  ],
  [
    'a migration changes a column',
    'database/migrations/2024_04_02_100000_create_customers_table.php',
    (t) =>
      t.replace("$table->string('company')->nullable();", "$table->unsignedInteger('company');"),
    '"company": {\n            "type": "integer"\n',
  ],
  [
    'a FormRequest rule changes',
    'app/Http/Requests/StoreCustomerRequest.php',
    (t) =>
      t.replace(
        "'name' => 'required",
        "'nickname' => 'nullable|string|max:20',\n            'name' => 'required",
      ),
    'nickname',
  ],
  [
    'the config renames a tag',
    'config/apidoc.php',
    (t) => t.replace("=> 'Vendors'", "=> 'Suppliers'"),
    'Suppliers',
  ],
  [
    'a route is added',
    'routes/api.php',
    (t) => `${t}\nRoute::get('ping', fn () => ['pong' => true])->name('ping');\n`,
    '/api/v2/ping',
  ],
  [
    'a controller docblock changes',
    'app/Http/Controllers/Api/CustomerController.php',
    (t) => t.replace(/\/\*\*\n(\s+)\* [^\n]+/, '/**\n$1* Everybody who ordered'),
    'Everybody who ordered',
  ],
];

describe('the cache gives the same document as a cold run', () => {
  let project: string;
  beforeAll(() => {
    project = mkdtempSync(path.join(tmpdir(), 'apidoc-cache-'));
    cpSync(FIXTURE, project, { recursive: true });
    clearProjectCache(project);
  });

  it('warm: nothing analysed, same bytes', async () => {
    const cold = await text(project, {});
    expect(cold.stats.analysed).toBe(cold.stats.files);
    const warm = await text(project, {});
    expect(warm.stats.analysed).toBe(0);
    expect(warm.json).toBe(cold.json);
    const incremental = await text(project, { incremental: true });
    expect(incremental.stats.analysed).toBe(0);
    expect(incremental.json).toBe(cold.json);
  });

  it.each(changes)('--incremental after %s', async (_name, file, change, marker) => {
    edit(project, file, change);
    const incremental = await text(project, { incremental: true });
    expect(incremental.stats.analysed).toBe(1);
    const cold = await text(project, { cache: false });
    expect(incremental.json).toContain(marker);
    expect(incremental.json).toBe(cold.json);
    expect(incremental.warnings).toEqual(cold.warnings);
  });

  it('--incremental after a file is deleted', async () => {
    rmSync(path.join(project, 'app/Http/Resources/SupplierResource.php'));
    const incremental = await text(project, { incremental: true });
    const cold = await text(project, { cache: false });
    expect(incremental.json).toBe(cold.json);
  });

  it('clearProjectCache says what it removed, and is safe twice', () => {
    const first = clearProjectCache(project);
    expect(first.files).toBeGreaterThan(0);
    expect(first.bytes).toBeGreaterThan(0);
    expect(clearProjectCache(project)).toMatchObject({ files: 0, bytes: 0 });
  });
});

describe('the cache kept in memory between runs (apidoc watch)', () => {
  let project: string;
  const memory = createCacheMemory();
  /** Removes the cache's files: what a run then finds without reading them came from memory. */
  const dropDiskCache = () => clearProjectCache(project);

  beforeAll(async () => {
    project = mkdtempSync(path.join(tmpdir(), 'apidoc-memory-'));
    cpSync(FIXTURE, project, { recursive: true });
    clearProjectCache(project);
    await text(project, { incremental: true, memory });
  });

  it.each(changes)(
    'after %s: only that file analysed, the same bytes as a cold run',
    async (_name, file, change, marker) => {
      dropDiskCache();
      edit(project, file, change);
      const kept = await text(project, { incremental: true, memory });
      expect(kept.stats.analysed).toBe(1);
      const cold = await text(project, { cache: false });
      expect(kept.json).toContain(marker);
      expect(kept.json).toBe(cold.json);
      expect(kept.warnings).toEqual(cold.warnings);
    },
  );

  it('after a file is deleted: the same bytes as a cold run', async () => {
    dropDiskCache();
    rmSync(path.join(project, 'app/Http/Resources/SupplierResource.php'));
    const kept = await text(project, { incremental: true, memory });
    expect(kept.json).toBe((await text(project, { cache: false })).json);
  });

  it('keeps the disk cache in step, for the next process', async () => {
    const other = mkdtempSync(path.join(tmpdir(), 'apidoc-memory-'));
    cpSync(FIXTURE, other, { recursive: true });
    clearProjectCache(other);
    const own = createCacheMemory();
    await text(other, { incremental: true, memory: own });
    for (const [, file, change] of changes) {
      edit(other, file, change);
      await text(other, { incremental: true, memory: own });
    }
    const next = await text(other, { incremental: true });
    expect(next.stats.analysed).toBe(0);
    expect(next.json).toBe((await text(other, { cache: false })).json);
  });

  it('without the cache (--no-cache) it is not used', async () => {
    const result = await text(project, { cache: false, memory });
    expect(result.stats.analysed).toBe(result.stats.files);
  });
});
