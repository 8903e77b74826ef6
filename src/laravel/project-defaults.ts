import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from './env.js';

/** What Laravel's skeleton ships, which names no application. */
const SKELETON_NAMES = new Set(['laravel/laravel', 'laravel/lumen']);
const SKELETON_APP_NAMES = new Set(['Laravel', 'Lumen']);
const SKELETON_DESCRIPTIONS = [/^The Laravel Framework\.?$/i, /^The skeleton application for/i];

/** The document's title, version, description and server when `config/apidoc.php` sets none. */
export interface ProjectDefaults {
  title: string;
  version: string;
  description?: string;
  url: string;
}

/**
 * Defaults from what the project ships, in order: `.env`, else `.env.example` (`APP_NAME`,
 * `APP_URL`), else `composer.json` (`name` as a title, `description`, `version`); Laravel's
 * skeleton values (`APP_NAME=Laravel`, `laravel/laravel`) name no application and are passed over.
 */
export function projectDefaults(projectDir: string, env: Record<string, string>): ProjectDefaults {
  const example = readText(path.join(projectDir, '.env.example'));
  const fallback = example === undefined ? {} : parseEnv(example);
  const pick = (key: string) =>
    [env[key], fallback[key]].find(
      (v) => v !== undefined && v !== '' && !SKELETON_APP_NAMES.has(v),
    );
  const composer = readComposer(projectDir);
  const appName = pick('APP_NAME') ?? titleOf(composer.name);
  const defaults: ProjectDefaults = {
    title: appName ? (/\bAPI$/i.test(appName) ? appName : `${appName} API`) : 'Laravel API',
    version: composer.version ?? '1.0.0',
    url: (pick('APP_URL') ?? 'http://localhost').replace(/\/+$/, ''),
  };
  const description = composer.description;
  if (description && !SKELETON_DESCRIPTIONS.some((s) => s.test(description)))
    defaults.description = description;
  return defaults;
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function readComposer(projectDir: string): {
  name?: string;
  description?: string;
  version?: string;
} {
  const text = readText(path.join(projectDir, 'composer.json'));
  if (text === undefined) return {};
  try {
    const json = JSON.parse(text) as Record<string, unknown>;
    const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
    return { name: str(json.name), description: str(json.description), version: str(json.version) };
  } catch {
    return {};
  }
}

/** `grumpydictator/firefly-iii` → "Firefly III"; the skeleton's name → none. */
function titleOf(name: string | undefined): string | undefined {
  if (!name || SKELETON_NAMES.has(name)) return undefined;
  const pkg = name.split('/').pop() ?? name;
  const words = pkg.split(/[-_.\s]+/).filter(Boolean);
  if (words.length === 0) return undefined;
  return words
    .map((w) => (/^[ivx]+$/i.test(w) ? w.toUpperCase() : w[0]!.toUpperCase() + w.slice(1)))
    .join(' ');
}
