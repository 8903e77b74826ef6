import { shortName } from '../php/names.js';
import type { RouteMiddleware } from './expand.js';

/** Names that say a middleware checks credentials. */
const AUTH_LIKE = /auth|token|api[-_.]?key|jwt|bearer|basic|signature|hmac|credential|guard/i;

/**
 * Laravel's and its packages' middleware with such names that check something else: abilities
 * and scopes of a token already authenticated, policies, a session, a redirect for guests, a
 * signed URL.
 */
const NOT_AUTH =
  /^(?:Authorize|AuthenticateSession|RedirectIfAuthenticated|EnsureEmailIsVerified|RequirePassword|CheckAbilities|CheckForAnyAbility|CheckScopes|CheckForAnyScope|CheckClientCredentials(?:ForAnyScope)?|VerifyCsrfToken|ValidateCsrfToken|TrustProxies|EncryptCookies|ValidateSignature)$/;

/**
 * Whether a middleware that gave no security looks as though it authenticates (`api.auth`,
 * `VerifyApiToken`): such a route, documented without security, must be said to be, never
 * silently.
 */
export function looksLikeAuth(m: RouteMiddleware): boolean {
  const short = m.className ? shortName(m.className) : undefined;
  if (short && NOT_AUTH.test(short)) return false;
  if (/^(?:can|ability|abilities|scope|scopes|guest|throttle|verified)$/.test(m.name)) return false;
  return AUTH_LIKE.test(m.name) || (short !== undefined && AUTH_LIKE.test(short));
}
