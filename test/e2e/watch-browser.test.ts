import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, ROOT } from './helpers.js';
import { copyProject } from './generate-support.js';

/** Debian's chromium (`.ci/install-chromium.sh`); nothing is downloaded by the test. */
const CHROMIUM = '/usr/bin/chromium';
const REQUEST = 'app/Http/Requests/StoreProjectRequest.php';
/** Swagger UI's block of `POST /api/projects`, whose body is the StoreProjectRequest. */
const STORE = '.opblock-post:has([data-path="/api/projects"])';

const missing = !existsSync(CHROMIUM);
if (missing) {
  console.warn(
    `Skipping the browser test of apidoc watch: ${CHROMIUM} is missing (run .ci/install-chromium.sh).`,
  );
}

describe.skipIf(missing)('apidoc watch in a real browser (Debian chromium, headless)', () => {
  let project: string;
  let child: ChildProcess;
  let url: string;
  let browser: Browser;
  let page: Page;
  let original: string;
  const requested: string[] = [];
  let exited: Promise<number | null>;
  const request = () => path.join(project, REQUEST);
  const storeText = () => page.locator(STORE).innerText();

  beforeAll(async () => {
    project = copyProject(path.join(ROOT, 'examples/laravel-app'));
    original = readFileSync(request(), 'utf8');
    child = spawn(process.execPath, [CLI, 'watch', '--project', project, '--port', '0'], {
      env: { ...process.env, NO_COLOR: '1' },
    });
    exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    url = await new Promise<string>((resolve, reject) => {
      let stdout = '';
      child.stdout!.on('data', (d: Buffer) => {
        stdout += d.toString();
        const match = /API reference at (http:\/\/\S+)/.exec(stdout);
        if (match) resolve(match[1]!);
      });
      void exited.then((code) => reject(new Error(`apidoc watch exited with ${code}`)));
    });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    page = await browser.newPage();
    page.on('request', (r) => requested.push(r.url()));
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  it('renders the API reference with Swagger UI, from the page’s own server only', async () => {
    await page.goto(url);
    await page.locator('#apidoc-status[data-state="live"]').waitFor();
    await expect.poll(() => page.locator('.opblock').count()).toBe(14);
    expect(await page.title()).toBe('Tasks API · apidoc watch');
    await page.locator(`${STORE} .opblock-summary`).click();
    await page.locator(`${STORE} .body-param__example, ${STORE} .microlight`).first().waitFor();
    expect(await storeText()).toContain('due_on');
    expect(await storeText()).not.toContain('priority');
    expect(requested.filter((r) => !r.startsWith(url))).toEqual([]);
  });

  it('shows a field added to the FormRequest on disk, without reloading the page', async () => {
    await page.evaluate(() => ((globalThis as unknown as { marker: number }).marker = 42));
    writeFileSync(
      request(),
      original.replace(
        "'archived' => 'boolean',",
        "'archived' => 'boolean',\n            'priority' => 'required|integer|min:1',",
      ),
    );
    await expect.poll(storeText, { timeout: 10_000 }).toContain('priority');
    // The same page: a reload would have dropped the marker.
    expect(await page.evaluate(() => (globalThis as unknown as { marker?: number }).marker)).toBe(
      42,
    );
    expect(await page.locator('#apidoc-banner').isHidden()).toBe(true);
  });

  it('shows the error banner on a save that does not parse, over the last good document', async () => {
    writeFileSync(request(), `${original}\n<?php class {`);
    const banner = page.locator('#apidoc-banner');
    await banner.waitFor({ state: 'visible', timeout: 10_000 });
    expect(await banner.innerText()).toMatch(
      new RegExp(
        `^${REQUEST} does not parse: showing the last good document\\.\\n${REQUEST}:\\d+: cannot parse: `,
      ),
    );
    expect(await storeText()).toContain('priority');
  });

  it('hides the banner once the file is fixed', async () => {
    writeFileSync(request(), original);
    await page.locator('#apidoc-banner').waitFor({ state: 'hidden', timeout: 10_000 });
    await expect.poll(storeText, { timeout: 10_000 }).not.toContain('priority');
    expect(await page.evaluate(() => (globalThis as unknown as { marker?: number }).marker)).toBe(
      42,
    );
  });

  it('stops on SIGTERM (exit 0), and the page says it is disconnected', async () => {
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await page.locator('#apidoc-status[data-state="offline"]').waitFor();
  });
});
