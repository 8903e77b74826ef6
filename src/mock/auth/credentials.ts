import type { ReadonlyQuery } from '../../core/request-target.js';
import type { IncomingHttpHeaders } from 'node:http';

/** What a request presents as credentials, parsed once per request. */
export interface AuthRequest {
  headers: IncomingHttpHeaders;
  query: ReadonlyQuery;
  cookies: Record<string, string>;
}

export const BEARER_PREFIX = 'mock-token-';
export const API_KEY_PREFIX = 'mock-api-key-';
const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/** The token of an `Authorization: Bearer <token>` header, if that is what was sent. */
export function bearerToken(headers: IncomingHttpHeaders): string | undefined {
  const match = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '');
  return match?.[1]?.trim();
}

export function isMockToken(token: string): boolean {
  return token.startsWith(BEARER_PREFIX);
}

/** Three base64url segments: what OAuth2 and OpenID Connect providers hand out. */
export function isJwtForm(token: string): boolean {
  return JWT.test(token);
}

export function isMockApiKey(key: string): boolean {
  return key.startsWith(API_KEY_PREFIX);
}

/** `Authorization: Basic <base64(user:pass)>` with any user and password; false when malformed. */
export function basicCredentials(headers: IncomingHttpHeaders): boolean | undefined {
  const header = headers.authorization ?? '';
  // A client sends the same header on every request: decoded once, not once per request.
  if (header !== lastBasic.header) lastBasic = { header, verdict: judgeBasic(header) };
  return lastBasic.verdict;
}

let lastBasic: { header: string; verdict: boolean | undefined } = {
  header: '',
  verdict: undefined,
};

function judgeBasic(header: string): boolean | undefined {
  const match = /^Basic\s+(\S+)$/i.exec(header);
  if (!match?.[1]) return /^Basic\b/i.test(header) ? false : undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  return decoded.includes(':');
}

/** The spec's own API key places, valid on every endpoint. */
export function presentedApiKeys(request: AuthRequest): string[] {
  const keys: string[] = [];
  const header = request.headers['x-api-key'];
  if (typeof header === 'string') keys.push(header);
  const query = request.query.get('api_key');
  if (query !== null) keys.push(query);
  return keys;
}

export type Challenge = 'Bearer' | 'Basic' | 'ApiKey';

/**
 * A credential that is presented and invalid is refused on every endpoint, secured or not:
 * a frontend sending a stale token should hear about it, as from a real `auth` middleware.
 */
export function invalidCredential(request: AuthRequest): Challenge | undefined {
  const token = bearerToken(request.headers);
  if (token !== undefined && !isMockToken(token) && !isJwtForm(token)) return 'Bearer';
  if (basicCredentials(request.headers) === false) return 'Basic';
  if (presentedApiKeys(request).some((key) => !isMockApiKey(key))) return 'ApiKey';
  return undefined;
}
