import type { OperationEntry } from '../../core/engine/operations.js';
import { requestSeed } from '../../core/engine/seed.js';
import type { OpenApiDocument } from '../../core/types.js';
import type { ResolvedMockOptions } from '../options.js';
import { compilePlan } from '../plan.js';
import { stateHandler } from '../state/handlers.js';
import type { StateStore } from '../state/store.js';
import type { Planned, Step } from '../step.js';
import { acceptCheck, successTypes } from '../validate/accept.js';
import { prepare, replyCache, type Reply } from './reply.js';

/**
 * The operation's plan (compiled on its first request), and what answering this request
 * reuses: the reply cache's key and the context bodies are generated in.
 */
export function planAnswer(
  doc: OpenApiDocument,
  options: ResolvedMockOptions,
  store: Promise<StateStore> | undefined,
): Step {
  const plans = new Map<OperationEntry, Planned>();
  const planFor = (entry: OperationEntry): Planned => {
    let planned = plans.get(entry);
    if (!planned) {
      const compiled = compilePlan(doc, entry);
      planned = {
        plan: compiled,
        name: `${plans.size}`,
        accept: acceptCheck(successTypes(doc, compiled)),
        state: store && stateHandler(store, compiled),
      };
      plans.set(entry, planned);
    }
    return planned;
  };
  const cache = replyCache();
  const cached = (key: string, make: () => Reply) =>
    cache.get(key) ?? cache.set(key, prepare(make()));
  const fresh = (_key: string, make: () => Reply) => make();

  return (request) => {
    const { entry, choice, scenario } = request;
    // `/api/users/7/` is `/api/users/7`: the same seed, the same cached reply.
    const pathname = withoutTrailingSlash(request.pathname);
    // `Prefer: dynamic=true` (or `--dynamic`): fresh data, so a seed of its own and no cache.
    request.fresh = choice.dynamic ? `|${Math.random()}` : '';
    // What the seed is made of, besides what is fixed for the server: the operation (those
    // told apart by more than their path, `/#Action=A` and `/#Action=B`, share a pathname),
    // the scenario and the path; and what the client preferred.
    request.preferred =
      choice.code === undefined && choice.example === undefined
        ? ''
        : `|${choice.code}|${choice.example}`;
    const planned = (request.planned = planFor(entry));
    request.key = `${planned.name}|${scenario}|${pathname}${request.preferred}`;
    request.reuse = choice.dynamic ? fresh : cached;
    request.context = () => ({
      doc,
      path: entry.path,
      method: entry.method,
      onStaleExample: options.onStaleExample,
      // The operation's method, not the request's: HEAD answers exactly what GET would.
      seed: requestSeed(options.seed, entry.method, pathname, scenario) + request.fresh,
      serverSeed: String(options.seed) + request.fresh,
      scenario,
      example: choice.example,
      empty: scenario === 'empty',
    });
    return undefined;
  };
}

const SLASH = 0x2f;

function withoutTrailingSlash(pathname: string): string {
  if (pathname.length < 2 || pathname.charCodeAt(pathname.length - 1) !== SLASH) return pathname;
  return pathname.replace(/\/+$/, '') || '/';
}
