import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { messageReply, type Reply } from '../respond/reply.js';
import type { ControlAction, ControlDeps } from './deps.js';
import { health } from './health.js';
import { isLoopbackAddress, isLoopbackHost } from './loopback.js';
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
 * Answers a request under `/__apidoc/`, as the mock answers others: JSON, Laravel's 404 and 405
 * bodies. Unlike the API, it carries no CORS headers and refuses a request another origin's
 * page sent (its `Origin` names another host than its `Host`), and, on a loopback address, a
 * request whose `Host` names something else than this machine (a page whose name was made to
 * resolve to 127.0.0.1: DNS rebinding): a web page the developer opens must not reset the mock
 * or read its journal. Off (`control: false`), everything under it is a 403; with a token, a
 * request without it is a 401.
 */
export async function answerControl(req: IncomingMessage, deps: ControlDeps): Promise<Reply> {
  const refused = refusal(req, deps);
  if (refused) {
    req.resume();
    return refused;
  }
  const pathname = new URL(req.url ?? '/', 'http://mock').pathname.replace(/(.)\/+$/, '$1');
  const methods = ROUTES[pathname];
  const method = (req.method ?? 'GET').toUpperCase();
  const allowed = methods && allowedMethods(methods);
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

/** Why the control API does not answer this request, or undefined when it does. */
function refusal(req: IncomingMessage, deps: ControlDeps): Reply | undefined {
  if (!deps.access.enabled) {
    return messageReply(
      403,
      'The control API is off. Start the mock with --control-token <token> to use it on this address.',
    );
  }
  const { host } = req.headers;
  if (host !== undefined && isLoopbackAddress(req.socket.localAddress) && !isLoopbackHost(host)) {
    return messageReply(
      403,
      'On a loopback address the control API answers only the Host localhost or a loopback IP: a page on another name that resolves here must not drive the mock.',
    );
  }
  const origin = req.headers.origin;
  if (origin !== undefined && !sameOrigin(origin, req.headers.host)) {
    return messageReply(403, 'The control API does not answer requests from other origins.');
  }
  const token = deps.access.token;
  if (token !== undefined && !tokenMatches(presentedToken(req), token)) {
    return messageReply(401, 'Unauthenticated.', {
      'www-authenticate': 'Bearer realm="apidoc control API"',
    });
  }
  return undefined;
}

function sameOrigin(origin: string, host: string | undefined): boolean {
  if (host === undefined) return false;
  try {
    return new URL(origin).host === new URL(`http://${host}`).host;
  } catch {
    return false;
  }
}

function presentedToken(req: IncomingMessage): string | undefined {
  const header = req.headers['x-apidoc-token'];
  if (typeof header === 'string') return header;
  const match = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
  return match?.[1]?.trim();
}

function tokenMatches(presented: string | undefined, token: string): boolean {
  if (presented === undefined) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
