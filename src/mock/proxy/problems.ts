import type { Violation } from '../../core/contract/types.js';
import { prepare, type PreparedReply } from '../respond/reply.js';
import type { UpstreamError } from './upstream.js';

/** The backend gave no answer: a 502 or 504 with the mock's `{"message"}` error body. */
export function upstreamErrorReply(error: UpstreamError): PreparedReply {
  return prepare({ status: error.status, body: { message: error.message } });
}

/**
 * `--proxy-strict`: the backend's answer broke the document, so the client gets a 502 problem
 * that lists how, instead of an answer its code was not written for.
 * @see https://www.rfc-editor.org/rfc/rfc9457
 */
export function violationProblem(
  method: string,
  path: string,
  status: number,
  violations: readonly Violation[],
): PreparedReply {
  return prepare({
    status: 502,
    contentType: 'application/problem+json',
    body: {
      title: 'The response violates the OpenAPI document',
      status: 502,
      detail: `The backend answered ${method} ${path} with ${status}, which breaks the document in ${violations.length} place(s).`,
      violations: violations.map(({ location, message }) => ({ location, message })),
    },
  });
}
