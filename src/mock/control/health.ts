import type { ControlAction } from './deps.js';

/**
 * `GET /__apidoc/health`: the mock answers, with what it serves. With Redis state, Redis is
 * asked too: while it is away or does not answer, a 503 with `"state":"unavailable"` says so.
 */
export const health: ControlAction = async (_req, deps) => {
  const base = {
    operations: deps.operations().size,
    stateful: deps.state !== undefined,
    state: deps.state ?? null,
  };
  try {
    await deps.pingStore();
  } catch (error) {
    return {
      status: 503,
      body: {
        status: 'unavailable',
        ...base,
        store: 'unavailable',
        message: `The mock's state store is unavailable: ${(error as Error).message}`,
      },
    };
  }
  return { status: 200, body: { status: 'ok', ...base, ...(deps.state ? { store: 'ok' } : {}) } };
};
