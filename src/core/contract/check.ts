import { isJsonMediaType, mediaTypeOf } from '../engine/http.js';
import type { OperationEntry } from '../engine/operations.js';
import type { MediaTypeObject, OpenApiDocument, SchemaObject } from '../types.js';
import { checkBodyValue, checkJsonBody } from './body.js';
import { declaredCodes, declaredResponse, type DeclaredResponse } from './declared.js';
import { checkHeaders } from './headers.js';
import { matchMediaType } from './media.js';
import type { ResponseHeaders, Violation } from './types.js';

/** What the status line and headers say, and how to check the body that follows. */
export interface HeadVerdict {
  violations: Violation[];
  /** The check of the whole body; absent when the document gives it nothing to check against. */
  body?: (payload: Buffer) => Violation[];
  /** The schema `body` checks a JSON body against (for a check elsewhere: a worker thread). */
  schema?: SchemaObject;
}

/** An operation's responses, as the document declares them, ready to judge real answers. */
export interface ResponseContract {
  /** Judges a response from its status and headers, before its body has been read. */
  head(method: string, status: number, headers: ResponseHeaders): HeadVerdict;
}

/**
 * The contract of one operation's responses: the status declared (its code, its range or
 * `default`), the media type declared for it, the body valid against that media type's schema
 * (JSON bodies), the declared headers present and valid. Lookups are kept per status and
 * validators compiled on first use, so a proxy pays for a check only once per kind of answer.
 * @see https://spec.openapis.org/oas/v3.0.3#responses-object
 */
export function responseContract(doc: OpenApiDocument, entry: OperationEntry): ResponseContract {
  const byStatus = new Map<number, DeclaredResponse | null>();
  const declaredFor = (status: number) => {
    let declared = byStatus.get(status);
    if (declared === undefined) {
      declared = declaredResponse(doc, entry.path, entry.method, entry.operation, status) ?? null;
      byStatus.set(status, declared);
    }
    return declared;
  };
  return {
    head(method, status, headers) {
      const declared = declaredFor(status);
      if (!declared) {
        const codes = declaredCodes(entry.operation);
        const message = `status ${status} is not declared (declared: ${codes})`;
        return { violations: [{ location: '/response/status', message }] };
      }
      const violations = checkHeaders(doc, declared.response, headers);
      const noBody = method === 'HEAD' || status === 204 || status === 304 || status < 200;
      const media = checkMedia(declared, headers, noBody, violations);
      if (noBody || !media?.schema) return { violations };
      const { schema } = media;
      return {
        violations,
        schema,
        body: (payload) => checkJsonBody(payload, (value) => checkBodyValue(doc, schema, value)),
      };
    },
  };
}

/**
 * The media type sent against those declared; returns the declared one when the body is JSON
 * and so can be checked against its schema.
 */
function checkMedia(
  declared: DeclaredResponse,
  headers: ResponseHeaders,
  noBody: boolean,
  violations: Violation[],
): MediaTypeObject | undefined {
  const content = declared.response.content ?? {};
  const types = Object.keys(content);
  const header = headers['content-type'];
  const sent = mediaTypeOf(typeof header === 'string' ? header : undefined);
  const empty = headers['content-length'] === '0' || headers['content-length'] === 0;
  const location = '/response/headers/content-type';
  if (types.length === 0) {
    if (!noBody && sent !== undefined && !empty) {
      const message = `a body (${sent}) where the document declares none for ${declared.code}`;
      violations.push({ location, message });
    }
    return undefined;
  }
  if (noBody) return undefined;
  if (sent === undefined) {
    const message = empty
      ? `is empty where ${types.join(', ')} is declared`
      : `no Content-Type where ${types.join(', ')} is declared`;
    violations.push({ location: empty ? '/response/body' : location, message });
    return undefined;
  }
  const matched = matchMediaType(content, sent);
  if (!matched) {
    const message = `${sent} is not declared for ${declared.code} (declared: ${types.join(', ')})`;
    violations.push({ location, message });
    return undefined;
  }
  return isJsonMediaType(sent) ? matched[1] : undefined;
}

/** One whole response, judged at once (what `apidoc verify` reads). */
export function checkResponse(
  contract: ResponseContract,
  response: { method: string; status: number; headers: ResponseHeaders; body: Buffer },
): Violation[] {
  const head = contract.head(response.method, response.status, response.headers);
  return head.body ? [...head.violations, ...head.body(response.body)] : head.violations;
}
