import type { RouteDecl } from '../facts/types.js';
import type { ClassIndex } from '../project/classes.js';

const PROVIDER = /ServiceProvider$/;

/**
 * The project's route classes (Laravel 5 applications such as Cachet: one class per area, each
 * with `map(Registrar $router)` declaring its routes, loaded by the route service provider
 * from a folder), in name order. A class whose static `$browser` is true serves pages, like
 * `routes/web.php`, and is left out.
 */
export function routeClasses(
  classes: ClassIndex,
): { name: string; file: string; decls: RouteDecl[] }[] {
  const out: { name: string; file: string; decls: RouteDecl[] }[] = [];
  for (const name of classes.names()) {
    if (PROVIDER.test(name) || /^(function|const):/.test(name)) continue;
    const cls = classes.get(name);
    const map = cls?.facts.methods.map;
    if (!cls || !map?.routes || map.static) continue;
    if (cls.facts.properties.browser === true) continue;
    out.push({ name, file: cls.file, decls: map.routes });
  }
  return out;
}
