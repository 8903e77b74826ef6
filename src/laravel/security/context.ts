import type { AuthUseFacts } from '../facts/types.js';
import { arrayRecord } from '../php/value.js';
import { followCalls } from '../requests/follow.js';
import { resolveValue } from '../resolve/value.js';
import type { Assembly } from '../model/context.js';
import type { AuthContext } from './types.js';

/** How many of its own methods deep a middleware's authentication is followed. */
const MAX_DEPTH = 6;

/** What the kinds of authenticating middleware may ask of the project. */
export function authContext(asm: Assembly): AuthContext {
  const config = (key: string) =>
    resolveValue(asm.configValue(key), { classes: asm.classes, config: asm.configValue });
  return {
    classes: asm.classes,
    config,
    passportScopes: Object.fromEntries(
      Object.entries(arrayRecord(asm.passportScopes ?? null)).map(([k, v]) => [
        k,
        typeof v === 'string' ? v : k,
      ]),
    ),
    reads: (className) => {
      const handle = asm.classes.method(className, 'handle');
      if (!handle) return [];
      const followed = followCalls(
        { uses: handle.facts.uses, self: className, file: handle.owner.file },
        asm.classes,
        asm.configValue,
      );
      return [...(handle.facts.uses?.inputs ?? []), ...followed.inputs];
    },
    authenticates: (className) => authenticates(asm, className),
  };
}

/** `handle()`'s authentication and that of the methods of its class it calls, merged. */
function authenticates(asm: Assembly, className: string): AuthUseFacts {
  const guards = new Set<string>();
  const out: AuthUseFacts = {};
  const seen = new Set<string>();
  const visit = (method: string, depth: number) => {
    if (depth > MAX_DEPTH || seen.has(method)) return;
    seen.add(method);
    const facts = asm.classes.method(className, method)?.facts.authenticates;
    if (!facts) return;
    for (const guard of facts.guards ?? []) guards.add(guard);
    if (facts.basic) out.basic = true;
    if (facts.unauthorized) out.unauthorized = true;
    for (const call of facts.calls ?? []) visit(call, depth + 1);
  };
  visit('handle', 0);
  if (guards.size > 0) out.guards = [...guards].sort();
  return out;
}
