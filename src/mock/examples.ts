import type { Finding } from '../core/errors.js';
import { encodePointer } from '../core/refs.js';
import { deref } from '../core/refs.js';
import type { OpenApiDocument, ResponseObject } from '../core/types.js';
import { conforms } from './generate/index.js';
import { listOperations } from './operations.js';
import { exampleCandidates } from './responses.js';

/**
 * Declared response examples that do not validate against their schema (real specs often
 * carry stale ones): each is named once, and generated data is served in its place.
 */
export function checkExamples(doc: OpenApiDocument): Finding[] {
  const findings: Finding[] = [];
  for (const { path, method, operation } of listOperations(doc)) {
    for (const [code, raw] of Object.entries(operation.responses ?? {})) {
      const response = deref<ResponseObject>(doc, raw);
      for (const [type, media] of Object.entries(response?.content ?? {})) {
        if (!media?.schema) continue;
        for (const candidate of exampleCandidates(doc, media)) {
          if (conforms(doc, media.schema, candidate.value)) continue;
          const where = candidate.name === undefined ? ['example'] : ['examples', candidate.name];
          findings.push({
            pointer: encodePointer([
              'paths',
              path,
              method,
              'responses',
              code,
              'content',
              type,
              ...where,
            ]),
            message: 'example does not match its schema; generated data is served instead',
          });
        }
      }
    }
  }
  return dedupe(findings);
}

function dedupe(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => !seen.has(f.pointer!) && seen.add(f.pointer!));
}
