import type { IncomingMessage } from 'node:http';
import { mediaTypeOf, sendsBody } from '../core/engine/http.js';
import type { OpenApiDocument } from '../core/types.js';
import { authenticate } from './auth/step.js';
import type { Exchange } from './control/journal.js';
import type { ResolvedMockOptions } from './options.js';
import { planAnswer } from './respond/answer-plan.js';
import { ready, type PreparedReply } from './respond/reply.js';
import { respond } from './respond/steps.js';
import { preflight, readTarget, route } from './route/steps.js';
import type { Router } from './route/tree.js';
import { Settings } from './scenario/settings.js';
import { chooseScenario, declaredExample, forcedAnswer } from './scenario/steps.js';
import type { StateStore } from './state/store.js';
import { firstAnswer, MockRequest, type Answer, type Step } from './step.js';
import { parseBody } from './validate/read-body.js';
import { acceptable, validate } from './validate/steps.js';

/** Answers a request: at once when nothing has to be read, after the body when one is. */
export interface Pipeline {
  (req: IncomingMessage, exchange?: Exchange): PreparedReply | Promise<PreparedReply>;
}

/** What the server shares with its pipeline: runtime settings, and the store with `--stateful`. */
export interface PipelineExtras {
  settings: Settings;
  store: Promise<StateStore> | undefined;
}

/**
 * The request path, a list of steps: target → preflight → route → scenario → plan → forced
 * answers → accept → example → auth, then the body is read, then validate → respond. Each step
 * answers or passes (see step.ts); plans are compiled on an operation's first request and
 * reused. Only an operation with a request body waits (for the body): the others are answered
 * in the same tick, without a promise.
 */
export function createPipeline(
  doc: OpenApiDocument,
  router: Router,
  options: ResolvedMockOptions,
  { settings, store }: PipelineExtras = { settings: new Settings(options), store: undefined },
  /** `authenticate: false`: no simulated auth (the proxy's fallback: the backend judges credentials). */
  steps: { authenticate?: boolean } = {},
): Pipeline {
  const beforeBody: Step[] = [
    readTarget(),
    preflight(router),
    route(doc, router),
    chooseScenario(settings, options.dynamic),
    planAnswer(doc, options, store),
    forcedAnswer,
    acceptable,
    declaredExample(doc),
    ...(steps.authenticate === false ? [] : [authenticate(doc)]),
  ];
  const afterBody: Step[] = [validate(doc)];
  const finish = (request: MockRequest): Answer =>
    firstAnswer(afterBody, request) ?? respond(request);

  return (req, exchange) => {
    const request = new MockRequest(req, exchange);
    const early = firstAnswer(beforeBody, request);
    if (early !== undefined) {
      req.resume();
      return settled(early);
    }
    const { plan } = request.planned;
    if (plan.hasBody) request.mediaType = mediaTypeOf(req.headers['content-type']);
    // Stripe's reads declare a body too; a request that sends none is answered at once.
    if (!plan.hasBody || !sendsBody(req)) {
      req.resume();
      return settled(finish(request));
    }
    // One promise for the whole wait: the body arrives, then everything else runs at once.
    return new Promise<PreparedReply>((resolve, reject) => {
      parseBody(req, request.mediaType, plan, (parsed) => {
        if ('reply' in parsed) return resolve(ready(parsed.reply));
        try {
          request.body = parsed.body;
          const answer = finish(request);
          if (answer instanceof Promise) answer.then(resolve, reject);
          else resolve(ready(answer));
        } catch (error) {
          reject(error);
        }
      });
    });
  };
}

function settled(answer: Answer): PreparedReply | Promise<PreparedReply> {
  return answer instanceof Promise ? answer : ready(answer);
}
