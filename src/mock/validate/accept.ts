import { deref } from '../../core/refs.js';
import type { OpenApiDocument, ResponseObject } from '../../core/types.js';
import type { OperationPlan } from '../plan.js';
import { responseKey } from '../../core/engine/responses.js';
import { messageReply, type Reply } from '../respond/reply.js';

/** Accept headers seen per operation, with their verdict: most clients send one or two. */
const MAX_REMEMBERED = 64;

/**
 * Content negotiation for an operation that answers `types`: a check of the `Accept` header
 * that is a field read for a request without one, and a map lookup for one seen before.
 * @see https://www.rfc-editor.org/rfc/rfc9110#section-12.5.1
 */
export function acceptCheck(
  types: readonly string[],
): (accept: string | undefined) => Reply | undefined {
  const declared = types.map((t) => t.split(';')[0]!.trim().toLowerCase()).filter(Boolean);
  // A declared range (`*/*`, `image/*`) is answered in whatever type the client takes.
  if (declared.length === 0 || declared.some((t) => t.includes('*'))) return () => undefined;
  const seen = new Map<string, boolean>();
  const refusal = messageReply(
    406,
    `Not Acceptable: the operation answers ${declared.join(', ')}; the Accept header allows none of them.`,
  );
  return (accept) => {
    if (accept === undefined || accept === '' || accept === '*/*') return undefined;
    let ok = seen.get(accept);
    if (ok === undefined) {
      ok = accepts(accept, declared);
      if (seen.size >= MAX_REMEMBERED) seen.clear();
      seen.set(accept, ok);
    }
    return ok ? undefined : refusal;
  };
}

/** Whether some declared type is in a range the header accepts (quality above 0). */
export function accepts(header: string, declared: readonly string[]): boolean {
  const ranges = header.split(',').map((part) => {
    const [range = '', ...params] = part.split(';');
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)?.[1]).find(Boolean);
    return { range: range.trim().toLowerCase(), q: q === undefined ? 1 : Number(q) };
  });
  return declared.some((type) => {
    const [main] = type.split('/');
    // The most specific range that names the type decides (RFC 9110: `text/html;q=0` wins over `*/*`).
    const match =
      ranges.find((r) => r.range === type) ??
      ranges.find((r) => r.range === `${main}/*`) ??
      ranges.find((r) => r.range === '*/*' || r.range === '*');
    return match !== undefined && match.q > 0;
  });
}

/** The media types the operation's success response declares (none: any Accept will do). */
export function successTypes(doc: OpenApiDocument, plan: OperationPlan): string[] {
  const { operation } = plan.entry;
  const key = plan.successStatus === 204 ? undefined : responseKey(operation, plan.successStatus);
  const response =
    key === undefined ? undefined : deref<ResponseObject>(doc, operation.responses?.[key]);
  return Object.keys(response?.content ?? {});
}
