import type { FileFacts } from '../facts/types.js';
import { arrayRecord, arrayValues, type PhpValue } from '../php/value.js';
import type { ClassIndex } from './classes.js';

const HTTP_KERNEL = 'Illuminate\\Foundation\\Http\\Kernel';

/** `throttle`, `throttle:api`, `throttle:60,1`, or the middleware class (with or without Redis). */
export function isThrottle(middleware: string): boolean {
  const name = middleware.split(':')[0]!;
  return name === 'throttle' || /(^|\\)ThrottleRequests(WithRedis)?$/.test(name);
}

/**
 * The middleware groups that rate-limit their routes: Laravel 8–10's HTTP kernel
 * (`$middlewareGroups`, where `api` has `throttle:api`), Laravel 11+'s `bootstrap/app.php`
 * (`$middleware->throttleApi()`).
 * @see https://laravel.com/docs/11.x/routing#rate-limiting
 */
export function throttledGroups(
  files: ReadonlyMap<string, FileFacts>,
  classes: ClassIndex,
): Set<string> {
  const out = new Set<string>();
  if (files.get('bootstrap/app.php')?.throttlesApi) out.add('api');
  for (const name of classes.names()) {
    if (!classes.isA(name, [HTTP_KERNEL])) continue;
    const groups = arrayRecord(classes.property(name, 'middlewareGroups'));
    for (const [group, members] of Object.entries(groups))
      if (arrayValues(members).some((m) => isThrottle(middlewareName(m)))) out.add(group);
  }
  return out;
}

/**
 * A route's middleware rate-limit it, directly or through a group, unless it opts out with
 * `withoutMiddleware('throttle:api')` (or the class), which Laravel applies to groups too.
 */
export function isThrottled(
  middleware: readonly string[],
  groups: ReadonlySet<string>,
  without: readonly string[] = [],
): boolean {
  if (without.some(isThrottle)) return false;
  return middleware.some((m) => isThrottle(m) || groups.has(m));
}

function middlewareName(value: PhpValue): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && value.kind === 'class') return value.name;
  return '';
}
