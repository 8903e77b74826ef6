/**
 * Where a response (or the request that asked for it) disagrees with the document: a JSON
 * pointer into `{ request, response }` (`/response/body/data/0/title`, `/response/status`,
 * `/request/body/email`) and what is wrong there. The shape of Prism's `sl-violations`.
 */
export interface Violation {
  location: string;
  message: string;
}

/** Header names lower-cased, as `node:http` gives them. */
export type ResponseHeaders = Record<string, string | string[] | number | undefined>;
