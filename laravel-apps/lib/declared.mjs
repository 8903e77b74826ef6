// Routes the app's API route files declare, read with a plain pattern (independently of the
// generator), and those the generated document leaves out: "routes not documented".
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { basePath, operations, normalisePath } from './openapi.mjs';

/**
 * `Route::get('users/{id}', ...)`, `$router->post('/incidents', ...)`: one verb, a literal URI.
 * Resources, `match`, `any` and URIs built at run time are not counted (the generator's own
 * tests cover them); what is counted is certain to be a route.
 */
const VERB_ROUTE =
  /(?:Route::|\$router->|\$route->)(get|post|put|patch|delete)\(\s*(['"])([^'"]*)\2/g;

/** The API route files of an app (`routes/api.php` and `routes/api/**` unless it says otherwise). */
function routeFiles(dir, patterns) {
  const out = [];
  for (const pattern of patterns) {
    const path = join(dir, pattern);
    if (!existsSync(path)) continue;
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path, { recursive: true }))
        if (String(entry).endsWith('.php')) out.push(join(path, String(entry)));
    } else out.push(path);
  }
  return out;
}

/** `[{ method, uri, where }]` for each literal verb route of the API route files. */
export function declaredRoutes(dir, patterns = ['routes/api.php', 'routes/api']) {
  const routes = [];
  for (const file of routeFiles(dir, patterns)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(VERB_ROUTE)) {
      const line = text.slice(0, match.index).split('\n').length;
      // A commented-out route is no route.
      const lineText = text.split('\n')[line - 1] ?? '';
      if (/^\s*(\/\/|#|\*)/.test(lineText)) continue;
      routes.push({
        method: match[1].toUpperCase(),
        uri: match[3],
        where: `${relative(dir, file)}:${line}`,
      });
    }
  }
  return routes;
}

/** `{users}/{id?}` → `{}/{}`, without leading or trailing slashes. */
const shape = (uri) =>
  normalisePath(`/${uri}`)
    .replace(/\{[^}]*\}/g, '{}')
    .replace(/^\/+|\/+$/g, '');

/**
 * The declared routes no operation of the document answers: same method, and a path that ends
 * with the declared URI (group prefixes are not read here). `where` says which line declares it.
 */
export function undocumentedRoutes(declared, doc) {
  const base = basePath(doc);
  const documented = new Map();
  for (const op of operations(doc)) {
    const method = op.method.toUpperCase();
    if (!documented.has(method)) documented.set(method, []);
    documented.get(method).push(shape(base + op.path));
  }
  return declared
    .filter((route) => {
      const uri = shape(route.uri);
      const paths = documented.get(route.method) ?? [];
      return !paths.some((p) => p === uri || p.endsWith(`/${uri}`) || uri === '');
    })
    .map((route) => `${route.method} ${route.uri} (${route.where})`);
}
