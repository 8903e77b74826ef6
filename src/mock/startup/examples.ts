import type { Finding } from '../../core/errors.js';
import { deref } from '../../core/refs.js';
import type { OpenApiDocument, ResponseObject } from '../../core/types.js';
import { listOperations } from '../../core/engine/operations.js';
import { examplePointer, exampleCandidates, validExample } from '../../core/engine/responses.js';

export const STALE_EXAMPLE = 'example does not match its schema; generated data is served instead';

/**
 * Declared response examples that do not validate against their schema (real specs often
 * carry stale ones): each is named once, and generated data is served in its place.
 */
export function checkExamples(doc: OpenApiDocument): Finding[] {
  const pointers = new Set<string>();
  for (const { path, method, operation } of listOperations(doc)) {
    for (const [code, raw] of Object.entries(operation.responses ?? {})) {
      const response = deref<ResponseObject>(doc, raw);
      for (const [type, media] of Object.entries(response?.content ?? {})) {
        const at = { code, type, media };
        // Every candidate is tried: the scenario-named and later examples may be served too.
        for (const candidate of exampleCandidates(doc, media)) {
          validExample(
            doc,
            { ...media, example: candidate.value, examples: undefined },
            undefined,
            () => pointers.add(examplePointer(path, method, at, candidate)),
          );
        }
      }
    }
  }
  return [...pointers].map((pointer) => ({ pointer, message: STALE_EXAMPLE }));
}
