import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A project's `.env`, read as Laravel's dotenv does for the simple cases: `KEY=value`, quoted
 * values, `#` comments, `${OTHER}` references.
 * @see https://github.com/vlucas/phpdotenv
 */
export function readEnv(projectDir: string): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(path.join(projectDir, '.env'), 'utf8');
  } catch {
    return {};
  }
  return parseEnv(text);
}

export function parseEnv(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.]*)\s*=\s*(.*)$/.exec(raw);
    if (!match) continue;
    env[match[1]!] = value(match[2]!, env);
  }
  return env;
}

function value(raw: string, env: Record<string, string>): string {
  const quoted = /^(["'])(.*)\1\s*(#.*)?$/.exec(raw.trim());
  if (quoted) {
    const inner = quoted[2]!;
    return quoted[1] === '"'
      ? interpolate(inner.replace(/\\n/g, '\n').replace(/\\"/g, '"'), env)
      : inner;
  }
  return interpolate(raw.replace(/\s+#.*$/, '').trim(), env);
}

function interpolate(text: string, env: Record<string, string>): string {
  return text.replace(
    /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g,
    (_, name: string) => env[name] ?? process.env[name] ?? '',
  );
}
