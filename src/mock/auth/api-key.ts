import type { SecuritySchemeObject } from '../../core/types.js';
import { isMockApiKey, presentedApiKeys, type AuthRequest } from './credentials.js';

/** apiKey: the scheme's own header, query parameter or cookie, plus the spec's `X-API-Key` and `api_key`. */
export function checkApiKey(scheme: SecuritySchemeObject, request: AuthRequest): boolean {
  const keys = presentedApiKeys(request);
  const own = schemeKey(scheme, request);
  if (own !== undefined) keys.push(own);
  return keys.some(isMockApiKey);
}

function schemeKey(scheme: SecuritySchemeObject, request: AuthRequest): string | undefined {
  if (!scheme.name) return undefined;
  switch (scheme.in) {
    case 'header': {
      const value = request.headers[scheme.name.toLowerCase()];
      return typeof value === 'string' ? value : undefined;
    }
    case 'query':
      return request.query.get(scheme.name) ?? undefined;
    case 'cookie':
      return request.cookies[scheme.name];
    default:
      return undefined;
  }
}
