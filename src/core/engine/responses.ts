import { deref, encodePointer } from '../refs.js';
import type {
  ExampleObject,
  MediaTypeObject,
  OpenApiDocument,
  OperationObject,
  ResponseObject,
} from '../types.js';
import { conforms } from './generate/index.js';
import { isJsonMediaType } from './http.js';

/**
 * The success status: 201 for a POST that declares it, 204 for a DELETE that declares it,
 * else the lowest declared 2xx, else 200 where a `default` (or `2XX`) response covers it or
 * nothing at all is declared. An operation that declares only other statuses (a redirect, or
 * the petstore's `400`/`404` alone) gets the lowest of those, 3xx first: a client generated from
 * the document knows no other answer. 1xx is never answered: it is no final response.
 */
export function successStatus(operation: OperationObject, method: string): number {
  const codes = Object.keys(operation.responses ?? {});
  if (method === 'post' && codes.includes('201')) return 201;
  if (method === 'delete' && codes.includes('204')) return 204;
  const lowest = (pattern: RegExp) => {
    const declared = codes.filter((c) => pattern.test(c)).map(Number);
    return declared.length > 0 ? Math.min(...declared) : undefined;
  };
  const success = lowest(/^2\d\d$/);
  if (success !== undefined) return success;
  if (codes.some((c) => c === 'default' || c.toUpperCase() === '2XX')) return 200;
  return lowest(/^3\d\d$/) ?? lowest(/^[45]\d\d$/) ?? 200;
}

/** The lowest declared 5xx, for the `error` scenario. */
export function errorStatus(operation: OperationObject): number {
  const declared = Object.keys(operation.responses ?? {})
    .filter((c) => /^5\d\d$/.test(c))
    .map(Number);
  return declared.length > 0 ? Math.min(...declared) : 500;
}

/** The key of the response declared for a status: exact code, then its range (`4XX`), then `default` for successes. */
export function responseKey(operation: OperationObject, status: number): string | undefined {
  const responses = operation.responses ?? {};
  const code = String(status);
  const keys = [code, `${code[0]}XX`, `${code[0]}xx`, ...(status < 300 ? ['default'] : [])];
  return keys.find((key) => responses[key] !== undefined);
}

/** A declared response's chosen media type, with where it sits (for warnings). */
export interface ResponseMedia {
  /** The response's key under `responses` (`200`, `2XX`, `default`). */
  code: string;
  type: string;
  media: MediaTypeObject;
}

/** The media type a response with this status is answered with, if the operation declares one. */
export function responseMedia(
  doc: OpenApiDocument,
  operation: OperationObject,
  status: number,
): ResponseMedia | undefined {
  const code = responseKey(operation, status);
  if (code === undefined) return undefined;
  const picked = pickMediaType(deref<ResponseObject>(doc, operation.responses?.[code]));
  return picked && { code, type: picked[0], media: picked[1] };
}

/** The media type to answer with: JSON first (`application/json`, then `+json`), else the first declared. */
export function pickMediaType(
  response: ResponseObject | undefined,
): [string, MediaTypeObject] | undefined {
  const entries = Object.entries(response?.content ?? {});
  return (
    entries.find(([type]) => type.toLowerCase().startsWith('application/json')) ??
    entries.find(([type]) => isJsonMediaType(type.toLowerCase())) ??
    entries[0]
  );
}

/** Where an example sits, for warnings. */
export interface ExampleCandidate {
  value: unknown;
  /** Key of a named example, or undefined for `example`. */
  name?: string;
}

/** Examples in the contract's order of preference; `scenario` names a matching named example. */
export function exampleCandidates(
  doc: OpenApiDocument,
  media: MediaTypeObject,
  scenario?: string,
): ExampleCandidate[] {
  const out: ExampleCandidate[] = [];
  const named = Object.entries(media.examples ?? {});
  const byScenario = scenario ? named.find(([key]) => key === scenario) : undefined;
  const push = ([name, raw]: [string, unknown]) => {
    const example = deref<ExampleObject>(doc, raw as ExampleObject);
    if (example && 'value' in example) out.push({ value: example.value, name });
  };
  if (byScenario) push(byScenario);
  if (media.example !== undefined) out.push({ value: media.example });
  if (named[0]) push(named[0]);
  return out;
}

/** The first example that validates against the media type's schema; stale ones are skipped and passed to `onStale`. */
export function validExample(
  doc: OpenApiDocument,
  media: MediaTypeObject,
  scenario?: string,
  onStale?: (candidate: ExampleCandidate) => void,
): ExampleCandidate | undefined {
  return exampleCandidates(doc, media, scenario).find((candidate) => {
    if (!media.schema || conforms(doc, media.schema, candidate.value)) return true;
    onStale?.(candidate);
    return false;
  });
}

/** Where an example sits in the document: the pointer warnings name. */
export function examplePointer(
  path: string,
  method: string,
  at: ResponseMedia,
  candidate: ExampleCandidate,
): string {
  const where = candidate.name === undefined ? ['example'] : ['examples', candidate.name];
  return encodePointer(['paths', path, method, 'responses', at.code, 'content', at.type, ...where]);
}
