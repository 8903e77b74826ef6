import { messageReply } from '../respond/reply.js';
import type { ControlAction } from './deps.js';

/**
 * `POST /__apidoc/reset`: state, journal and runtime settings back to how the mock started. A
 * store that cannot be reached (Redis away) is a 503 that says so, and nothing is reset.
 */
export const reset: ControlAction = async (_req, deps) => {
  try {
    await deps.resetStore();
  } catch (error) {
    return messageReply(503, `The mock's state store is unavailable: ${(error as Error).message}`);
  }
  deps.dispatch({ kind: 'reset' });
  return { status: 204 };
};
