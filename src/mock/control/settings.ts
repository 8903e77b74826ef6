import type { IncomingMessage } from 'node:http';
import { HttpError, readBody } from '../../core/engine/http.js';
import type { Reply } from '../respond/reply.js';
import { messageReply } from '../respond/reply.js';
import { readChange, type ChangeField } from './change.js';
import type { ControlAction, ControlDeps } from './deps.js';

/** Control bodies are a few fields: more than this is no control request. */
const MAX_BODY = 64 * 1024;

/** `GET /__apidoc/scenario` (and `/chaos`): the settings in force. */
export const showSettings: ControlAction = (_req, deps) => ({
  status: 200,
  body: deps.settings.describe(),
});

/** `PUT /__apidoc/scenario`: the default scenario and delay, for every operation or one. */
export const setScenario: ControlAction = (req, deps) =>
  change(req, deps, ['operation', 'scenario', 'delay']);

/** `PUT /__apidoc/chaos`: the delay (a range too) and the share of requests that fail, and how. */
export const setChaos: ControlAction = (req, deps) =>
  change(req, deps, ['delay', 'failRate', 'failMode']);

async function change(
  req: IncomingMessage,
  deps: ControlDeps,
  allowed: readonly ChangeField[],
): Promise<Reply> {
  const raw = await new Promise<Buffer | HttpError>((done) => readBody(req, done, MAX_BODY));
  if (raw instanceof HttpError) return messageReply(raw.status, raw.message);
  let input: unknown;
  try {
    input = JSON.parse(raw.toString('utf8') || '{}');
  } catch (error) {
    return messageReply(400, `Malformed JSON body: ${(error as Error).message}`);
  }
  const read = readChange(input, allowed, deps.operations());
  if ('errors' in read) {
    return { status: 422, body: { message: 'The given data was invalid.', errors: read.errors } };
  }
  deps.dispatch({ kind: 'settings', change: read.change });
  return { status: 200, body: deps.settings.describe() };
}
