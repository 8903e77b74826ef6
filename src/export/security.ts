import { deref } from '../core/refs.js';
import type {
  OpenApiDocument,
  OperationObject,
  SecurityRequirement,
  SecuritySchemeObject,
} from '../core/types.js';

/**
 * How a request proves who it is, by the kind of credential `apidoc mock` checks for each
 * security scheme type (bearer, oauth2 and openIdConnect all take a bearer token).
 * @see https://spec.openapis.org/oas/v3.0.3#security-scheme-object
 */
export type Credential =
  | { kind: 'bearer'; scheme: string }
  | { kind: 'oauth2'; scheme: string; flow?: OAuthFlow; scopes: string[] }
  | { kind: 'basic'; scheme: string }
  | { kind: 'apiKey'; scheme: string; name: string; in: 'header' | 'query' | 'cookie' }
  | { kind: 'http'; scheme: string; httpScheme: string };

export interface OAuthFlow {
  grant: 'authorization_code' | 'client_credentials' | 'password' | 'implicit';
  tokenUrl?: string;
  authorizationUrl?: string;
}

/** The credential values a client sends. */
export interface CredentialValues {
  /** Bearer token (http bearer, oauth2, openIdConnect). */
  bearerToken: string;
  /** API key, for every apiKey scheme. */
  apiKey: string;
  /** http basic user name. */
  username: string;
  /** http basic password. */
  password: string;
}

/** Values `apidoc mock` accepts, tagged with the client they were made for. */
export function mockCredentials(
  client: string,
  overrides: Partial<CredentialValues> = {},
): CredentialValues {
  return {
    bearerToken: `mock-token-${client}`,
    apiKey: `mock-api-key-${client}`,
    username: 'user',
    password: 'password',
    ...overrides,
  };
}

/**
 * The credentials a requirement list asks for. Requirements are alternatives: the first one
 * is taken (an empty one, `{}`, means anonymous access); `undefined` means no requirement.
 * @see https://spec.openapis.org/oas/v3.0.3#security-requirement-object
 */
export function credentialsFor(
  doc: OpenApiDocument,
  requirements: SecurityRequirement[] | undefined,
): Credential[] {
  const first = requirements?.[0];
  if (!first || typeof first !== 'object') return [];
  return Object.entries(first).flatMap(([name, scopes]) => {
    const scheme = deref<SecuritySchemeObject>(doc, doc.components?.securitySchemes?.[name]);
    const credential = scheme
      ? toCredential(name, scheme, Array.isArray(scopes) ? scopes : [])
      : undefined;
    return credential ? [credential] : [];
  });
}

/** An operation's effective credentials: its own `security`, else the document's. */
export function operationCredentials(
  doc: OpenApiDocument,
  operation: OperationObject,
): Credential[] {
  return credentialsFor(doc, operation.security ?? doc.security);
}

function toCredential(
  name: string,
  scheme: SecuritySchemeObject,
  scopes: string[],
): Credential | undefined {
  switch (scheme.type) {
    case 'apiKey': {
      const place = scheme.in === 'query' || scheme.in === 'cookie' ? scheme.in : 'header';
      return { kind: 'apiKey', scheme: name, name: scheme.name || 'X-API-Key', in: place };
    }
    case 'oauth2':
      return { kind: 'oauth2', scheme: name, flow: firstFlow(scheme), scopes };
    case 'openIdConnect':
      return { kind: 'oauth2', scheme: name, scopes };
    case 'http': {
      const httpScheme = (scheme.scheme ?? '').toLowerCase();
      if (httpScheme === 'bearer') return { kind: 'bearer', scheme: name };
      if (httpScheme === 'basic') return { kind: 'basic', scheme: name };
      return { kind: 'http', scheme: name, httpScheme: scheme.scheme ?? 'Bearer' };
    }
    default:
      // mutualTLS cannot be presented as a header: nothing to send.
      return undefined;
  }
}

const FLOW_GRANTS = {
  clientCredentials: 'client_credentials',
  authorizationCode: 'authorization_code',
  password: 'password',
  implicit: 'implicit',
} as const;

function firstFlow(scheme: SecuritySchemeObject): OAuthFlow | undefined {
  const flows = (
    scheme as { flows?: Record<string, { tokenUrl?: unknown; authorizationUrl?: unknown }> }
  ).flows;
  for (const [key, grant] of Object.entries(FLOW_GRANTS)) {
    const flow = flows?.[key];
    if (!flow) continue;
    return {
      grant,
      tokenUrl: typeof flow.tokenUrl === 'string' ? flow.tokenUrl : undefined,
      authorizationUrl:
        typeof flow.authorizationUrl === 'string' ? flow.authorizationUrl : undefined,
    };
  }
  return undefined;
}
