import type { SecuritySchemeObject } from '../../core/types.js';
import { basicCredentials, type AuthRequest } from './credentials.js';

/** http basic: any username and password. */
export function checkBasic(_scheme: SecuritySchemeObject, request: AuthRequest): boolean {
  return basicCredentials(request.headers) === true;
}

/** Other http schemes (digest, hoba, ...): an Authorization header of that scheme. */
export function checkOtherHttp(scheme: SecuritySchemeObject, request: AuthRequest): boolean {
  const name = scheme.scheme ?? '';
  return (request.headers.authorization ?? '').toLowerCase().startsWith(name.toLowerCase() + ' ');
}
