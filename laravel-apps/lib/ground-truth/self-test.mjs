// The extractor's self-test: facts read by hand in the apps' tests (CHECKED) must come out, and
// reads that say nothing (MUST_STAY_OUT) must not. See laravel-apps/README.md.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CHECKED, MUST_STAY_OUT } from './checked.mjs';
import { extractFacts, usesRouteNames } from './extract.mjs';

/** A fact as the checked list writes it: kind, `METHOD url` (`{?}` unknown), what, file:line. */
export const describeFact = (f) => [
  f.kind,
  `${f.request.method.toUpperCase()} ${f.request.url.replaceAll('\u0000', '{?}')}`,
  f.path ? `${f.anywhere ? '..' : ''}${f.path.join('.')}` : String(f.status ?? f.field),
  `${f.file}:${f.line}`,
];

/** `{ checked, failures }`: each failure a checked fact not found or a fact that must stay out. */
export async function selfTest(appsDir, dist) {
  const apps = [...new Set([...CHECKED, ...MUST_STAY_OUT].map((c) => c[0]))];
  const failures = [];
  for (const app of apps) {
    const dir = join(appsDir, app);
    let routes = new Map();
    if (CHECKED.some((c) => c[0] === app && c[5] === 'route') && usesRouteNames(dir)) {
      const { routeTable } = await import(pathToFileURL(join(dist, 'index.js')).href);
      routes = new Map((await routeTable(dir)).filter((r) => r.name).map((r) => [r.name, r.uri]));
    }
    const facts = extractFacts(dir, routes).facts.map((f) => describeFact(f).join(' | '));
    for (const [, kind, request, what, at] of CHECKED.filter((c) => c[0] === app)) {
      const want = [kind, request, what, at].join(' | ');
      if (!facts.includes(want)) failures.push(`${app}: not extracted: ${want}`);
    }
    for (const [, at, reason, path] of MUST_STAY_OUT.filter((c) => c[0] === app))
      for (const f of facts.filter((x) => x.endsWith(` | ${at}`)))
        if (path ? f.split(' | ')[2] === path : f.startsWith('property'))
          failures.push(`${app}: must stay out (${reason}): ${f}`);
  }
  return { checked: CHECKED.length, stayOut: MUST_STAY_OUT.length, failures };
}
