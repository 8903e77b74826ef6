import type { IncomingMessage } from 'node:http';
import { isPreflight, preflightHeaders } from '../cors.js';
import { messageReply, type Reply } from '../reply.js';
import type { ControlAction, ControlDeps } from './deps.js';
import { health } from './health.js';
import { clearRequests, listRequests } from './requests.js';
import { reset } from './reset.js';
import { setChaos, setScenario, showSettings } from './settings.js';

/** The control API's prefix: requests under it are never routed to the document. */
export const CONTROL_PREFIX = '/__apidoc/';

/** Path → method → action. */
const ROUTES: Readonly<Record<string, Readonly<Record<string, ControlAction>>>> = {
  '/__apidoc/health': { GET: health },
  '/__apidoc/requests': { GET: listRequests, DELETE: clearRequests },
  '/__apidoc/reset': { POST: reset },
  '/__apidoc/scenario': { GET: showSettings, PUT: setScenario },
  '/__apidoc/chaos': { GET: showSettings, PUT: setChaos },
};

/**
 * Answers a request under `/__apidoc/`, as the mock answers others: JSON, CORS (a frontend on
 * another origin may drive it), Laravel's 404 and 405 bodies.
 */
export async function answerControl(req: IncomingMessage, deps: ControlDeps): Promise<Reply> {
  const pathname = new URL(req.url ?? '/', 'http://mock').pathname.replace(/(.)\/+$/, '$1');
  const methods = ROUTES[pathname];
  const method = (req.method ?? 'GET').toUpperCase();
  const allowed = methods && allowedMethods(methods);
  if (allowed && isPreflight(method, req.headers)) {
    return { status: 204, headers: preflightHeaders(req.headers, allowed) };
  }
  const uri = pathname.slice(1);
  if (!methods || !allowed) {
    req.resume();
    return messageReply(404, `The route ${uri} could not be found.`);
  }
  const action = methods[method] ?? (method === 'HEAD' ? methods.GET : undefined);
  if (!action) {
    req.resume();
    const list = allowed.join(', ');
    return messageReply(
      405,
      `The ${method} method is not supported for route ${uri}. Supported methods: ${list}.`,
      { allow: list },
    );
  }
  // Only a change reads its body; the others let it go.
  if (method !== 'PUT') req.resume();
  return action(req, deps);
}

function allowedMethods(methods: Readonly<Record<string, ControlAction>>): string[] {
  const names = Object.keys(methods);
  return names.includes('GET') ? ['GET', 'HEAD', ...names.filter((m) => m !== 'GET')] : names;
}
