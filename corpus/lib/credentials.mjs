import { Buffer } from 'node:buffer';

// Credentials the mock accepts (see /work/shared/CONTRACT.md, "Authentication"), for the first
// alternative of the operation's effective `security` that one request can satisfy.
// @see https://spec.openapis.org/oas/v3.0.3#security-requirement-object

export const BEARER = 'Bearer mock-token-corpus';
export const API_KEY = 'mock-api-key-corpus';
export const BASIC = `Basic ${Buffer.from('corpus:secret').toString('base64')}`;

/**
 * `{ headers, query, cookies }` to add to the request, or `{ unsatisfiable }` when no alternative
 * can be met by one request (two schemes both wanting the Authorization header).
 */
export function credentialsFor(doc, operation, deref) {
  const requirements = Array.isArray(operation.security)
    ? operation.security
    : Array.isArray(doc.security)
      ? doc.security
      : [];
  if (requirements.length === 0) return { headers: {}, query: {}, cookies: {} };
  for (const requirement of requirements) {
    const found = satisfy(doc, requirement ?? {}, deref);
    if (found) return found;
  }
  return { unsatisfiable: `no alternative of ${JSON.stringify(requirements)} fits one request` };
}

function satisfy(doc, requirement, deref) {
  const out = { headers: {}, query: {}, cookies: {} };
  for (const name of Object.keys(requirement)) {
    const scheme = deref(doc.components?.securitySchemes?.[name]);
    // A scheme the document never defines cannot be checked by the mock either.
    if (typeof scheme !== 'object' || scheme === null) continue;
    const [where, key, value] = presentation(scheme);
    if (where === undefined) continue;
    // A header named `advicement api key` cannot be sent by any HTTP client.
    if (where === 'headers' && !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(key)) return undefined;
    const bag = out[where];
    const existing = where === 'headers' ? bag[key.toLowerCase()] : bag[key];
    if (existing !== undefined && existing !== value) return undefined;
    bag[where === 'headers' ? key.toLowerCase() : key] = value;
  }
  return out;
}

function presentation(scheme) {
  switch (scheme.type) {
    case 'apiKey': {
      if (typeof scheme.name !== 'string' || scheme.name === '')
        return ['headers', 'x-api-key', API_KEY];
      if (scheme.in === 'query') return ['query', scheme.name, API_KEY];
      if (scheme.in === 'cookie') return ['cookies', scheme.name, API_KEY];
      return ['headers', scheme.name, API_KEY];
    }
    case 'oauth2':
    case 'openIdConnect':
      return ['headers', 'authorization', BEARER];
    case 'http': {
      const name = String(scheme.scheme ?? '').toLowerCase();
      if (name === 'basic') return ['headers', 'authorization', BASIC];
      if (name === 'bearer' || name === '') return ['headers', 'authorization', BEARER];
      return ['headers', 'authorization', `${scheme.scheme} mock-token-corpus`];
    }
    default:
      return [];
  }
}
