import type { SecuritySchemeObject } from '../../core/types.js';
import { bearerToken, isJwtForm, isMockToken, type AuthRequest } from './credentials.js';

/**
 * http bearer, oauth2 and openIdConnect: `Authorization: Bearer mock-token-<anything>`; a
 * JWT-form token passes where the scheme issues JWTs.
 */
export function checkBearer(scheme: SecuritySchemeObject, request: AuthRequest): boolean {
  const token = bearerToken(request.headers);
  if (token === undefined) return false;
  if (isMockToken(token)) return true;
  const issuesJwt =
    scheme.type === 'oauth2' ||
    scheme.type === 'openIdConnect' ||
    scheme.bearerFormat?.toUpperCase() === 'JWT';
  return issuesJwt && isJwtForm(token);
}
