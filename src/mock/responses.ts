import { deref } from '../core/refs.js';
import type {
  ExampleObject,
  MediaTypeObject,
  OpenApiDocument,
  OperationObject,
  ResponseObject,
} from '../core/types.js';
import { conforms } from './generate/index.js';
import { isJsonMediaType } from './http.js';

/**
 * The success status: 201 for a POST that declares it, 204 for a DELETE that declares it,
 * else the lowest declared 2xx, else 200.
 */
export function successStatus(operation: OperationObject, method: string): number {
  const codes = Object.keys(operation.responses ?? {});
  if (method === 'post' && codes.includes('201')) return 201;
  if (method === 'delete' && codes.includes('204')) return 204;
  const declared = codes.filter((c) => /^2\d\d$/.test(c)).map(Number);
  return declared.length > 0 ? Math.min(...declared) : 200;
}

/** The lowest declared 5xx, for the `error` scenario. */
export function errorStatus(operation: OperationObject): number {
  const declared = Object.keys(operation.responses ?? {})
    .filter((c) => /^5\d\d$/.test(c))
    .map(Number);
  return declared.length > 0 ? Math.min(...declared) : 500;
}

/** The response object declared for a status: exact code, then its range (`4XX`), then `default` for successes. */
export function declaredResponse(
  doc: OpenApiDocument,
  operation: OperationObject,
  status: number,
): ResponseObject | undefined {
  const responses = operation.responses ?? {};
  const code = String(status);
  const raw =
    responses[code] ??
    responses[`${code[0]}XX`] ??
    responses[`${code[0]}xx`] ??
    (status < 300 ? responses.default : undefined);
  return deref<ResponseObject>(doc, raw);
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

/** The first example that validates against the media type's schema (stale ones are skipped). */
export function validExample(
  doc: OpenApiDocument,
  media: MediaTypeObject,
  scenario?: string,
): ExampleCandidate | undefined {
  return exampleCandidates(doc, media, scenario).find(
    (candidate) => !media.schema || conforms(doc, media.schema, candidate.value),
  );
}
