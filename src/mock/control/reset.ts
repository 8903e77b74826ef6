import type { ControlAction } from './deps.js';

/** `POST /__apidoc/reset`: state, journal and runtime settings back to how the mock started. */
export const reset: ControlAction = async (_req, deps) => {
  await deps.resetStore();
  deps.dispatch({ kind: 'reset' });
  return { status: 204 };
};
