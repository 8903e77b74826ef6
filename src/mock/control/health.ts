import type { ControlAction } from './deps.js';

/** `GET /__apidoc/health`: the mock answers, with what it serves. */
export const health: ControlAction = (_req, deps) => ({
  status: 200,
  body: {
    status: 'ok',
    operations: deps.operations().size,
    stateful: deps.state !== undefined,
    state: deps.state ?? null,
  },
});
