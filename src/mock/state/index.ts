import { memoryStore } from './memory.js';
import { redisStore } from './redis.js';
import type { StateStore } from './store.js';

/** `memory`, or a `redis://` (`rediss://` for TLS) URL: the store `--state` names. */
export function openStore(state: string): Promise<StateStore> {
  return state === 'memory' ? Promise.resolve(memoryStore()) : redisStore(state);
}

export type { StateStore } from './store.js';
