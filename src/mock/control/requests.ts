import type { ControlAction } from './deps.js';

/** `GET /__apidoc/requests`: the journal of recent requests, newest first. */
export const listRequests: ControlAction = async (_req, deps) => ({
  status: 200,
  body: { data: await deps.requests() },
});

/** `DELETE /__apidoc/requests`: empties the journal. */
export const clearRequests: ControlAction = (_req, deps) => {
  deps.dispatch({ kind: 'clear-requests' });
  return { status: 204 };
};
