/**
 * Query parameters whose values are credentials: the journal (`GET /__apidoc/requests`) and the
 * request log show `[redacted]` in their place. Names are compared without case, `-` as `_`.
 */
const SECRET_NAMES = new Set([
  'api_key',
  'apikey',
  'key',
  'access_token',
  'refresh_token',
  'id_token',
  'token',
  'auth',
  'authorization',
  'password',
  'passwd',
  'pwd',
  'secret',
  'client_secret',
  'signature',
]);

export const REDACTED = '[redacted]';

/** Whether a query parameter's value is a credential, by its name. */
export function isSecretName(name: string): boolean {
  return SECRET_NAMES.has(name.toLowerCase().replaceAll('-', '_'));
}

/** A request target longer than this is kept by its start (the log and the journal). */
export const MAX_KEPT_URL = 2_048;

/**
 * The request target as the journal and the log keep it: secret query values replaced (the
 * name kept, so a reader still sees that one was sent), cut at `MAX_KEPT_URL` characters.
 */
export function redactUrl(url: string): string {
  const short = keptUrl(url);
  const q = short.indexOf('?');
  if (q < 0) return short;
  const parts = short.slice(q + 1).split('&');
  let changed = false;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const eq = part.indexOf('=');
    const rawName = eq < 0 ? part : part.slice(0, eq);
    if (!isSecretName(decodeName(rawName))) continue;
    parts[i] = `${rawName}=${REDACTED}`;
    changed = true;
  }
  return changed ? `${short.slice(0, q)}?${parts.join('&')}` : short;
}

/** The request target cut at `MAX_KEPT_URL` characters. */
export function keptUrl(url: string): string {
  return url.length > MAX_KEPT_URL ? `${url.slice(0, MAX_KEPT_URL)}…` : url;
}

function decodeName(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    return raw;
  }
}
