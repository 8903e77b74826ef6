import type { ClassIndex } from '../project/classes.js';

/**
 * Laravel's base controllers: they declare no action, and their `__call` throws
 * `BadMethodCallException` ("Method ...::x does not exist."), which Laravel answers with a 500.
 * @see https://github.com/laravel/framework/blob/11.x/src/Illuminate/Routing/Controller.php
 */
const FRAMEWORK_BASES = new Set([
  'Illuminate\\Routing\\Controller',
  'Laravel\\Lumen\\Routing\\Controller',
]);

/** The framework's controller traits, with the methods they declare (none is an action). */
const FRAMEWORK_TRAITS: Record<string, readonly string[]> = {
  'Illuminate\\Foundation\\Auth\\Access\\AuthorizesRequests': [
    'authorize',
    'authorizeforuser',
    'authorizeresource',
  ],
  'Illuminate\\Foundation\\Bus\\DispatchesJobs': ['dispatch', 'dispatchsync', 'dispatchnow'],
  'Illuminate\\Foundation\\Validation\\ValidatesRequests': [
    'validate',
    'validatewith',
    'validatewithbag',
  ],
};

/**
 * Whether a route's action can never answer: its controller is a class of the project whose
 * whole lineage (parents and traits) is known, none of which declares the method (compared
 * without case, as PHP does) nor a `__call` of its own. A parent or trait from a package the
 * project does not contain may declare it, so such a route is not called dead.
 */
export function isDeadAction(controller: string, method: string, classes: ClassIndex): boolean {
  if (!classes.has(controller)) return false;
  const wanted = method.toLowerCase();
  const outside = classes.ancestors(controller).filter((name) => !classes.has(name));
  if (outside.some((name) => !FRAMEWORK_BASES.has(name))) return false;
  const owners = [
    ...classes.lineage(controller).map((c) => Object.keys(c.facts.methods)),
    ...classes.traits(controller).map((name) => {
      const trait = classes.get(name);
      return trait ? Object.keys(trait.facts.methods) : FRAMEWORK_TRAITS[name];
    }),
  ];
  return owners.every(
    (methods) =>
      methods !== undefined &&
      !methods.some((m) => {
        const lower = m.toLowerCase();
        return lower === wanted || lower === '__call';
      }),
  );
}
