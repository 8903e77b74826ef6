// Runs in a child process: generates one app's document with the built library, then writes
// the document, the warnings and the figures to the file named on the command line. A child of
// its own per app, so that time and peak memory are those of one cold run.
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { pathToFileURL } from 'node:url';

const [dist, project, out, withFacts] = process.argv.slice(2);
const started = performance.now();
const { generateOpenApi } = await import(pathToFileURL(`${dist}/index.js`).href);
let result;
try {
  const generated = await generateOpenApi(project, { cache: false });
  result = {
    ok: true,
    document: generated.document,
    warnings: generated.warnings,
    stats: generated.stats,
  };
} catch (error) {
  result = { ok: false, error: String(error?.stack ?? error) };
}
result.ms = Math.round(performance.now() - started);
result.peakMB = Math.round(process.resourceUsage().maxRSS / 1024);
// What the app's own tests assert, read after the figures of the run above are taken.
if (result.ok && withFacts === 'facts') {
  const { extractFacts, usesRouteNames } = await import('./ground-truth/extract.mjs');
  // The route table costs a second reading of the project: only for tests that name routes.
  let routes = new Map();
  if (usesRouteNames(project)) {
    const { routeTable } = await import(pathToFileURL(`${dist}/index.js`).href);
    const named = (await routeTable(project)).filter((r) => r.name);
    routes = new Map(named.map((r) => [r.name, r.uri]));
  }
  result.tests = extractFacts(project, routes);
}
writeFileSync(out, JSON.stringify(result));
