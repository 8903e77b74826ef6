import type { Finding } from '../core/errors.js';
import type { OpenApiDocument } from '../core/types.js';
import type { AssemblyStore } from './assembly-cache.js';
import type { ApidocConfig } from './config.js';
import { createAssembly } from './model/assembly.js';
import { operationsFor } from './route-operations.js';
import { SecuritySchemes } from './security/requirements.js';
import { composeDocument, paths } from './emit/document.js';
import type { FileFacts } from './facts/types.js';
import type { ClassIndex } from './project/classes.js';
import { documentedRoutes } from './routes/select.js';
import type { Route } from './routes/types.js';

export interface BuildInput {
  files: ReadonlyMap<string, FileFacts>;
  classes: ClassIndex;
  config: ApidocConfig;
  /** `--pattern`: only routes whose URI matches one of these (Str::is). */
  patterns: readonly string[];
  /** Where routes' operations are kept between runs, given the key of everything global. */
  store?: (globalKey: string) => AssemblyStore;
}

export interface BuiltDocument {
  document: OpenApiDocument;
  warnings: Finding[];
  routes: Route[];
}

/**
 * The global assembly: from every file's facts to one OpenAPI 3.0.3 document. Cheap (no parsing)
 * and deterministic: paths, components and tags are sorted, names never depend on the order
 * files were read in.
 * @see https://spec.openapis.org/oas/v3.0.3
 */
export function buildDocument(input: BuildInput): BuiltDocument {
  const { files, classes, config } = input;
  const warnings: Finding[] = parseWarnings(files);
  const { asm, resources, globalKey } = createAssembly(files, classes, config, warnings);
  const store = input.store?.(globalKey);
  const security = new SecuritySchemes(config.securitySchemes, asm);
  const routes = documentedRoutes(
    files,
    classes,
    config,
    input.patterns,
    asm.configValue,
    warnings,
  );
  const built = routes.map((route) => operationsFor(route, { asm, resources, security }, store));
  store?.flush();
  const pathItems = paths(
    built.flatMap((b) => b.ops),
    warnings,
  );
  const document = composeDocument(config, pathItems, asm, security);
  return { document, warnings: sortFindings(warnings), routes };
}

function parseWarnings(files: ReadonlyMap<string, FileFacts>): Finding[] {
  return [...files].flatMap(([file, facts]) =>
    facts.error
      ? [{ file, line: facts.error.line, message: `cannot parse: ${facts.error.message}` }]
      : [],
  );
}

export function sortFindings(findings: Finding[]): Finding[] {
  const key = (f: Finding) =>
    `${f.file ?? ''}\u0000${String(f.line ?? 0).padStart(8, '0')}\u0000${f.message}`;
  const unique = new Map(findings.map((f) => [key(f), f]));
  return [...unique.keys()].sort().map((k) => unique.get(k)!);
}
