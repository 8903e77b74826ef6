import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';
// @ts-expect-error -- a plain ES module of the tool, without declarations
import { findAppsDir } from '../../laravel-apps/lib/apps.mjs';
// @ts-expect-error -- a plain ES module of the tool, without declarations
import { selfTest } from '../../laravel-apps/lib/ground-truth/self-test.mjs';

/**
 * The generator on the real Laravel applications (laravel-apps/run.mjs --check): every figure at
 * least as good as the committed laravel-apps/figures.json. The apps live outside the repository
 * (../shared/laravel-apps); where they are not on the machine, the test says so and is skipped.
 */
const apps = findAppsDir(ROOT) as string | undefined;

describe.skipIf(!apps)('the generator on real Laravel applications', () => {
  it('keeps every committed figure', async () => {
    const { code, stdout, stderr } = await new Promise<{
      code: number;
      stdout: string;
      stderr: string;
    }>((resolve) => {
      execFile(
        process.execPath,
        [path.join(ROOT, 'laravel-apps/run.mjs'), '--check', '--details', '-'],
        { cwd: ROOT, maxBuffer: 16 * 2 ** 20 },
        (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
    expect(code, `${stdout}\n${stderr}`).toBe(0);
    expect(stdout).toContain('Against the authors');
    expect(stdout).toContain("Against what the apps' own tests assert");
  }, 600_000);

  it("extracts every hand-checked fact from the apps' tests, and nothing that must stay out", async () => {
    const { checked, failures } = (await selfTest(apps, path.join(ROOT, 'dist'))) as {
      checked: number;
      failures: string[];
    };
    expect(checked).toBeGreaterThanOrEqual(50);
    expect(failures).toEqual([]);
  }, 120_000);
});

if (!apps)
  console.warn('laravel-apps: ../shared/laravel-apps is not on this machine; its test is skipped.');
