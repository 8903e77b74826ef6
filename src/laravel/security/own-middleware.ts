import type { InputRead } from '../facts/types.js';
import { guardSchemes } from './guard.js';
import { apiKey, BASIC, BEARER } from './schemes.js';
import type { AuthKind, NamedScheme } from './types.js';

/** Names of inputs that carry a credential; CSRF tokens are not one. */
const CREDENTIAL = /token|key|secret|auth|signature|password/i;
const NOT_CREDENTIAL = /csrf|xsrf|^PHP_AUTH_/i;
/** Headers read for other reasons than a credential, even by a middleware that refuses with 401. */
const NOT_CREDENTIAL_HEADER =
  /^(accept(-[\w-]+)?|content-[\w-]+|user-agent|x-requested-with|x-forwarded-[\w-]+|x-real-ip|origin|referer|host|x-xsrf-token|x-csrf-token)$/i;

/**
 * An application's own middleware, by what its `handle()` (and the methods it calls) does:
 * a credential read from the request (`X-API-TOKEN` → an apiKey scheme in the header, the query
 * or the input → one in the query, `Authorization`/`bearerToken()` → a bearer token), HTTP basic
 * credentials (`Auth::onceBasic()`, `getUser()`/`getPassword()`), and, when it refuses with 401,
 * the guards it asks (`Auth::guard('api')->check()`: by their driver) and any header it reads.
 * Schemes found together are alternatives. A middleware that refuses with 401 in a way none of
 * this explains is unclassified (a warning, never silence); one named for authentication that
 * does none of it is taken for a bearer token. What rests on the default guard alone, or on the
 * name alone, is implied by any other authentication of the route. Optional when its `handle()` takes a flag that
 * defaults to off and the route passes none (`auth.api` beside `auth.api:true`).
 */
export const ownMiddleware: AuthKind = (m, ctx) => {
  const className = m.className;
  if (!className) return undefined;
  const handle = ctx.classes.method(className, 'handle');
  if (!handle || handle.owner.facts.name.startsWith('Illuminate\\')) return undefined;
  const uses = ctx.authenticates(className);
  const refuses = uses.unauthorized === true;
  const schemes = new Map<string, NamedScheme>();
  const add = (scheme: NamedScheme) => schemes.set(scheme.name, scheme);
  const credential = credentialRead(ctx.reads(className), refuses);
  if (credential)
    add(
      /^authorization$/i.test(credential.name)
        ? BEARER
        : apiKey(credential.name, credential.via === 'header' ? 'header' : 'query'),
    );
  if (uses.basic) add(BASIC);
  const guards = refuses ? (uses.guards ?? []) : [];
  for (const scheme of guardSchemes(guards, ctx)) add(scheme);
  // Only the default guard asked, or only a name to go by: another authentication satisfies it.
  let implied = schemes.size > 0 && !credential && !uses.basic && guards.every((g) => g === '');
  if (schemes.size === 0) {
    if (refuses) return { kind: 'unclassified' };
    if (!/Auth(enticat\w*)?$/.test(className)) return undefined;
    add(BEARER);
    implied = true;
  }
  const flag = handle.facts.params[2];
  const optional =
    m.params.length === 0 &&
    flag !== undefined &&
    (flag.default === false || flag.default === null);
  return {
    kind: 'auth',
    schemes: [...schemes.values()],
    ...(optional ? { optional: true } : {}),
    ...(implied ? { implied: true } : {}),
  };
};

/**
 * The first input read that carries a credential: named like one, or, from a middleware that
 * refuses with 401, any header but those every request carries.
 */
function credentialRead(reads: readonly InputRead[], refuses: boolean): InputRead | undefined {
  const candidates = reads.filter(
    (r) => ['header', 'query', 'input'].includes(r.via) && r.name && !NOT_CREDENTIAL.test(r.name),
  );
  return (
    candidates.find((r) => CREDENTIAL.test(r.name)) ??
    (refuses
      ? candidates.find((r) => r.via === 'header' && !NOT_CREDENTIAL_HEADER.test(r.name))
      : undefined)
  );
}
