import type { ControlAction } from './deps.js';

/** `GET /__apidoc/requests`: the journal of recent requests, newest first. */
export const listRequests: ControlAction = (_req, deps) => ({
  status: 200,
  body: { data: deps.journal.entries() },
});

/** `DELETE /__apidoc/requests`: empties the journal. */
export const clearRequests: ControlAction = (_req, deps) => {
  deps.dispatch({ kind: 'clear-requests' });
  return { status: 204 };
};
