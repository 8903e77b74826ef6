import { UserError } from '../../core/errors.js';
import { decodePointer, isRef } from '../../core/refs.js';
import { collectRefs } from '../../core/load/walk.js';

/**
 * The mock refuses to start on a `$ref` that lands nowhere (`#/components/schemas/Nope`): it
 * would serve random data where the document says nothing. Names each (up to five) with the
 * pointer where it sits.
 */
export function checkDanglingRefs(document: unknown, file: string): void {
  const dangling = collectRefs(document, (ref) => ref.startsWith('#/')).filter(
    (site) => !pointerExists(document, site.ref),
  );
  if (dangling.length === 0) return;
  const listed = dangling
    .slice(0, 5)
    .map((site) => `"${site.ref}" at ${site.pointer}`)
    .join(', ');
  const more = dangling.length > 5 ? ` and ${dangling.length - 5} more` : '';
  throw new UserError(
    `${file}: cannot resolve $ref ${listed}${more}: no such component`,
    'Define the component, or correct the $ref.',
  );
}

function pointerExists(doc: unknown, ref: string): boolean {
  let node = doc;
  for (const segment of decodePointer(ref)) {
    // A pointer through another ref is checked where that ref sits.
    if (isRef(node)) return true;
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, segment)) return false;
    node = (node as Record<string, unknown>)[segment];
  }
  return true;
}
