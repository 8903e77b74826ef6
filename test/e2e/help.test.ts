import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, runCli } from './helpers.js';

describe('--help of the commands that read a Laravel project', () => {
  it.each(['generate', 'generate:optimized', 'watch', 'cache clear'])(
    '%s shows the default of --project once',
    async (command) => {
      const run = await runCli([...command.split(' '), '--help']);
      expect(run.code).toBe(0);
      const help = run.stdout.replace(/\s+/g, ' ');
      expect(help).toContain(
        '--project <dir> the Laravel project (default: the working directory) ',
      );
      expect(help).not.toContain('(default: ".")');
      expect(help.match(/\(default: the working directory\)/g)).toHaveLength(1);
    },
  );
});

describe('--version', () => {
  it.each([['--version'], ['-V']])('%s names the package and its version', async (flag) => {
    const run = await runCli([flag]);
    expect(run.code).toBe(0);
    const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(run.stdout).toBe(`laravel-apidoc ${version}\n`);
  });
});

describe('--help of contract testing', () => {
  it.each([
    [
      'verify',
      [
        '--url <backend>',
        '--spec <file>',
        '--bearer <token>',
        '--basic <user:password>',
        '--header <"Name: value">',
        '--operation <id>',
        '--pattern <pattern>',
        '--junit <file>',
        '--json <file>',
        '--timeout <ms>',
        '--dry-run',
      ],
    ],
    [
      'mock',
      [
        '--proxy <url>',
        '--proxy-strict',
        '--proxy-fallback',
        '--no-proxy-fallback',
        '--proxy-timeout <ms>',
        '--state-max-items <count>',
        '--allow-ref-outside',
        '--control-token <token>',
        '--no-control',
      ],
    ],
  ])('%s lists its options', async (command, options) => {
    const run = await runCli([command, '--help']);
    expect(run.code).toBe(0);
    for (const option of options) expect(run.stdout).toContain(`  ${option} `);
    expect(run.stdout).not.toContain('(default: [])');
  });

  it('the command list names verify', async () => {
    const run = await runCli(['--help']);
    expect(run.stdout).toMatch(/verify\|apidoc:verify \[options\] +Check a running backend/);
  });
});
