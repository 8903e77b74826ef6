import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers.js';
import { copyProject, LARAVEL_8, tempDir } from './generate-support.js';

const CACHE = 'storage/app/spectrum/cache';

function analysed(stdout: string): number {
  const match = /(\d+) files?, (\d+) analysed/.exec(stdout);
  if (!match) throw new Error(`no summary line in: ${stdout}`);
  return Number(match[2]);
}

describe('the analysis cache', () => {
  let project: string;
  const out = (name: string) => path.join(tempDir(), name);
  beforeAll(() => {
    project = copyProject(LARAVEL_8);
  });

  it('a cold run analyses every file; a warm run none, and writes the same bytes', async () => {
    const cold = out('cold.json');
    const warm = out('warm.json');
    const first = await runCli(['generate', '--project', project, '--output', cold]);
    expect(first.code).toBe(0);
    expect(analysed(first.stdout)).toBeGreaterThan(50);
    expect(existsSync(path.join(project, CACHE))).toBe(true);
    const second = await runCli(['generate', '--project', project, '--output', warm]);
    expect(analysed(second.stdout)).toBe(0);
    expect(readFileSync(warm, 'utf8')).toBe(readFileSync(cold, 'utf8'));
  });

  /**
   * Edits a file of the project, runs `--incremental` and a run without the cache: the two
   * documents must be the same bytes. Returns the incremental run and its document.
   */
  async function incrementalAfter(
    file: string,
    from: string,
    to: string,
  ): Promise<{ stdout: string; document: string }> {
    const full = path.join(project, file);
    writeFileSync(full, readFileSync(full, 'utf8').replace(from, to));
    const incremental = out(`incremental-${path.basename(file)}.json`);
    const run = await runCli([
      'generate',
      '--project',
      project,
      '--output',
      incremental,
      '--incremental',
    ]);
    expect(run.code).toBe(0);
    const cold = out(`cold-${path.basename(file)}.json`);
    await runCli(['generate', '--project', project, '--output', cold, '--no-cache']);
    const document = readFileSync(incremental, 'utf8');
    expect(document).toBe(readFileSync(cold, 'utf8'));
    return { stdout: run.stdout, document };
  }

  it('--incremental re-analyses only the changed file, and equals a cold run', async () => {
    const run = await incrementalAfter(
      'app/Http/Resources/CategoryResource.php',
      "'name' => $this->name,",
      "'name' => $this->name,\n            'label' => strtoupper($this->name),",
    );
    expect(analysed(run.stdout)).toBe(1);
    expect(run.stdout).toMatch(/\(\d+ files, 1 analysed\)\n$/);
    expect(run.document).toContain('"label"');
  });

  it('--incremental after a route file changed equals a cold run', async () => {
    const run = await incrementalAfter(
      'routes/api.php',
      "->name('search')",
      "->name('search.everything')",
    );
    expect(analysed(run.stdout)).toBe(1);
    expect(run.document).toContain('"search.everything"');
  });

  it('--no-cache neither reads nor writes the cache', async () => {
    const fresh = copyProject(LARAVEL_8);
    const run = await runCli([
      'generate',
      '--project',
      fresh,
      '--output',
      out('x.json'),
      '--no-cache',
    ]);
    expect(run.code).toBe(0);
    expect(analysed(run.stdout)).toBeGreaterThan(50);
    expect(existsSync(path.join(fresh, CACHE))).toBe(false);
  });

  it('cache clear says how much it removed, and is safe when there is nothing', async () => {
    const first = await runCli(['cache', 'clear', '--project', project]);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(
      /^Cleared the analysis cache: removed \d+ files \([\d.]+ (B|KB|MB)\) from .*storage\/app\/spectrum\/cache\.\n$/,
    );
    expect(existsSync(path.join(project, CACHE))).toBe(false);
    const again = await runCli(['apidoc:cache', 'clear', '--project', project]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^Analysis cache is already empty/);
    const run = await runCli([
      'generate',
      '--project',
      project,
      '--output',
      out('after-clear.json'),
    ]);
    expect(analysed(run.stdout)).toBeGreaterThan(50);
  });

  it('a cache that cannot be written is a warning, and the document is still written', async () => {
    const fresh = copyProject(LARAVEL_8);
    mkdirSync(path.join(fresh, 'storage/app/spectrum'), { recursive: true });
    writeFileSync(path.join(fresh, CACHE), 'not a directory');
    const output = out('unwritable.json');
    const run = await runCli(['generate', '--project', fresh, '--output', output]);
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(
      /Warning: storage\/app\/spectrum\/cache: cannot write the analysis cache \(ENOTDIR\)/,
    );
    expect(existsSync(output)).toBe(true);
  });
});
