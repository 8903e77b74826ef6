import { memoryStore } from './memory.js';
import { redisStore } from './redis.js';
import { DEFAULT_STATE_LIMITS, type StateLimits, type StateStore } from './store.js';

/** `memory`, or a `redis://` (`rediss://` for TLS) URL: the store `--state` names. */
export function openStore(
  state: string,
  limits: StateLimits = DEFAULT_STATE_LIMITS,
): Promise<StateStore> {
  return state === 'memory' ? Promise.resolve(memoryStore(limits)) : redisStore(state, limits);
}

export type { StateStore } from './store.js';
export { DEFAULT_STATE_LIMITS } from './store.js';
