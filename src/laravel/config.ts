import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Finding } from '../core/errors.js';
import type { SecuritySchemeObject } from '../core/types.js';
import { readEnv } from './env.js';
import { projectDefaults } from './project-defaults.js';
import { analyseFile } from './facts/analyse-file.js';
import { toPlain } from './php/plain.js';

/** What `config/apidoc.php` (or a laravel-spectrum `config/spectrum.php`) sets, with defaults. */
export interface ApidocConfig {
  /**
   * `title`, else `APP_NAME` + " API" (from `.env`, else `.env.example`), else composer.json's
   * `name` + " API", else "Laravel API" (see `project-defaults.ts`).
   */
  title: string;
  /** `version`, else composer.json's `version`, else "1.0.0". */
  version: string;
  /** `description`, else composer.json's `description` (not the skeleton's). */
  description?: string;
  /**
   * `servers`, else one server at `APP_URL` (`.env`, else `.env.example`), else
   * `http://localhost` (the paths carry `/api` themselves).
   */
  servers: { url: string; description?: string }[];
  /** `route_patterns`: only routes whose URI matches one (Str::is); empty: every route. */
  routePatterns: string[];
  /**
   * `api_prefix`: the URI prefixes of the API (a string or a list; `*` for every route). Routes
   * of the application's API route file are always part of it. Default: the application's own
   * API prefix (`withRouting(apiPrefix:)`), else `api`.
   */
  apiPrefixes?: string[];
  /** `excluded_routes`: URIs (Str::is patterns) or route names left out. */
  excludedRoutes: string[];
  /** `tags`: URI pattern, controller class or controller short name → tag. */
  tags: Record<string, string>;
  /** `security_schemes` (or spectrum's `authentication.custom_schemes`): middleware → scheme. */
  securitySchemes: Record<string, SecuritySchemeObject>;
  /** `cache.directory`, absolute; default `storage/app/spectrum/cache`. */
  cacheDir: string;
  /** `cache.enabled`, default true. */
  cacheEnabled: boolean;
  /** `watch.paths`, project-relative (for `apidoc watch`). */
  watchPaths: string[];
  /** The file the settings came from, if any. */
  source?: string;
}

export const CONFIG_FILES = ['config/apidoc.php', 'config/spectrum.php'];
export const DEFAULT_CACHE_DIR = 'storage/app/spectrum/cache';
const DEFAULT_WATCH = [
  'app/Http/Controllers',
  'app/Http/Requests',
  'app/Http/Resources',
  'app/Models',
  'database/migrations',
  'routes',
  'config/apidoc.php',
];

/** Reads the project's configuration statically; problems with it are findings, not errors. */
export function readConfig(projectDir: string, warnings: Finding[] = []): ApidocConfig {
  const env = readEnv(projectDir);
  const source = CONFIG_FILES.find((f) => existsSync(path.join(projectDir, f)));
  let raw: Record<string, unknown> = {};
  if (source) {
    const facts = analyseFile(readFileSync(path.join(projectDir, source), 'utf8'), source);
    if (facts.error)
      warnings.push({ file: source, line: facts.error.line, message: facts.error.message });
    const value = toPlain(facts.returns, { env, projectDir });
    if (value && typeof value === 'object' && !Array.isArray(value))
      raw = value as Record<string, unknown>;
    else if (!facts.error)
      warnings.push({ file: source, message: 'the file does not return an array; using defaults' });
  }
  return resolveConfig(raw, env, projectDir, source);
}

function resolveConfig(
  raw: Record<string, unknown>,
  env: Record<string, string>,
  projectDir: string,
  source?: string,
): ApidocConfig {
  const defaults = projectDefaults(projectDir, env);
  const cache = record(raw.cache);
  const auth = record(raw.authentication);
  const config: ApidocConfig = {
    title: str(raw.title) ?? defaults.title,
    version: str(raw.version) ?? defaults.version,
    servers: servers(raw.servers) ?? [{ url: defaults.url }],
    routePatterns: strings(raw.route_patterns),
    excludedRoutes: strings(raw.excluded_routes),
    tags: Object.fromEntries(
      Object.entries(record(raw.tags)).filter(
        (e): e is [string, string] => typeof e[1] === 'string',
      ),
    ),
    securitySchemes: schemes({ ...record(auth.custom_schemes), ...record(raw.security_schemes) }),
    cacheDir: path.resolve(projectDir, str(cache.directory) ?? DEFAULT_CACHE_DIR),
    cacheEnabled: cache.enabled !== false,
    watchPaths: strings(record(raw.watch).paths).map(
      (p) => path.relative(projectDir, path.resolve(projectDir, p)) || '.',
    ),
  };
  if (config.watchPaths.length === 0) config.watchPaths = DEFAULT_WATCH;
  const prefixes = raw.api_prefix === '' ? [''] : strings(raw.api_prefix);
  if (prefixes.length > 0) config.apiPrefixes = prefixes;
  const description = str(raw.description) ?? defaults.description;
  if (description) config.description = description;
  if (source) config.source = source;
  return config;
}

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function servers(value: unknown): ApidocConfig['servers'] | undefined {
  if (!Array.isArray(value)) return typeof value === 'string' ? [{ url: value }] : undefined;
  const list = value.flatMap((s) => {
    if (typeof s === 'string') return [{ url: s }];
    const r = record(s);
    const url = str(r.url);
    if (!url) return [];
    const description = str(r.description);
    return [description ? { url, description } : { url }];
  });
  return list.length > 0 ? list : undefined;
}

const SCHEME_TYPES = new Set(['apiKey', 'http', 'oauth2', 'openIdConnect']);

function schemes(value: Record<string, unknown>): Record<string, SecuritySchemeObject> {
  const out: Record<string, SecuritySchemeObject> = {};
  for (const [middleware, entry] of Object.entries(value)) {
    const r = record(entry);
    const type = str(r.type);
    if (!type || !SCHEME_TYPES.has(type)) continue;
    const scheme: SecuritySchemeObject = { type: type as SecuritySchemeObject['type'] };
    for (const key of ['name', 'in', 'scheme', 'bearerFormat', 'description'] as const) {
      const v = str(r[key]);
      if (v) (scheme as unknown as Record<string, string>)[key] = v;
    }
    out[middleware] = scheme;
  }
  return out;
}
