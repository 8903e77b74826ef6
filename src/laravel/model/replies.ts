import type { TypedReturn } from '../infer/engine.js';
import { members, typeKey, union, type Type } from '../infer/type.js';
import type { Validation } from '../requests/rules.js';
import type { Reply, ReplyBody } from './endpoint.js';

export interface ReplyInput {
  /** What the handler's returns are, typed; undefined without a handler to read. */
  returns?: TypedReturn[];
  /** Error statuses the handler raises (`abort(403)`, `findOrFail`, ...). */
  statuses: readonly number[];
  validation?: Validation;
  secured: boolean;
  forbids: boolean;
  bound: boolean;
  /** Rate-limited by `throttle` middleware: 429 with Laravel's headers. */
  throttled: boolean;
  /** The HTTP method: a `GET` never answers 201. */
  method: string;
  /**
   * What the application's exception handler answers for an error status (its responses),
   * replacing Laravel's default; undefined where the default stays.
   */
  handled?: (status: number) => Type | undefined;
}

/** Why the success response could not be inferred, and where (for a warning). */
export interface NotInferred {
  line?: number;
  reason: string;
}

/** One answer a return gives: a status, and its body (none: no content). */
interface Answer {
  status: number;
  body?: Type;
  /** The body is a resource sent as its own response: Laravel wraps it. */
  wrap?: boolean;
  media?: string;
  line: number;
  /** From a returned `null`. */
  null?: true;
  /** From a `catch` block. */
  caught?: true;
}

/**
 * A `catch` block's answer without an error status (`catch (Throwable $e) { return
 * handleError($e); }` giving a string, a 200) is how the code reports a failure, not the
 * operation's success: where the `try` path succeeds, that success is the one documented.
 */
function withoutCaughtSuccess(answers: Answer[]): Answer[] {
  const succeeds = answers.some((a) => !a.caught && a.status < 300);
  return succeeds ? answers.filter((a) => !(a.caught && a.status < 300)) : answers;
}

/**
 * Every reply of an operation: each return's status and body (201 for a model created in the
 * request, 204 for `noContent()`), then 401/403 from auth, 404 from model binding and
 * `*OrFail`, 422 from validation, 429 from `throttle`, `abort()` statuses. A return that cannot
 * be inferred does not hide the ones that can; when none can, the reply says why.
 */
export function resolveReplies(input: ReplyInput): {
  replies: Reply[];
  notInferred?: NotInferred;
} {
  const out = new Map<number, Reply>();
  const answers = withoutCaughtSuccess(
    withoutFallThrough(
      (input.returns ?? []).flatMap((r) =>
        answersOf(r.type, r.line, input.method).map((a) =>
          r.caught ? { ...a, caught: true as const } : a,
        ),
      ),
    ),
  );
  if (!input.returns)
    answers.push({ status: 200, body: { kind: 'unknown', reason: 'no handler' }, line: 0 });
  const byStatus = new Map<number, Answer[]>();
  for (const a of answers) byStatus.set(a.status, [...(byStatus.get(a.status) ?? []), a]);
  let notInferred: NotInferred | undefined;
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    const description = describe(status);
    const withBody = list.filter((a) => a.body);
    const known = withBody.filter((a) => !isUnknownBody(a.body!));
    const media = list.find((a) => a.media)?.media ?? 'application/json';
    // A 204 or 304 has no body, whatever the code gives it: the HTTP layer drops it.
    if (withBody.length === 0 || status === 204 || status === 304) {
      out.set(status, { kind: 'empty', status, description });
    } else if (known.length === 0 && isJson(media)) {
      const first = withBody[0]!;
      const reason = unknownReason(first.body!);
      if (status < 300 && !notInferred && input.returns) notInferred = { line: first.line, reason };
      out.set(status, {
        kind: 'unknown',
        status,
        description: `${description} (not inferred: ${reason})`,
        reason,
      });
    } else if (!isJson(media)) {
      // A file, a CSV, a page: its bytes, whatever the code builds them from.
      out.set(status, { kind: 'bytes', status, description, media });
    } else {
      const bodies = dedupe(known).map((a): ReplyBody =>
        a.wrap ? { type: a.body!, wrap: true } : { type: a.body! },
      );
      out.set(status, { kind: 'json', status, description, media, bodies });
    }
  }
  if (out.size === 0) out.set(200, { kind: 'empty', status: 200, description: describe(200) });
  const errors = new Set(input.statuses);
  if (input.secured) errors.add(401);
  if (input.secured || input.forbids || input.validation?.mayForbid) errors.add(403);
  if (input.bound) errors.add(404);
  if (input.throttled) errors.add(429);
  if (input.validation && Object.keys(input.validation.rules).length > 0) errors.add(422);
  const errorsReturned = new Set(out.keys());
  const handled: Answer[] = [];
  for (const status of [...errors].sort((a, b) => a - b)) {
    if (out.has(status)) continue;
    const answer = input.handled?.(status);
    if (answer) {
      // A status the code computes and the engine could not tell is the error's own.
      const statused = members(answer).map((t) =>
        t.kind === 'response' && t.status === undefined ? { ...t, status } : t,
      );
      handled.push(...answersOf(union(statused), 0, 'post'));
      // A 401 or 403 comes from a mechanism the generator infers (auth middleware, a policy,
      // the project's own exception): the handler's answer for Laravel's exception is added
      // beside Laravel's answer, not put in its place.
      if (status !== 401 && status !== 403) continue;
    }
    out.set(
      status,
      status === 422
        ? {
            kind: 'validation',
            status,
            ...(input.validation ? { validation: input.validation } : {}),
          }
        : status === 429 && input.throttled
          ? { kind: 'throttled', status }
          : { kind: 'error', status },
    );
  }
  // The handler's answer at a status wins over Laravel's default there, not over a return's.
  for (const reply of handlerReplies(handled))
    if (!out.has(reply.status) || !errorsReturned.has(reply.status)) out.set(reply.status, reply);
  const replies = [...out.values()].sort((a, b) => a.status - b.status);
  return notInferred ? { replies, notInferred } : { replies };
}

/**
 * The exception handler's answers, one reply per status: its JSON bodies (an ModelNotFound and an
 * authorization error the handler both answers with 400 are one reply), or no content.
 */
function handlerReplies(answers: Answer[]): Reply[] {
  const byStatus = new Map<number, Answer[]>();
  for (const a of answers) byStatus.set(a.status, [...(byStatus.get(a.status) ?? []), a]);
  return [...byStatus].map(([status, list]): Reply => {
    const description = describe(status);
    const known = list.filter((a) => a.body && !isUnknownBody(a.body));
    const media = list.find((a) => a.media)?.media ?? 'application/json';
    const typed = list.find((a) => a.body);
    if (!typed || !isJson(media) || status === 204) return { kind: 'empty', status, description };
    if (known.length === 0) {
      const reason = unknownReason(typed.body!);
      return {
        kind: 'unknown',
        status,
        description: `${description} (not inferred: ${reason})`,
        reason,
      };
    }
    const bodies = dedupe(known).map((a): ReplyBody => ({ type: a.body! }));
    return { kind: 'json', status, description, media, bodies };
  });
}

/**
 * What a returned value answers. Laravel sends 201 for a model created in this request
 * (`wasRecentlyCreated`), returned as is or in a resource; never for a `GET`.
 * @see https://github.com/laravel/framework/blob/8.x/src/Illuminate/Routing/Router.php (toResponse)
 */
function answersOf(type: Type, line: number, method: string): Answer[] {
  const readOnly = method === 'get' || method === 'head';
  const created = (t: Type): ('yes' | 'maybe' | undefined)[] =>
    members(t).map((m) =>
      m.kind === 'model' && (m.created === 'yes' || m.created === 'maybe') ? m.created : undefined,
    );
  const statuses = (t: Type): number[] => {
    if (readOnly) return [200];
    const flags = created(t);
    if (flags.includes('yes') && flags.every((f) => f !== undefined)) return [201];
    if (flags.some((f) => f !== undefined)) return [200, 201];
    return [200];
  };
  return members(type).flatMap((t): Answer[] => {
    switch (t.kind) {
      case 'never':
        return [];
      case 'response': {
        // A resource's own response (`(new PostResource($post))->response()`) is 201 for a
        // created model, as the resource returned as is.
        const resource = t.wrap && t.body?.kind === 'resource' ? t.body : undefined;
        const codes =
          t.status !== undefined
            ? [readOnly && t.status === 201 ? 200 : t.status]
            : resource && !resource.collection
              ? statuses(resource.data)
              : [200];
        return codes.map((status) => {
          const answer: Answer = { status, line };
          if (t.body) answer.body = t.body;
          if (t.wrap) answer.wrap = true;
          if (t.media) answer.media = t.media;
          return answer;
        });
      }
      case 'resource':
        return statuses(t.collection ? { kind: 'null' } : t.data).map((status) => ({
          status,
          body: t,
          wrap: true,
          line,
        }));
      case 'model':
        return statuses(t).map((status) => ({ status, body: t, line }));
      case 'file':
        // JSON written by a stream (`response()->stream(fn, 200, ['Content-Type' => 'application/json'])`):
        // JSON whose shape the callback's output decides; another return may say it.
        return t.media && isJson(t.media)
          ? [{ status: 200, body: { kind: 'unknown', reason: 'a JSON stream' }, line }]
          : [{ status: 200, body: t, media: t.media ?? 'application/octet-stream', line }];
      case 'null':
        return [{ status: 200, line, null: true }];
      default:
        return [{ status: 200, body: t, line }];
    }
  });
}

/**
 * A bare `null` (a path that returns nothing, the end of a `switch` over every case) beside
 * successful answers with a body is not an answer a client meets: it is left out.
 */
function withoutFallThrough(answers: Answer[]): Answer[] {
  const isNull = (a: Answer) => a.status === 200 && !a.body && a.null === true;
  const others = answers.some((a) => !isNull(a) && a.status < 300 && a.body);
  return others ? answers.filter((a) => !isNull(a)) : answers;
}

function isJson(media: string): boolean {
  return /[/+]json$/i.test(media);
}

function isUnknownBody(type: Type): boolean {
  return members(type).every((t) => t.kind === 'unknown');
}

/** Why a body is unknown, in words: what could not be typed. */
function unknownReason(type: Type): string {
  const found = members(type).find((t) => t.kind === 'unknown' && t.reason);
  const reason = found?.kind === 'unknown' ? found.reason : undefined;
  if (!reason) return 'the returned value could not be typed';
  if (reason === 'no handler') return 'no handler to read';
  return /^(->|\$|[\w\\]+::|[\w\\]+\(|\[)/.test(reason)
    ? `what \`${reason}\` gives could not be typed`
    : `${reason} could not be typed`;
}

function dedupe(answers: Answer[]): Answer[] {
  const seen = new Set<string>();
  return answers.filter((a) => {
    const key = `${a.wrap ? 'w' : ''}${typeKey(a.body!)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const DESCRIPTIONS: Record<number, string> = {
  200: 'Successful response',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  400: 'Bad request',
  409: 'Conflict',
  422: 'Validation error',
};

/** The description of a status's response. */
export function describe(status: number): string {
  return DESCRIPTIONS[status] ?? (status < 400 ? 'Successful response' : 'Error');
}
