import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * STYLE.md: dependencies point one way, `cli → mock | laravel | export | watch → core`, with the
 * package's entry modules (`src/*.ts`) free to compose them. Read from the source's imports.
 */
const SRC = path.resolve(import.meta.dirname, '../../src');

const ALLOWED: Record<string, readonly string[]> = {
  core: ['core'],
  mock: ['mock', 'core'],
  laravel: ['laravel', 'core'],
  export: ['export', 'core'],
  watch: ['watch', 'core'],
  cli: ['cli', 'mock', 'laravel', 'export', 'watch', 'core', '(entry)'],
  '(entry)': ['cli', 'mock', 'laravel', 'export', 'watch', 'core', '(entry)'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

function layerOf(file: string): string {
  const rel = path.relative(SRC, file).split(path.sep);
  return rel.length === 1 ? '(entry)' : rel[0]!;
}

/** `from './x.js'`, `import('./x.js')`, `import type … from '../y.js'`: relative specifiers only. */
function relativeImports(source: string): string[] {
  return [...source.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1]!);
}

const edges = sourceFiles(SRC).flatMap((file) =>
  relativeImports(readFileSync(file, 'utf8')).map((specifier) => ({
    from: path.relative(SRC, file),
    to: path.relative(SRC, path.resolve(path.dirname(file), specifier)),
    fromLayer: layerOf(file),
    toLayer: layerOf(path.resolve(path.dirname(file), specifier)),
  })),
);

describe('dependency direction (STYLE.md)', () => {
  it('reads the imports of every layer', () => {
    const layers = new Set(edges.map((e) => e.fromLayer));
    expect([...layers].sort()).toEqual(Object.keys(ALLOWED).sort());
  });

  it.each(Object.entries(ALLOWED))('%s imports only from %j', (layer, allowed) => {
    const wrong = edges
      .filter((e) => e.fromLayer === layer && !allowed.includes(e.toLayer))
      .map((e) => `${e.from} → ${e.to}`);
    expect(wrong).toEqual([]);
  });

  it('recognises static, type-only and dynamic imports', () => {
    const imports = relativeImports(
      "import { generate } from '../mock/generate/index.js';\nimport type { A } from '../a.js';\nconst m = await import('./x.js');",
    );
    expect(imports).toEqual(['../mock/generate/index.js', '../a.js', './x.js']);
  });
});
