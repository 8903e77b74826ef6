import type { OperationObject } from '../../core/types.js';

/** Statuses that may mean "not routed yet": only their bodies are read to tell. */
export const MAYBE_UNROUTED = new Set([404, 405, 501]);

/** Laravel 9+: `The route api/users could not be found.` */
const ROUTE_NOT_FOUND = /^The route .* could not be found\.$/;
/** `The DELETE method is not supported for route api/users. Supported methods: ...` (Laravel 8: "for this route"). */
const METHOD_NOT_SUPPORTED = /^The [A-Z]+ method is not supported for (route|this route)\b/;

/**
 * Whether the backend's answer says it does not route this operation yet, so that the mock may
 * answer instead: a 501; Laravel's 404 for an unknown route or its 405 for a method it does not
 * route. Laravel 8 words its unknown-route 404 `{"message": ""}`, as it does `abort(404)`: that
 * counts only where the operation declares no 404 of its own, for a declared 404 is an answer.
 */
export function isUnrouted(status: number, body: Buffer, operation: OperationObject): boolean {
  if (status === 501) return true;
  if (status !== 404 && status !== 405) return false;
  const message = messageOf(body);
  if (message === undefined) return false;
  if (status === 405) return METHOD_NOT_SUPPORTED.test(message);
  if (ROUTE_NOT_FOUND.test(message)) return true;
  return message === '' && operation.responses?.['404'] === undefined;
}

function messageOf(body: Buffer): string | undefined {
  if (body.length > 4096) return undefined;
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { message?: unknown };
    return typeof parsed?.message === 'string' ? parsed.message : undefined;
  } catch {
    return undefined;
  }
}
