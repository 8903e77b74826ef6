import { HTTP_STATUS_CONSTANTS } from '../extensions/response.js';
import type { PhpValue } from '../php/value.js';

/** A status written as a number or as a `Response::HTTP_*` constant. */
export function statusValue(value: PhpValue | undefined): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 100 && value < 600)
    return value;
  if (typeof value === 'object' && value !== null && value.kind === 'const')
    return HTTP_STATUS_CONSTANTS[value.name];
  return undefined;
}
