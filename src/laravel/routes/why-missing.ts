import { shortName } from '../php/names.js';
import type { ClassIndex } from '../project/classes.js';

/**
 * Why a route's controller is not a class of the project, when the project says more than "not
 * found": the route names it without a namespace (Laravel 8+ no longer prefixes
 * `App\Http\Controllers`), or a class of that name lives in another namespace (the route's or
 * its group's namespace is wrong, or an import alias points elsewhere).
 */
export function missingControllerCause(
  controller: string,
  classes: ClassIndex,
): string | undefined {
  const short = shortName(controller);
  const elsewhere = classes.withShortName(short).filter((n) => n !== controller);
  if (elsewhere.length > 0)
    return `a class ${short} exists as ${elsewhere.join(', ')}: check the route's namespace or import`;
  if (!controller.includes('\\'))
    return 'the route names it without a namespace and no group namespace applies';
  return undefined;
}
