import type { OutgoingHttpHeaders } from 'node:http';

/** What a pipeline step answers: a status, headers and a body not yet serialised. */
export interface Reply {
  status: number;
  headers?: OutgoingHttpHeaders;
  /** A JSON value, or a string/Buffer sent as it is with `contentType`. */
  body?: unknown;
  contentType?: string;
}

export function jsonReply(status: number, body: unknown, headers?: OutgoingHttpHeaders): Reply {
  return { status, body, headers };
}

export function messageReply(
  status: number,
  message: string,
  headers?: OutgoingHttpHeaders,
): Reply {
  return { status, body: { message }, headers };
}
