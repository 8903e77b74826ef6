import path from 'node:path';
import type { OpenApiDocument } from '../../../src/core/types.js';
import { buildDocument } from '../../../src/laravel/build-document.js';
import type { ApidocConfig } from '../../../src/laravel/config.js';
import { analyseFile } from '../../../src/laravel/facts/analyse-file.js';
import type { FileFacts } from '../../../src/laravel/facts/types.js';
import { evaluate } from '../../../src/laravel/php/evaluate.js';
import { addUse, emptyScope } from '../../../src/laravel/php/names.js';
import { parsePhp } from '../../../src/laravel/php/parse.js';
import type { Node } from '../../../src/laravel/php/ast.js';
import type { PhpValue } from '../../../src/laravel/php/value.js';
import { ClassIndex } from '../../../src/laravel/project/classes.js';
import { TypeEngine } from '../../../src/laravel/infer/engine.js';
import { ModelCatalog } from '../../../src/laravel/models/catalog.js';
import type { Finding } from '../../../src/core/errors.js';

/** Evaluates one PHP expression, with `use` lines and a namespace if given. */
export function evalPhp(expression: string, header = ''): PhpValue {
  const parsed = parsePhp(`<?php ${header}\n$__ = ${expression};`, 'test.php');
  if (!parsed.ok) throw new Error(parsed.error.message);
  const scope = emptyScope();
  let statements = parsed.program.children as Node[];
  const ns = statements.find((s) => s.kind === 'namespace');
  if (ns) {
    scope.namespace = String(ns.name);
    statements = ns.children as Node[];
  }
  for (const s of statements) if (s.kind === 'usegroup') addUse(scope, s);
  const assign = statements.find((s) => s.kind === 'expressionstatement')!.expression as Node;
  return evaluate(assign.right as Node, { scope });
}

export const CONFIG: ApidocConfig = {
  title: 'Test API',
  version: '1.0.0',
  servers: [{ url: 'http://localhost' }],
  routePatterns: [],
  excludedRoutes: [],
  tags: {},
  securitySchemes: {},
  cacheDir: path.join('/tmp', 'apidoc-unused'),
  cacheEnabled: false,
  watchPaths: [],
};

export interface Built {
  document: OpenApiDocument;
  warnings: Finding[];
  files: Map<string, FileFacts>;
}

/** The document a set of in-memory project files gives (no disk, no cache). */
export function documentOf(
  sources: Record<string, string>,
  config: Partial<ApidocConfig> = {},
  patterns: string[] = [],
): Built {
  const files = new Map(
    Object.entries(sources).map(([file, code]) => [
      file,
      JSON.parse(JSON.stringify(analyseFile(code, file))) as FileFacts,
    ]),
  );
  const built = buildDocument({
    files,
    classes: new ClassIndex(files),
    config: { ...CONFIG, ...config },
    patterns,
  });
  return { document: built.document, warnings: built.warnings, files };
}

/** `METHOD /path` for every operation, in document order. */
export function operations(document: OpenApiDocument): string[] {
  return Object.entries(document.paths ?? {}).flatMap(([p, item]) =>
    Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`),
  );
}

/** A routes/api.php with the usual header. */
export function routesFile(body: string, uses = ''): string {
  return `<?php\nuse Illuminate\\Support\\Facades\\Route;\n${uses}\n${body}\n`;
}

/** A controller class in App\Http\Controllers. */
export function controller(name: string, body: string, uses = ''): string {
  return `<?php\nnamespace App\\Http\\Controllers;\n\nuse Illuminate\\Http\\Request;\n${uses}\nclass ${name} extends Controller\n{\n${body}\n}\n`;
}

/** A type engine over PHP sources (path → source), with settings for `config()`. */
export function engineOf(
  sources: Record<string, string>,
  config: Record<string, PhpValue> = {},
): { engine: TypeEngine; classes: ClassIndex } {
  const files = new Map<string, FileFacts>(
    Object.entries(sources).map(([path, source]) => [path, analyseFile(source, path)]),
  );
  const classes = new ClassIndex(files);
  const engine = new TypeEngine({
    classes,
    models: new ModelCatalog(classes, { get: () => undefined }),
    macros: [],
    configValue: (key) => config[key],
    resourceModel: () => undefined,
  });
  return { engine, classes };
}
