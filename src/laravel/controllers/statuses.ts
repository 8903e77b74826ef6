import { child, walk, type Node } from '../php/ast.js';
import { argValue, flattenChain, functionCall, staticCall } from '../php/chain.js';
import { evaluate, lookupClass, type EvalContext } from '../php/evaluate.js';
import { shortName } from '../php/names.js';
import type { DescribeContext } from '../shapes/context.js';
import { statusValue } from '../shapes/status.js';

/** Calls that fail with a known status: the abort helpers, `*OrFail`, authorization. */
const FUNCTIONS: Record<string, (args: Node[], ctx: DescribeContext) => number | undefined> = {
  abort: (args, ctx) => status(args[0], ctx),
  abort_if: (args, ctx) => status(args[1], ctx),
  abort_unless: (args, ctx) => status(args[1], ctx),
};

const METHODS: Record<string, number> = {
  findOrFail: 404,
  firstOrFail: 404,
  sole: 404,
  authorize: 403,
  authorizeForUser: 403,
};

/** Exceptions Laravel renders with a status of their own. */
const EXCEPTIONS: Record<string, number> = {
  ModelNotFoundException: 404,
  NotFoundHttpException: 404,
  AuthorizationException: 403,
  AccessDeniedHttpException: 403,
  AuthenticationException: 401,
  ValidationException: 422,
  ConflictHttpException: 409,
  UnprocessableEntityHttpException: 422,
  BadRequestHttpException: 400,
};

/** The status Laravel renders a framework exception with, by its short name. */
export function frameworkStatus(className: string): number | undefined {
  return EXCEPTIONS[shortName(className)];
}

/** Classes a body throws (`throw new PirepNotFound(...)`) that are not the framework's own. */
export function thrownClasses(body: Node, ctx: EvalContext): string[] {
  const found = new Set<string>();
  walk(body, (node) => {
    const className = thrownClass(node, ctx);
    if (className && EXCEPTIONS[shortName(className)] === undefined) found.add(className);
  });
  return [...found].sort();
}

/** The class a `throw new X(...)` statement throws. */
function thrownClass(node: Node, ctx: EvalContext): string | undefined {
  if (node.kind !== 'throw') return undefined;
  const thrown = child(node, 'what');
  return thrown?.kind === 'new' ? lookupClass(child(thrown, 'what'), ctx) : undefined;
}

/** The error statuses a handler can answer with, besides the ones routing and validation add. */
export function findStatuses(body: Node, ctx: DescribeContext): number[] {
  const found = new Set<number>();
  walk(body, (node) => {
    const code = statusOf(node, ctx);
    if (code !== undefined && code >= 400 && code < 600) found.add(code);
  });
  return [...found].sort((a, b) => a - b);
}

function statusOf(node: Node, ctx: DescribeContext): number | undefined {
  const fn = functionCall(node);
  if (fn) return FUNCTIONS[fn.name]?.(fn.args, ctx);
  const call = staticCall(node);
  if (call) {
    const className = lookupClass(call.what, ctx.eval);
    if (className && shortName(className) === 'ValidationException') return 422;
    if (className && shortName(className) === 'Gate' && call.method === 'authorize') return 403;
    return METHODS[call.method] === 404 ? 404 : undefined;
  }
  if (node.kind === 'throw') {
    const className = thrownClass(node, ctx.eval);
    return className ? EXCEPTIONS[shortName(className)] : undefined;
  }
  if (node.kind !== 'call') return undefined;
  const { links } = flattenChain(node);
  const last = links[links.length - 1];
  return last?.call ? METHODS[last.name] : undefined;
}

function status(arg: Node | undefined, ctx: DescribeContext): number | undefined {
  return statusValue(evaluate(argValue(arg), ctx.eval));
}
