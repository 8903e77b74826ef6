import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * STYLE.md: dependencies point one way, `cli → mock | laravel | export | watch | verify → core`
 * (verify builds its requests as the exporters do: `verify → export`), with the
 * package's entry modules (`src/*.ts`) free to compose them. Read from the source's imports.
 */
const SRC = path.resolve(import.meta.dirname, '../../src');

const ALLOWED: Record<string, readonly string[]> = {
  core: ['core'],
  mock: ['mock', 'core'],
  laravel: ['laravel', 'core'],
  export: ['export', 'core'],
  watch: ['watch', 'core'],
  verify: ['verify', 'export', 'core'],
  cli: ['cli', 'mock', 'laravel', 'export', 'watch', 'verify', 'core', '(entry)'],
  '(entry)': ['cli', 'mock', 'laravel', 'export', 'watch', 'verify', 'core', '(entry)'],
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

/** Files that import each other, directly or through others: the strongly connected components. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

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

  it('has no import cycle, not even through type-only imports (STYLE.md 13)', () => {
    const graph = new Map<string, string[]>();
    for (const e of edges) {
      const to = e.to.replace(/\.js$/, '.ts');
      graph.set(e.from, [...(graph.get(e.from) ?? []), to]);
    }
    expect(cycles(graph)).toEqual([]);
  });

  it.each([
    ['none', { 'a.ts': ['b.ts'], 'b.ts': [] }, []],
    ['two files', { 'a.ts': ['b.ts'], 'b.ts': ['a.ts'] }, [['a.ts', 'b.ts']]],
    [
      'through a third',
      { 'a.ts': ['b.ts'], 'b.ts': ['c.ts'], 'c.ts': ['a.ts'] },
      [['a.ts', 'b.ts', 'c.ts']],
    ],
    ['a file importing itself', { 'a.ts': ['a.ts'] }, [['a.ts']]],
  ] as const)('finds cycles: %s', (_name, given, want) => {
    const graph = new Map(Object.entries(given).map(([k, v]) => [k, [...v]]));
    expect(cycles(graph)).toEqual(want);
  });

  it('recognises static, type-only and dynamic imports', () => {
    const imports = relativeImports(
      "import { generate } from '../mock/generate/index.js';\nimport type { A } from '../a.js';\nconst m = await import('./x.js');",
    );
    expect(imports).toEqual(['../mock/generate/index.js', '../a.js', './x.js']);
  });
});
