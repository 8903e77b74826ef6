import type { AuthFinding, NamedScheme } from './types.js';

/** What one way of authenticating needs: each scheme it names, with the scopes asked of it. */
export type Requirement = Record<string, string[]>;

/** A route's security: the requirements (any one satisfies), and what its token must allow. */
export interface RouteSecurity {
  /** Undefined when the route is public. */
  security?: Requirement[];
  /** Sentences for the operation's description (Sanctum abilities). */
  notes: string[];
}

/**
 * Every authenticating middleware must pass (their alternatives multiplied out), those implied
 * by another left out; scopes go to the OAuth2 schemes' requirements (each scope an alternative
 * when any one will do); a bearer token beside OAuth2 is the same `Authorization: Bearer`
 * header, so the OAuth2 scheme alone stands for both; a route whose every authentication is
 * optional may also be called without credentials.
 * @see https://spec.openapis.org/oas/v3.0.3#security-requirement-object
 */
export function combine(findings: AuthFinding[]): {
  result: RouteSecurity;
  schemes: NamedScheme[];
} {
  const all = findings.filter((f) => f.kind === 'auth');
  const explicit = all.filter((f) => !f.implied);
  const auths = explicit.length > 0 ? explicit : all;
  const scopes = findings.filter((f) => f.kind === 'scopes');
  const notes = scopes
    .filter((s) => s.via === 'sanctum')
    .map(
      (s) =>
        `Requires a token with ${s.any ? 'any of the abilities' : 'the abilities'}: ${s.scopes.map((a) => `\`${a}\``).join(', ')}.`,
    );
  if (auths.length === 0) return { result: { notes }, schemes: [] };
  let alternatives: Requirement[] = [{}];
  for (const auth of auths)
    alternatives = alternatives.flatMap((partial) =>
      auth.schemes.map((s) => withoutBearerBesideOAuth({ ...partial, [s.name]: [] })),
    );
  for (const check of scopes.filter((s) => s.via === 'passport'))
    alternatives = alternatives.flatMap((requirement) =>
      withScopes(requirement, check.any ? check.scopes.map((s) => [s]) : [check.scopes]),
    );
  const seen = new Set<string>();
  const security: Requirement[] = alternatives
    .map((a) => Object.fromEntries(Object.entries(a).sort(([x], [y]) => (x < y ? -1 : 1))))
    .filter((r) => !seen.has(JSON.stringify(r)) && !!seen.add(JSON.stringify(r)));
  if (auths.every((a) => a.optional)) security.push({});
  const named = new Set(security.flatMap((r) => Object.keys(r)));
  const schemes = auths.flatMap((a) => a.schemes).filter((s) => named.has(s.name));
  return { result: { security, notes }, schemes };
}

function withoutBearerBesideOAuth(requirement: Requirement): Requirement {
  if (!('oauth2Auth' in requirement) || !('bearerAuth' in requirement)) return requirement;
  return Object.fromEntries(Object.entries(requirement).filter(([name]) => name !== 'bearerAuth'));
}

/** The requirement once per set of scopes, the scopes added to its OAuth2 scheme. */
function withScopes(requirement: Requirement, sets: string[][]): Requirement[] {
  if (!('oauth2Auth' in requirement)) return [requirement];
  return sets.map((set) => ({ ...requirement, oauth2Auth: [...requirement.oauth2Auth!, ...set] }));
}
