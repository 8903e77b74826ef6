// Class lookup across the tests and, lazily through composer.json's PSR-4 roots, the app's own
// classes (for their constants: `Role::ADMIN`, `self::URL`).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { indexTests } from './parse.mjs';

export function classLookup(appDir, testIndex) {
  const roots = psr4Roots(appDir);
  const appClasses = new Map();
  const find = (fqcn) => {
    if (!fqcn) return undefined;
    const key = fqcn.toLowerCase();
    const known = testIndex.classes.get(key) ?? appClasses.get(key);
    if (known || appClasses.has(key)) return known;
    appClasses.set(key, undefined);
    for (const [prefix, dir] of roots) {
      if (!fqcn.startsWith(prefix)) continue;
      const rel = join(dir, fqcn.slice(prefix.length).replaceAll('\\', '/') + '.php');
      if (!existsSync(join(appDir, rel))) continue;
      const found = indexTests(appDir, [rel]).classes;
      for (const [k, v] of found) appClasses.set(k, v);
      return appClasses.get(key);
    }
    return undefined;
  };
  return find;
}

function psr4Roots(appDir) {
  try {
    const composer = JSON.parse(readFileSync(join(appDir, 'composer.json'), 'utf8'));
    const all = { ...composer.autoload?.['psr-4'], ...composer['autoload-dev']?.['psr-4'] };
    return Object.entries(all).flatMap(([prefix, dirs]) =>
      (Array.isArray(dirs) ? dirs : [dirs]).map((d) => [prefix, d.replace(/\/$/, '')]),
    );
  } catch {
    return [['App\\', 'app']];
  }
}

/** A method of a class, its parents or its traits: `{ node, owner }`. */
export function findMethod(find, fqcn, name, seen = new Set()) {
  const info = find(fqcn);
  if (!info || seen.has(info)) return undefined;
  seen.add(info);
  const node = info.methods.get(name.toLowerCase());
  if (node) return { node, owner: info };
  for (const t of info.traits) {
    const m = findMethod(find, t, name, seen);
    if (m) return m;
  }
  return info.parent ? findMethod(find, info.parent, name, seen) : undefined;
}

/** A class constant through parents and traits: `{ node, owner }`. */
export function findConstant(find, fqcn, name, seen = new Set()) {
  const info = find(fqcn);
  if (!info || seen.has(info)) return undefined;
  seen.add(info);
  if (info.constants.has(name)) return { node: info.constants.get(name), owner: info };
  for (const t of info.traits) {
    const c = findConstant(find, t, name, seen);
    if (c) return c;
  }
  return info.parent ? findConstant(find, info.parent, name, seen) : undefined;
}

/** Default properties of a class and its ancestors (child first). */
export function defaultProperties(find, fqcn, seen = new Set()) {
  const info = find(fqcn);
  if (!info || seen.has(info)) return [];
  seen.add(info);
  const own = [...info.properties].map(([name, node]) => ({ name, node, owner: info }));
  const fromTraits = info.traits.flatMap((t) => defaultProperties(find, t, seen));
  return [
    ...own,
    ...fromTraits,
    ...(info.parent ? defaultProperties(find, info.parent, seen) : []),
  ];
}
