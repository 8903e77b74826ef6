import { arrayRecord, arrayValues, isPhpArray, type PhpValue } from '../php/value.js';
import type { ActionDecl } from '../facts/types.js';
import { className } from './attributes.js';
import type { GroupState, RouteAction } from './types.js';

/**
 * A route's action → the controller method (or closure) it runs: `[Controller::class,
 * 'method']`, `Controller::class` (invokable), `'Controller@method'` (prefixed with the
 * group's namespace, as Laravel 8 does), `'method'` inside `Route::controller()` groups,
 * `['uses' => ..., 'as' => ...]`.
 * @see https://laravel.com/docs/8.x/routing#basic-routing
 */
export function resolveAction(
  action: ActionDecl | undefined,
  state: GroupState,
): { action: RouteAction; name?: string; middleware?: string[] } {
  if (!action) return { action: { kind: 'none' } };
  if (action.kind === 'closure') return { action: { ...action } };
  return fromValue(action.value, state);
}

function fromValue(
  value: PhpValue,
  state: GroupState,
): { action: RouteAction; name?: string; middleware?: string[] } {
  if (isPhpArray(value) && value.items.some((i) => i.key === 'uses' || i.key === 'as')) {
    const record = arrayRecord(value);
    const inner = fromValue(record.uses ?? null, state);
    const name = typeof record.as === 'string' ? record.as : undefined;
    const middleware = arrayValues(record.middleware).filter(
      (m): m is string => typeof m === 'string',
    );
    if (typeof record.middleware === 'string') middleware.push(record.middleware);
    return {
      ...inner,
      ...(name ? { name } : {}),
      ...(middleware.length > 0 ? { middleware } : {}),
    };
  }
  if (isPhpArray(value)) {
    const [cls, method] = arrayValues(value);
    const controller = className(cls);
    if (controller && typeof method === 'string')
      return { action: { kind: 'controller', controller, method } };
    return { action: { kind: 'none' } };
  }
  if (typeof value === 'string') {
    if (value.includes('@')) {
      const [cls = '', method = ''] = value.split('@');
      return {
        action: {
          kind: 'controller',
          controller: controllerName(cls, state.namespace, true)!,
          method,
        },
      };
    }
    if (state.controller)
      return { action: { kind: 'controller', controller: state.controller, method: value } };
    return {
      action: {
        kind: 'controller',
        controller: controllerName(value, state.namespace, true)!,
        method: '__invoke',
      },
    };
  }
  const invokable = controllerName(className(value), state.namespace, true);
  return invokable
    ? { action: { kind: 'controller', controller: invokable, method: '__invoke' } }
    : { action: { kind: 'none' } };
}

/** Laravel prefixes string controller names with the group namespace unless already there. */
export function controllerName(
  name: string | undefined,
  namespace: string | undefined,
  isString: boolean,
): string | undefined {
  if (!name) return undefined;
  if (name.startsWith('\\')) return name.slice(1);
  if (!isString || !namespace || name.startsWith(namespace)) return name;
  return `${namespace}\\${name}`;
}
