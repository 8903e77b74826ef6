import type { Finding } from '../../core/errors.js';
import type { ChainCall, RouteDecl } from '../facts/types.js';
import { shortName } from '../php/names.js';
import type { PhpValue } from '../php/value.js';
import type { ClassIndex } from '../project/classes.js';
import { resolveValue } from '../resolve/value.js';
import type { Frame, RouteProject } from './flatten.js';
import { apiOnly } from './web.js';
import { routeClasses } from './route-classes.js';

/**
 * Route declarations read against the whole project: values folded where they are read (a
 * provider's `$this->namespace` from its parent, `config('app.api_prefix')`, a helper's
 * argument), `$this->mapApiRoutes()` and `RouteFile::load('v1')` followed into the method that
 * declares the routes, `$routes->map($router)` into the project's route classes.
 */
export function routeProject(
  classes: ClassIndex,
  config: (key: string) => PhpValue | undefined,
  /** Calls that were followed but lead to no method of the project, for a run with no route. */
  unresolved: Finding[] = [],
): RouteProject {
  let mapped: ReturnType<typeof routeClasses> | undefined;
  const resolve = (value: PhpValue, frame: Frame) =>
    resolveValue(value, {
      classes,
      config,
      args: frame.args,
      ...(frame.self ? { self: frame.self } : {}),
    });
  return {
    resolve: (decl, frame) => resolveDecl(decl, (v) => resolve(v, frame)),
    expand: (decl, frame) => {
      if (decl.kind === 'classes')
        return (mapped ??= routeClasses(classes)).map((c) => ({
          decls: apiOnly(c.decls, c.file),
          frame: { file: c.file, self: c.name, args: [] },
        }));
      if (decl.kind !== 'call') return [];
      const className = decl.className ?? frame.self;
      const found = className ? classes.method(className, decl.method) : undefined;
      if (!found) {
        const written = `${decl.className ? shortName(decl.className) + '::' : '$this->'}${decl.method}()`;
        const why =
          !className || !classes.has(className)
            ? 'is not a class of the project'
            : 'has no such method';
        unresolved.push({
          file: frame.file,
          line: decl.line,
          message: `${written} is called where routes are declared, but ${className ?? 'its class'} ${why}`,
        });
      }
      if (!found?.facts.routes) return [];
      // `$this->x()` keeps `$this`; `Helper::x()` runs with the helper's class as `static`.
      const self = decl.className ?? frame.self;
      return [
        {
          decls: apiOnly(found.facts.routes, found.owner.file),
          frame: { file: found.owner.file, args: decl.args, ...(self ? { self } : {}) },
        },
      ];
    },
  };
}

/** One declaration with the values it holds (not its children) resolved. */
function resolveDecl(decl: RouteDecl, resolve: (value: PhpValue) => PhpValue): RouteDecl {
  const calls = (list: ChainCall[]) =>
    list.map((c) => ({ method: c.method, args: c.args.map(resolve) }));
  switch (decl.kind) {
    case 'route': {
      const uriValue = decl.uriValue === undefined ? undefined : resolve(decl.uriValue);
      const uri = typeof uriValue === 'string' ? uriValue : decl.uri;
      const out = { ...decl, uri, calls: calls(decl.calls) };
      if (decl.action?.kind === 'value')
        out.action = { kind: 'value', value: resolve(decl.action.value) };
      return out;
    }
    case 'resource':
      return { ...decl, options: resolve(decl.options), calls: calls(decl.calls) };
    case 'group':
      return { ...decl, calls: calls(decl.calls) };
    case 'require':
      return { ...decl, path: resolve(decl.path), calls: calls(decl.calls) };
    case 'call':
      return { ...decl, args: decl.args.map(resolve) };
    default:
      return decl;
  }
}
