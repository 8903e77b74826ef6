import { apiKey, BEARER } from './schemes.js';
import type { AuthKind, NamedScheme } from './types.js';

/** Names of inputs that carry a credential; CSRF tokens are not one. */
const CREDENTIAL = /token|key|secret|auth|signature|password/i;
const NOT_CREDENTIAL = /csrf|xsrf/i;

/**
 * An application's own middleware that reads a credential from the request: a header
 * (`X-API-TOKEN` → an apiKey scheme in the header), the query or the input (`api_token` → an
 * apiKey in the query), `Authorization`/`bearerToken()` → a bearer token. Optional when its
 * `handle()` takes a flag that defaults to off and the route passes none (`auth.api` beside
 * `auth.api:true`). A project middleware named for authentication that reads no credential
 * itself (it asks a guard) is taken for a bearer token.
 */
export const tokenMiddleware: AuthKind = (m, ctx) => {
  const className = m.className;
  if (!className) return undefined;
  const handle = ctx.classes.method(className, 'handle');
  if (!handle || handle.owner.facts.name.startsWith('Illuminate\\')) return undefined;
  const credential = ctx
    .reads(className)
    .find(
      (r) =>
        ['header', 'query', 'input'].includes(r.via) &&
        CREDENTIAL.test(r.name) &&
        !NOT_CREDENTIAL.test(r.name),
    );
  let scheme: NamedScheme | undefined;
  if (credential)
    scheme = /^authorization$/i.test(credential.name)
      ? BEARER
      : apiKey(credential.name, credential.via === 'header' ? 'header' : 'query');
  else if (/Auth(enticat\w*)?$/.test(className)) scheme = BEARER;
  if (!scheme) return undefined;
  const flag = handle.facts.params[2];
  const optional =
    m.params.length === 0 &&
    flag !== undefined &&
    (flag.default === false || flag.default === null);
  return { kind: 'auth', schemes: [scheme], ...(optional ? { optional: true } : {}) };
};
