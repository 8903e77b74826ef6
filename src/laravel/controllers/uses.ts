import { child, children, forEachChild, isNode, lineOf, type Node } from '../php/ast.js';
import { argValue, flattenChain, functionCall, staticCall, type Chain } from '../php/chain.js';
import { evaluate, lookupClass, type EvalContext } from '../php/evaluate.js';
import { late, lateOf, merge, operate } from '../php/late.js';
import { isWholeInput, requestRead } from '../php/request-values.js';
import type { PhpValue } from '../php/value.js';
import type { CallFacts, FillFacts, InputRead, UseFacts, ValidationFacts } from '../facts/types.js';
import { fillOf } from './fills.js';
import { queryBuilderInputs } from './query-builder.js';
import { validatingCall } from './validations.js';

/** Calls that never lead to request input, however their arguments look. */
const NOT_FOLLOWED =
  /^(is_|array_|str_|in_array$|count$|isset$|empty$|json_|data_get$|collect$|response$|abort|logger$|info$|report$|dd$|dump$)/;

/**
 * What a method's body does with the request, beyond what it answers: validation (with the
 * data validated and the `if` tests around it), inputs read by name, and the calls it makes
 * that may validate or read more — on `$this`, on another class (static, `new`, a typed
 * property or parameter, `app(X::class)`), or on a global function. The assembly follows the
 * calls with their arguments (`requests/follow.ts`).
 */
export function analyseUses(
  body: Node,
  ctx: EvalContext,
  options: {
    /** Keep `$this->x()` calls handed no request data (a controller's response helpers). */
    allThisCalls?: boolean;
    /** Read closures too (a constructor's `$this->middleware(function ...)`). */
    closures?: boolean;
  } = {},
): UseFacts | undefined {
  const out = {
    validations: [] as ValidationFacts[],
    inputs: [] as InputRead[],
    calls: [] as CallFacts[],
    dispatches: false,
    named: new Set<string>(),
    fills: [] as FillFacts[],
    casts: {} as Record<string, 'integer' | 'number' | 'boolean'>,
    closed: [] as PhpValue[],
  };
  const inputs = new Map<string, InputRead>();
  const callees = new WeakSet<Node>();
  const request = ctx.request;
  const reads = !!request && (request.self || request.global || request.variables.size > 0);
  /** Variables bound by a `foreach` over a parameter, to what they are of its entries. */
  const each = new Map<string, EachSlot>();
  const addInput = (r: InputRead) => {
    const key = `${r.via}:${r.name}:${r.param ?? ''}:${r.each ? JSON.stringify(r.each) : ''}`;
    const previous = inputs.get(key);
    if (!previous || (!previous.type && r.type)) inputs.set(key, r);
  };
  const visit = (node: Node, when: Guard | undefined, at: EvalContext) => {
    if (node.kind === 'class') return;
    if ((node.kind === 'closure' || node.kind === 'arrowfunc') && !options.closures) return;
    if (node.kind === 'if') {
      const test = child(node, 'test');
      if (test) visit(test, when, at);
      const body = child(node, 'body');
      const alternate = child(node, 'alternate');
      if (body) visit(body, test ? { test, ctx: at, negated: false, outer: when } : when, at);
      if (alternate)
        visit(alternate, test ? { test, ctx: at, negated: true, outer: when } : when, at);
      return;
    }
    if (node.kind === 'foreach') {
      // `foreach (['start', 'end'] as $field) $request->query($field)`: once per value.
      const bound = foreachValues(node, at);
      if (bound) {
        for (const inner of bound) visit(child(node, 'body') ?? node, when, inner);
        return;
      }
      const over = reads ? eachOfParam(node, at) : undefined;
      if (over) {
        // `foreach ($fields as $field => $info)` with `$fields` a parameter: named by the caller.
        const before = new Map(each);
        for (const [name, slot] of over) each.set(name, slot);
        forEachChild(node, (item) => visit(item, when, at));
        each.clear();
        for (const [name, slot] of before) each.set(name, slot);
        return;
      }
    }
    if (each.size > 0 && node.kind === 'call')
      for (const r of eachInputOf(node, at, each)) addInput(r);
    if (node.kind === 'call' && isNode(node.what)) callees.add(node.what);
    if (reads && !callees.has(node)) for (const r of inputOf(node, at)) addInput(r);
    if (node.kind === 'cast') {
      const cast = castOf(node, at);
      if (cast) out.casts[cast.name] ??= cast.type;
    }
    if (node.kind === 'new') {
      const filled = fillOf(node, at);
      if (filled) out.fills.push(filled);
    }
    if (node.kind === 'call') {
      // Each look at the call reads the same chain: flattened once.
      const chain = flattenChain(node);
      const filled = fillOf(node, at, chain);
      if (filled) out.fills.push(filled);
      for (const r of queryBuilderInputs(node, at, chain)) addInput(r);
      if (isDispatch(node)) out.dispatches = true;
      const allowed = allowedKeys(node, at);
      if (allowed) out.closed.push(allowed);
      const own = thisMethod(node);
      if (own) out.named.add(own);
      const validation = validationOf(node, at, when, chain);
      if (validation) out.validations.push(validation);
      else {
        const call = callOf(node, at, when, options.allThisCalls === true, chain);
        if (call) out.calls.push(call);
      }
    }
    forEachChild(node, (item) => visit(item, when, at));
  };
  visit(body, undefined, ctx);
  out.inputs = [...inputs.values()];
  const facts: UseFacts = {};
  if (out.validations.length > 0) facts.validations = out.validations;
  if (out.inputs.length > 0) facts.inputs = out.inputs;
  if (out.calls.length > 0) facts.calls = out.calls;
  if (out.fills.length > 0) facts.fills = out.fills;
  if (Object.keys(out.casts).length > 0) facts.casts = out.casts;
  if (out.dispatches) facts.dispatches = { calls: [...out.named].sort() };
  if (out.closed.length > 0) facts.closed = out.closed;
  return Object.keys(facts).length > 0 ? facts : undefined;
}

/**
 * `array_diff(array_keys($request->all()), $allowed, ['extra'])`: the keys of the request's
 * input that are not allowed, which the code goes on to reject. The allowed keys, as one list.
 */
function allowedKeys(node: Node, ctx: EvalContext): PhpValue | undefined {
  const diff = functionCall(node);
  if (diff?.name !== 'array_diff' || diff.args.length < 2) return undefined;
  const keys = functionCall(argValue(diff.args[0]));
  const data =
    keys?.name === 'array_keys' && keys.args.length === 1 ? argValue(keys.args[0]) : undefined;
  if (!data || !isWholeInput(evaluate(data, ctx))) return undefined;
  return merge(diff.args.slice(1).map((arg) => evaluate(argValue(arg), ctx)));
}

const CAST_TYPES: Record<string, 'integer' | 'number' | 'boolean'> = {
  int: 'integer',
  float: 'number',
  bool: 'boolean',
};

/** `(int) $id` with `$id` a parameter: the parameter's type. */
function castOf(
  node: Node,
  ctx: EvalContext,
): { name: string; type: 'integer' | 'number' | 'boolean' } | undefined {
  const type = Object.hasOwn(CAST_TYPES, String(node.type))
    ? CAST_TYPES[String(node.type)]
    : undefined;
  const what = child(node, 'expr');
  const name = what?.kind === 'variable' ? String(what.name) : undefined;
  return type && name && ctx.params?.includes(name) ? { name, type } : undefined;
}

/** A `foreach` over a literal list: the context of each pass, its value variable bound. */
function foreachValues(node: Node, ctx: EvalContext): EvalContext[] | undefined {
  const value = child(node, 'value');
  if (value?.kind !== 'variable' || typeof value.name !== 'string') return undefined;
  const source = evaluate(child(node, 'source'), ctx);
  if (typeof source !== 'object' || source?.kind !== 'array' || source.items.length > 20)
    return undefined;
  const scalars = source.items.map((i) => i.value);
  if (!scalars.every((v) => typeof v === 'string' || typeof v === 'number')) return undefined;
  return scalars.map((v) => ({
    ...ctx,
    variables: new Map([
      ...(ctx.variables ?? []),
      [String(value.name), { kind: typeof v === 'string' ? 'string' : 'number', value: v }],
    ]),
    values: new Map(),
  }));
}

/** A `foreach` variable over a parameter's entries: the entry's key, or its value. */
interface EachSlot {
  param: number;
  key?: true;
}

/** `foreach ($fields as $field => $info)` with `$fields` the function's parameter. */
function eachOfParam(node: Node, ctx: EvalContext): Map<string, EachSlot> | undefined {
  const source = lateOf(evaluate(child(node, 'source'), ctx));
  if (source?.kind !== 'param') return undefined;
  const slots = new Map<string, EachSlot>();
  const value = child(node, 'value');
  const key = child(node, 'key');
  if (value?.kind === 'variable' && typeof value.name === 'string')
    slots.set(value.name, { param: source.position });
  if (key?.kind === 'variable' && typeof key.name === 'string')
    slots.set(key.name, { param: source.position, key: true });
  return slots.size > 0 ? slots : undefined;
}

/**
 * A request read named by a `foreach` variable over a parameter (`$this->has($info[0])`,
 * `$request->input($field)`): one input per entry of the caller's argument.
 */
function eachInputOf(node: Node, ctx: EvalContext, each: Map<string, EachSlot>): InputRead[] {
  let found: InputRead['each'] & { param: number } = { param: -1 };
  const named = (n: Node | undefined): PhpValue => {
    const slot = eachName(n, each);
    if (!slot) return evaluate(n, ctx);
    found = slot;
    // A placeholder the request reader takes for a name known later.
    return late({ kind: 'param', name: 'each', position: -1 }, 'each');
  };
  const read = lateOf(requestRead(node, ctx, named));
  if (read?.kind !== 'input' || read.nameParam !== -1 || found.param < 0) return [];
  const { param, ...at } = found;
  return [{ name: '', via: read.via, param, each: at, ...(read.type ? { type: read.type } : {}) }];
}

/** `$info[0]`, `$info['name']`, `$field` (a bound key or value). */
function eachName(
  node: Node | undefined,
  each: Map<string, EachSlot>,
): (InputRead['each'] & { param: number }) | undefined {
  if (node?.kind === 'variable' && typeof node.name === 'string') {
    const slot = each.get(node.name);
    return slot ? { param: slot.param, ...(slot.key ? { key: true as const } : {}) } : undefined;
  }
  if (node?.kind !== 'offsetlookup') return undefined;
  const what = child(node, 'what');
  const offset = child(node, 'offset');
  const slot = what?.kind === 'variable' ? each.get(String(what.name)) : undefined;
  if (!slot || slot.key || (offset?.kind !== 'number' && offset?.kind !== 'string'))
    return undefined;
  const at = offset.kind === 'number' ? Number(offset.value) : String(offset.value);
  return { param: slot.param, at };
}

/** `$this->name(...)`: the method's name. */
function thisMethod(node: Node): string | undefined {
  const what = child(node, 'what');
  if (what?.kind !== 'propertylookup') return undefined;
  const target = child(what, 'what');
  const offset = child(what, 'offset');
  return target?.kind === 'variable' && target.name === 'this' && offset?.kind === 'identifier'
    ? String(offset.name)
    : undefined;
}

/**
 * `$this->$name(...)` (or `$this->{$name}(...)`): a method chosen by a value, as query filter
 * classes call one method per request input.
 */
function isDispatch(node: Node): boolean {
  const what = child(node, 'what');
  if (what?.kind !== 'propertylookup') return false;
  const target = child(what, 'what');
  const offset = child(what, 'offset');
  return (
    target?.kind === 'variable' &&
    target.name === 'this' &&
    offset !== undefined &&
    offset.kind !== 'identifier'
  );
}

/** An input read by name, or the names an `only([...])` reads. */
function inputOf(node: Node, ctx: EvalContext): InputRead[] {
  // (`$request->get($field)` with `$field` a parameter: named by the caller's argument.)
  if (
    node.kind !== 'call' &&
    node.kind !== 'propertylookup' &&
    node.kind !== 'nullsafepropertylookup'
  )
    return [];
  const late = lateOf(requestRead(node, ctx, (n) => evaluate(n, ctx)));
  if (late?.kind !== 'input' || late.via === 'request') return [];
  const typed = late.type ? { type: late.type } : {};
  if (late.name !== undefined) return [{ name: late.name, via: late.via, ...typed }];
  if (late.nameParam !== undefined)
    return [{ name: '', via: late.via, param: late.nameParam, ...typed }];
  return (late.keys ?? []).map((name) => ({ name, via: late.via }));
}

function validationOf(
  node: Node,
  ctx: EvalContext,
  when: Guard | undefined,
  chain: Chain,
): ValidationFacts | undefined {
  const call = validatingCall(node, ctx, undefined, chain);
  const rules = argValue(call?.args[call.at]);
  if (!call || !rules) return undefined;
  const [messages, attributes] = [1, 2].map((n) => argValue(call.args[call.at + n]));
  const data = call.data === undefined ? undefined : argValue(call.args[call.data]);
  return {
    line: lineOf(node),
    rules: evaluate(rules, ctx),
    ...(messages ? { messages: evaluate(messages, ctx) } : {}),
    ...(attributes ? { attributes: evaluate(attributes, ctx) } : {}),
    ...(data ? { data: evaluate(data, ctx) } : {}),
    ...(when ? { when: conditionOf(when) } : {}),
  };
}

/**
 * A call worth following: any on `$this`, and those on another class or a function that are
 * handed request data (an input, the request, or an array holding them).
 */
function callOf(
  node: Node,
  ctx: EvalContext,
  when: Guard | undefined,
  allThisCalls: boolean,
  chain: Chain,
): CallFacts | undefined {
  const target = targetOf(node, ctx, chain);
  if (!target) return undefined;
  const argNodes = children(node, 'arguments');
  // Request data comes in variables (or `request()`): a call without any is not followed.
  const onRequest = target.onRequest === true;
  if (!(target.kind === 'this' && allThisCalls) && !onRequest && !argNodes.some(mentionsVariable))
    return undefined;
  const args = argNodes.map((a) => evaluate(argValue(a), ctx));
  const carries = args.some(carriesInput);
  const always = (target.kind === 'this' && allThisCalls) || target.onRequest === true;
  if (!carries && !always) return undefined;
  // What could never be known is dropped; the rest a callee may use (request data, rules it
  // validates with, scalars its `if`s test, values known once the project is).
  const kept = args.map((a) =>
    typeof a === 'object' && a !== null && a.kind === 'unknown' && !a.late ? OTHER : a,
  );
  const call: CallFacts = {
    line: lineOf(node),
    kind: target.kind,
    ...(target.className ? { className: target.className } : {}),
    method: target.method,
    args: kept,
  };
  if (when) call.when = conditionOf(when);
  return call;
}

function targetOf(
  node: Node,
  ctx: EvalContext,
  chain: Chain,
): (Pick<CallFacts, 'kind' | 'className' | 'method'> & { onRequest?: boolean }) | undefined {
  const fn = functionCall(node);
  if (fn) return NOT_FOLLOWED.test(fn.name) ? undefined : { kind: 'function', method: fn.name };
  const stat = staticCall(node);
  if (stat) {
    const what = stat.what;
    const keepsThis =
      what.kind === 'selfreference' ||
      what.kind === 'staticreference' ||
      what.kind === 'parentreference';
    const className = lookupClass(what, ctx);
    if (!className) return undefined;
    return keepsThis
      ? {
          kind: 'this',
          method: stat.method,
          ...(what.kind === 'parentreference' ? { className } : {}),
        }
      : { kind: 'class', className, method: stat.method };
  }
  const { root, links } = chain;
  const last = links.at(-1);
  if (!last?.call) return undefined;
  const receiver = links.slice(0, -1);
  if (root.kind === 'variable' && root.name === 'this' && receiver.length === 0)
    return { kind: 'this', method: last.name };
  const className = receiverClass(root, receiver, ctx);
  if (!className) return undefined;
  // `$request->getAll()` on a typed FormRequest: its own methods read the request.
  const onRequest =
    receiver.length === 0 &&
    root.kind === 'variable' &&
    ctx.request?.variables.has(String(root.name)) === true;
  return { kind: 'class', className, method: last.name, ...(onRequest ? { onRequest } : {}) };
}

/**
 * The class of what a method is called on: `new X(...)`, `app(X::class)`, `resolve(X::class)`,
 * `$this->service` (a typed property), `$service` (a typed parameter, or assigned `new X`).
 */
function receiverClass(
  root: Node,
  links: ReturnType<typeof flattenChain>['links'],
  ctx: EvalContext,
): string | undefined {
  if (links.length === 0) {
    const value = root.kind === 'variable' ? undefined : evaluate(root, ctx);
    if (root.kind === 'new' || root.kind === 'parenthesis') {
      const made = evaluate(root.kind === 'parenthesis' ? child(root, 'inner') : root, ctx);
      return typeof made === 'object' && made?.kind === 'new' ? made.className : undefined;
    }
    if (root.kind === 'variable' && typeof root.name === 'string') {
      const typed = ctx.types?.(root.name);
      if (typed) return typed;
      const assigned = ctx.variables?.get(root.name);
      if (assigned) return receiverClass(assigned, [], ctx);
    }
    const container = functionCall(root);
    if (container && (container.name === 'app' || container.name === 'resolve')) {
      const arg = evaluate(argValue(container.args[0]), ctx);
      if (typeof arg === 'object' && arg?.kind === 'class') return arg.name;
    }
    return typeof value === 'object' && value?.kind === 'new' ? value.className : undefined;
  }
  if (links.length === 1 && !links[0]!.call && root.kind === 'variable' && root.name === 'this')
    return ctx.propertyType?.(links[0]!.name);
  return undefined;
}

const OTHER: PhpValue = { kind: 'unknown' };

function mentionsVariable(node: Node): boolean {
  if (node.kind === 'variable') return true;
  if (node.kind === 'call' && child(node, 'what')?.kind === 'name') {
    const name = String(child(node, 'what')?.name).replace(/^\\/, '');
    if (name === 'request') return true;
  }
  if (node.kind === 'closure' || node.kind === 'arrowfunc') return false;
  let found = false;
  forEachChild(node, (item) => {
    found ||= mentionsVariable(item);
  });
  return found;
}

/** Whether a value holds request data: an input, the request itself, or an array with one. */
function carriesInput(value: PhpValue): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (value.kind === 'array') return value.items.some((i) => carriesInput(i.value));
  const late = lateOf(value);
  if (!late) return false;
  if (late.kind === 'input' || late.kind === 'param') return true;
  if (late.kind === 'merge') return late.parts.some(carriesInput);
  return false;
}

/**
 * The `if` tests around a point of a body (innermost first): evaluated only when something
 * recorded there needs them, most `if`s guard nothing that is recorded.
 */
interface Guard {
  test: Node;
  ctx: EvalContext;
  /** In the `else` branch. */
  negated: boolean;
  outer: Guard | undefined;
  value?: PhpValue;
}

/** The conjunction of a guard's tests (memoised on the guard). */
function conditionOf(guard: Guard): PhpValue {
  if (guard.value !== undefined) return guard.value;
  let test = evaluate(guard.test, guard.ctx);
  if (guard.negated)
    test = operate('!', [test]) ?? late({ kind: 'op', op: '!', args: [test] }, '!');
  const value = guard.outer
    ? (() => {
        const outer = conditionOf(guard.outer);
        return (
          operate('&&', [outer, test]) ?? late({ kind: 'op', op: '&&', args: [outer, test] }, '&&')
        );
      })()
    : test;
  guard.value = value;
  return value;
}
