import { middlewareNames } from '../facts/controller-middleware.js';
import { arrayValues, stringList, type PhpValue } from '../php/value.js';
import type { ClassIndex } from '../project/classes.js';
import { resolveValue } from '../resolve/value.js';
import type { Route } from './types.js';

/** `new Middleware('auth', only: ['store'])` in a `HasMiddleware` controller's `middleware()`. */
const ENTRY = 'Illuminate\\Routing\\Controllers\\Middleware';

/**
 * The middleware a route runs: its own, then those its controller gives the action — the
 * constructor's `$this->middleware(...)` (Laravel 5–10) and the static `middleware()` of a
 * `HasMiddleware` controller (Laravel 11+), each for all actions, `only` some, or all `except`
 * some.
 * @see https://laravel.com/docs/controllers#controller-middleware
 */
export function routeMiddleware(
  route: Route,
  classes: ClassIndex,
  config: (key: string) => PhpValue | undefined,
): string[] {
  if (route.action.kind !== 'controller') return route.middleware;
  const { controller, method } = route.action;
  const applies = (only?: readonly string[], except?: readonly string[]) =>
    (!only || only.includes(method)) && !(except ?? []).includes(method);
  const out = [...route.middleware];
  for (const m of classes.method(controller, '__construct')?.facts.middleware ?? [])
    if (applies(m.only, m.except)) out.push(...m.names);
  const declared = classes.method(controller, 'middleware');
  if (!declared?.facts.static || declared.facts.returns === undefined) return out;
  const listed = resolveValue(declared.facts.returns, { classes, config, self: controller });
  for (const entry of arrayValues(listed)) {
    if (typeof entry !== 'object' || entry?.kind !== 'new' || entry.className !== ENTRY) {
      out.push(...middlewareNames(entry));
      continue;
    }
    const arg = (i: number, name: string) => entry.named?.[name] ?? entry.args[i];
    const only = arg(1, 'only');
    const except = arg(2, 'except');
    if (
      applies(only == null ? undefined : stringList(only), except == null ? [] : stringList(except))
    )
      out.push(...middlewareNames(arg(0, 'middleware') ?? null));
  }
  return out;
}
