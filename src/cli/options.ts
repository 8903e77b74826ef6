import { Option } from 'commander';
import { statSync } from 'node:fs';
import path from 'node:path';
import { UserError } from '../core/errors.js';
import { checkWritable } from '../core/write-atomic.js';

/** Parsers for option values: one clear line naming the option and what it accepts, exit 2. */
export function parsePort(value: string, flag = '--port'): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isInteger(n) || n < 0 || n > 65535) {
    throw usage(
      `Invalid value for ${flag}: "${value}". Use an integer from 0 to 65535 (0 picks a free port).`,
    );
  }
  return n;
}

export function parseNonNegativeInt(value: string, flag: string, unit = ''): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n)) {
    throw usage(`Invalid value for ${flag}: "${value}". Use a whole number${unit} of 0 or more.`);
  }
  return n;
}

export function parsePositiveInt(value: string, flag: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < 1) {
    throw usage(`Invalid value for ${flag}: "${value}". Use a whole number of 1 or more.`);
  }
  return n;
}

/** The longest wait a Node timer keeps (about 24.8 days): longer ones fire at once. */
export const MAX_TIMER_MS = 2_147_483_647;

/** A duration in milliseconds, 1 or more and no longer than a timer can wait. */
export function parseMilliseconds(value: string, flag: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < 1 || n > MAX_TIMER_MS) {
    throw usage(
      `Invalid value for ${flag}: "${value}". Use a whole number of milliseconds from 1 to ${MAX_TIMER_MS}.`,
    );
  }
  return n;
}

export function parseChoice<T extends string>(
  value: string,
  flag: string,
  choices: readonly T[],
): T {
  if ((choices as readonly string[]).includes(value)) return value as T;
  throw usage(`Invalid value for ${flag}: "${value}". Use one of: ${choices.join(', ')}.`);
}

export function parseHost(value: string): string {
  if (value.trim() === '' || /\s|\//.test(value)) {
    throw usage(
      `Invalid value for --host: "${value}". Use an address such as 127.0.0.1, 0.0.0.0 or localhost.`,
    );
  }
  return value;
}

/** An absolute http(s) URL, without its trailing slashes (`--base-url`, `--proxy`, `--url`). */
export function parseBaseUrl(
  value: string,
  flag = '--base-url',
  example = 'http://127.0.0.1:8081',
): string {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw usage(
      `Invalid value for ${flag}: "${value}". Use an absolute http(s) URL such as ${example}.`,
    );
  }
  return value.replace(/\/+$/, '');
}

export function usage(message: string): UserError {
  return new UserError(message, undefined, 2);
}

/** `--project <dir>`, shared by every command that reads a Laravel project; `.` by default. */
export function projectOption(): Option {
  return new Option('--project <dir>', 'the Laravel project').default('.', 'the working directory');
}

/** `--project`: an existing directory, resolved. */
export function parseProjectDir(dir: string): string {
  if (dir.trim() === '')
    throw usage('Invalid value for --project: "". Name the Laravel project directory.');
  const resolved = path.resolve(dir);
  if (!statSync(resolved, { throwIfNoEntry: false })?.isDirectory()) {
    throw usage(
      `Invalid value for --project: "${dir}" is not a directory. Name the Laravel project directory.`,
    );
  }
  return resolved;
}

/** Every `--pattern` names something. */
export function checkPatterns(patterns: readonly string[]): void {
  for (const pattern of patterns) {
    if (pattern.trim() === '')
      throw usage('Invalid value for --pattern: "". Use a route URI pattern such as "api/users*".');
  }
}

/**
 * `--output` (as given, for the message; `resolved`, where it points) is not a directory and its
 * parent can be written: checked before the work, so a mistake costs no wait.
 */
export function checkOutputFile(
  given: string | undefined,
  resolved: string,
  flag = '--output',
): void {
  checkWritable(given ?? resolved, resolved, flag);
}
