import type { Credential } from '../security.js';

/** Collection variables the auth reads, so users swap the mock's values for real ones in one place. */
export const POSTMAN_VARIABLES = {
  bearerToken: 'bearerToken',
  apiKey: 'apiKey',
  username: 'basicUsername',
  password: 'basicPassword',
} as const;

type Param = { key: string; value: string; type: 'string' };
export interface PostmanAuth {
  type: string;
  [type: string]: Param[] | string;
}

/** What a request sends beside its Postman auth: credentials Postman's auth types cannot hold. */
export interface AuthPlacement {
  auth: PostmanAuth;
  extras: Extra[];
}

export interface Extra {
  in: 'header' | 'query';
  key: string;
  value: string;
}

const v = (name: string) => `{{${name}}}`;
const param = (key: string, value: string): Param => ({ key, value, type: 'string' });

/**
 * One Postman auth per request: the first credential Postman's auth types can express
 * (bearer, oauth2, basic, API key in a header or the query); the rest of an AND-requirement,
 * cookie API keys and other http schemes go in headers or the query. (A second scheme that
 * also needs `Authorization` cannot be sent beside the first, so it is left out.)
 * @see https://learning.postman.com/collection-format/reference/auth/
 */
export function postmanAuth(credentials: readonly Credential[]): AuthPlacement {
  let auth: PostmanAuth | undefined;
  const extras: Extra[] = [];
  for (const credential of credentials) {
    const own = auth === undefined ? authOf(credential) : undefined;
    if (own) auth = own;
    else {
      const authorizationTaken =
        (auth !== undefined && auth.type !== 'apikey') ||
        extras.some((e) => e.key === 'Authorization');
      const extra = extraOf(credential, authorizationTaken);
      if (extra) extras.push(extra);
    }
  }
  return { auth: auth ?? { type: 'noauth' }, extras };
}

function authOf(c: Credential): PostmanAuth | undefined {
  switch (c.kind) {
    case 'bearer':
      return { type: 'bearer', bearer: [param('token', v(POSTMAN_VARIABLES.bearerToken))] };
    case 'basic':
      return {
        type: 'basic',
        basic: [
          param('username', v(POSTMAN_VARIABLES.username)),
          param('password', v(POSTMAN_VARIABLES.password)),
        ],
      };
    case 'apiKey':
      if (c.in === 'cookie') return undefined;
      return {
        type: 'apikey',
        apikey: [
          param('key', c.name),
          param('value', v(POSTMAN_VARIABLES.apiKey)),
          param('in', c.in),
        ],
      };
    case 'oauth2':
      return { type: 'oauth2', oauth2: oauth2Params(c) };
    default:
      return undefined;
  }
}

/** The token goes in `accessToken`; the flow is pre-filled for "Get New Access Token" against a real server. */
function oauth2Params(c: Extract<Credential, { kind: 'oauth2' }>): Param[] {
  const grants = {
    authorization_code: 'authorization_code',
    client_credentials: 'client_credentials',
    password: 'password_credentials',
    implicit: 'implicit',
  };
  const params = [
    param('accessToken', v(POSTMAN_VARIABLES.bearerToken)),
    param('tokenType', 'Bearer'),
    param('addTokenTo', 'header'),
    param('tokenName', c.scheme),
  ];
  if (c.flow) params.push(param('grant_type', grants[c.flow.grant]));
  if (c.flow?.tokenUrl) params.push(param('accessTokenUrl', c.flow.tokenUrl));
  if (c.flow?.authorizationUrl) params.push(param('authUrl', c.flow.authorizationUrl));
  if (c.scopes.length > 0) params.push(param('scope', c.scopes.join(' ')));
  return params;
}

function extraOf(c: Credential, authorizationTaken: boolean): Extra | undefined {
  switch (c.kind) {
    case 'apiKey': {
      const value = v(POSTMAN_VARIABLES.apiKey);
      if (c.in === 'cookie') return { in: 'header', key: 'Cookie', value: `${c.name}=${value}` };
      return { in: c.in, key: c.name, value };
    }
    case 'http':
    case 'bearer':
    case 'oauth2': {
      if (authorizationTaken) return undefined;
      const scheme = c.kind === 'http' ? c.httpScheme : 'Bearer';
      return {
        in: 'header',
        key: 'Authorization',
        value: `${scheme} ${v(POSTMAN_VARIABLES.bearerToken)}`,
      };
    }
    default:
      // Basic needs base64 of the pair, which a header value cannot compute.
      return undefined;
  }
}
