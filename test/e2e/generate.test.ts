import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../src/core/types.js';
import { ROOT, runCli, type Run } from './helpers.js';
import {
  LARAVEL_11,
  LARAVEL_8,
  MINI,
  openApiProblems,
  readJson,
  snapshotText,
  tempDir,
} from './generate-support.js';

const normalise = (text: string) =>
  text.replaceAll(ROOT, '<root>').replace(/\d+\.\d\d s/, '<time> s');

describe.each([
  ['laravel-8', LARAVEL_8],
  ['laravel-11', LARAVEL_11],
  ['laravel-mini-legacy-spectrum', path.join(MINI, 'legacy-spectrum')],
])('apidoc generate on the %s fixture', (name, project) => {
  let run: Run;
  let document: OpenApiDocument;
  let out: string;
  beforeAll(async () => {
    out = path.join(tempDir(), 'openapi.json');
    run = await runCli(['generate', '--project', project, '--output', out, '--no-cache']);
    document = readJson(out);
  });

  it('exits 0 and prints a summary line on stdout', () => {
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^Wrote .*openapi\.json: \d+ operations, \d+ schemas, \d+ warnings? in \d+\.\d\d s/,
    );
  });

  it('writes a valid OpenAPI 3.0.3 document', () => {
    expect(document.openapi).toBe('3.0.3');
    expect(openApiProblems(document)).toEqual([]);
  });

  it('matches the committed snapshot', async () => {
    await expect(snapshotText(document)).toMatchFileSnapshot(
      `./__snapshots__/generate-${name}.openapi.yaml`,
    );
  });

  it('is deterministic: a second run writes the same bytes', async () => {
    const again = path.join(tempDir(), 'openapi.json');
    await runCli(['generate', '--project', project, '--output', again, '--no-cache']);
    expect(readFileSync(again, 'utf8')).toBe(readFileSync(out, 'utf8'));
  });

  it('leaves no temporary file beside the output', () => {
    expect(readdirSync(path.dirname(out))).toEqual(['openapi.json']);
  });

  it('prints its warnings on stderr with file and line', () => {
    expect(normalise(run.stderr)).toMatchSnapshot();
  });
});

describe('a file that does not parse', () => {
  it('still writes the document and names the file and line', async () => {
    const out = path.join(tempDir(), 'openapi.json');
    const run = await runCli(['generate', '--project', LARAVEL_11, '--output', out, '--no-cache']);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(
      /Warning: app\/Http\/Controllers\/BrokenController\.php:\d+: cannot parse: /,
    );
    const document = readJson(out);
    expect(document.paths?.['/api/v2/legacy/exports']?.get).toBeDefined();
    expect(Object.keys(document.paths ?? {}).length).toBeGreaterThan(10);
  });
});

describe('options', () => {
  it('--pattern keeps only matching routes (Str::is), and is repeatable', async () => {
    const out = path.join(tempDir(), 'openapi.json');
    const run = await runCli([
      'generate',
      '--project',
      LARAVEL_8,
      '--output',
      out,
      '--no-cache',
      '--pattern',
      'api/users*',
      '--pattern',
      'api/health',
    ]);
    expect(run.code).toBe(0);
    expect(Object.keys(readJson(out).paths ?? {})).toEqual([
      '/api/health',
      '/api/users',
      '/api/users/{user}',
      '/api/users/{user}/avatar',
    ]);
  });

  it('--format yaml, and YAML chosen from the output extension', async () => {
    const dir = tempDir();
    await runCli([
      'generate',
      '--project',
      LARAVEL_8,
      '--output',
      path.join(dir, 'a.json'),
      '--format',
      'yaml',
      '--no-cache',
    ]);
    await runCli([
      'generate',
      '--project',
      LARAVEL_8,
      '--output',
      path.join(dir, 'b.yaml'),
      '--no-cache',
    ]);
    const a = parse(readFileSync(path.join(dir, 'a.json'), 'utf8')) as OpenApiDocument;
    const b = parse(readFileSync(path.join(dir, 'b.yaml'), 'utf8')) as OpenApiDocument;
    expect(a.openapi).toBe('3.0.3');
    expect(b).toEqual(a);
  });

  it('writes storage/app/spectrum/openapi.json under the project by default (the mock’s default --spec)', async () => {
    const { copyProject } = await import('./generate-support.js');
    const project = copyProject(LARAVEL_8);
    const run = await runCli(['apidoc:generate', '--no-cache'], { cwd: project });
    expect(run.code).toBe(0);
    expect(existsSync(path.join(project, 'storage/app/spectrum/openapi.json'))).toBe(true);
  });

  it.each([
    [
      '--format',
      ['--format', 'xml'],
      /Invalid value for --format: "xml". Use one of: json, yaml\./,
    ],
    [
      '--project',
      ['--project', '/nonexistent/app'],
      /Invalid value for --project: "\/nonexistent\/app" is not a directory/,
    ],
    ['--pattern', ['--pattern', ''], /Invalid value for --pattern/],
    ['--output', ['--output', '.'], /Invalid value for --output: "\." is a directory/],
    [
      '--incremental with --no-cache',
      ['--incremental', '--no-cache'],
      /--incremental needs the cache/,
    ],
    ['an unknown option', ['--bogus'], /unknown option '--bogus'/],
  ])('refuses a bad %s with one line and exit code 2', async (_name, args, message) => {
    const run = await runCli(['generate', '--project', LARAVEL_8, ...args]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
  });
});
