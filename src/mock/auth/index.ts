import { deref } from '../../core/refs.js';
import type {
  OpenApiDocument,
  OperationObject,
  SecurityRequirement,
  SecuritySchemeObject,
} from '../../core/types.js';
import { checkApiKey } from './api-key.js';
import { checkBasic, checkOtherHttp } from './basic.js';
import { checkBearer } from './bearer.js';
import { invalidCredential, type AuthRequest, type Challenge } from './credentials.js';

export type { AuthRequest, Challenge };
export { invalidCredential };

type Check = (scheme: SecuritySchemeObject, request: AuthRequest) => boolean;

/** One handler per scheme type. @see https://spec.openapis.org/oas/v3.0.3#security-scheme-object */
function checkFor(scheme: SecuritySchemeObject): Check {
  switch (scheme.type) {
    case 'apiKey':
      return checkApiKey;
    case 'oauth2':
    case 'openIdConnect':
      return checkBearer;
    case 'http': {
      const name = (scheme.scheme ?? '').toLowerCase();
      if (name === 'bearer') return checkBearer;
      if (name === 'basic') return checkBasic;
      return checkOtherHttp;
    }
    default:
      // mutualTLS and unknown types cannot be presented over plain HTTP: let them through.
      return () => true;
  }
}

function challengeFor(scheme: SecuritySchemeObject): Challenge {
  if (scheme.type === 'apiKey') return 'ApiKey';
  if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'basic') return 'Basic';
  return 'Bearer';
}

/** An operation's security, compiled once: alternatives of schemes that must all pass. */
export interface CompiledSecurity {
  alternatives: { scheme: SecuritySchemeObject; check: Check }[][];
  /** The challenge of the first scheme, for `WWW-Authenticate`. */
  challenge: Challenge;
}

/** Undefined when the operation needs no authentication (its effective `security` is empty). */
export function compileSecurity(
  doc: OpenApiDocument,
  operation: OperationObject,
): CompiledSecurity | undefined {
  const requirements: SecurityRequirement[] = operation.security ?? doc.security ?? [];
  if (requirements.length === 0) return undefined;
  const alternatives = requirements.map((requirement) =>
    Object.keys(requirement ?? {}).flatMap((name) => {
      const scheme = deref<SecuritySchemeObject>(doc, doc.components?.securitySchemes?.[name]);
      // A scheme the document never defines cannot be checked; it is not held against the client.
      return scheme ? [{ scheme, check: checkFor(scheme) }] : [];
    }),
  );
  const first = alternatives.flat()[0]?.scheme;
  return { alternatives, challenge: first ? challengeFor(first) : 'Bearer' };
}

/** True when one alternative has every one of its schemes satisfied (`{}` allows anonymous). */
export function isAuthenticated(security: CompiledSecurity, request: AuthRequest): boolean {
  return security.alternatives.some((schemes) =>
    schemes.every(({ scheme, check }) => check(scheme, request)),
  );
}

export function wwwAuthenticate(challenge: Challenge): string {
  switch (challenge) {
    case 'Basic':
      return 'Basic realm="apidoc mock"';
    case 'ApiKey':
      return 'ApiKey realm="apidoc mock", header="X-API-Key", query="api_key"';
    default:
      return 'Bearer realm="apidoc mock"';
  }
}
