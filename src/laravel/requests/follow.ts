import {
  functionClass,
  type HandlerFacts,
  type InputRead,
  type MethodFacts,
  type UseFacts,
} from '../facts/types.js';
import { lateOf } from '../php/late.js';
import { isWholeInput } from '../php/request-values.js';
import { shortName } from '../php/names.js';
import { frameworkStatus } from '../controllers/statuses.js';
import { isPhpArray, itemAt, type PhpValue } from '../php/value.js';
import type { ClassIndex } from '../project/classes.js';
import { resolveValue, type ResolveScope } from '../resolve/value.js';

/** Validation found in a method a handler calls, resolved with the call's arguments. */
export interface FollowedValidation {
  rules: PhpValue;
  /** The data validated, when it is not the request (`Validator::make($data, ...)`). */
  data?: PhpValue;
  messages?: PhpValue;
  attributes?: PhpValue;
  file: string;
  line: number;
}

export interface Followed {
  validations: FollowedValidation[];
  /** Error statuses the followed methods fail with (their own and their exceptions'). */
  statuses: number[];
  inputs: InputRead[];
  /** Models the request's whole input is mass-assigned to. */
  filled: string[];
  /** The keys allowed where any other key of the input is rejected (see `UseFacts.closed`). */
  closed?: PhpValue[];
}

/** Nothing found yet. */
export function emptyFollowed(): Followed {
  return { validations: [], statuses: [], inputs: [], filled: [] };
}

/** How many calls deep: controller → private helper → service → its validator. */
const MAX_DEPTH = 5;

interface Frame {
  self?: string;
  args: readonly PhpValue[];
  /** The classes the arguments are known to be (the caller's typed parameters). */
  argTypes?: readonly (string | undefined)[];
  /** The classes this method's parameters hold (declared, else the caller's). */
  paramTypes?: readonly (string | undefined)[];
  file: string;
  depth: number;
  stack: readonly string[];
}

/**
 * What a handler's calls validate and read, followed with their arguments into the project's
 * methods and functions: a private `create($request, 'public')`, a service's `execute($data)`
 * that validates its data with its own `rules()`, a global `customValidator($request->all(),
 * [...])` around `Validator::make`. A call inside an `if` whose test the arguments decide (`if
 * ($type === 'public')`) is followed only when the test holds.
 */
export function followCalls(
  start: { uses?: UseFacts; self?: string; file: string },
  classes: ClassIndex,
  config: ResolveScope['config'],
): Followed {
  const out = emptyFollowed();
  const frame: Frame = {
    ...(start.self ? { self: start.self } : {}),
    args: [],
    file: start.file,
    depth: 0,
    stack: [],
  };
  const scope = { classes, config, ...(start.self ? { self: start.self } : {}) };
  for (const f of start.uses?.fills ?? []) {
    const model = f.className ?? madeBy(f.madeBy, classes);
    if (model && isWholeInput(resolveValue(f.data, scope))) out.filled.push(model);
  }
  for (const allowed of start.uses?.closed ?? [])
    (out.closed ??= []).push(resolveValue(allowed, scope));
  visitCalls(start.uses, frame, out, classes, config);
  return out;
}

/**
 * What a controller's constructor reads from the request and validates (its calls followed,
 * a `$this->middleware(function ...)` included): Laravel runs it for every action.
 */
export function followConstructor(
  controller: string,
  classes: ClassIndex,
  config: ResolveScope['config'],
): Followed {
  const found = classes.method(controller, '__construct');
  if (!found?.facts.uses) return emptyFollowed();
  const frame: Frame = {
    self: controller,
    args: [],
    file: found.owner.file,
    depth: 0,
    stack: [`${found.owner.facts.name}::__construct`],
  };
  const out = emptyFollowed();
  visitMethod(found.facts, frame, out, classes, config);
  return out;
}

function visitCalls(
  uses: UseFacts | undefined,
  frame: Frame,
  out: Followed,
  classes: ClassIndex,
  config: ResolveScope['config'],
): void {
  const resolve = (value: PhpValue) =>
    resolveValue(value, {
      classes,
      config,
      args: frame.args,
      ...(frame.self ? { self: frame.self } : {}),
    });
  for (const call of uses?.calls ?? []) {
    if (call.when !== undefined && isFalse(resolve(call.when))) continue;
    const found = callee(call, frame, classes);
    if (!found || frame.depth >= MAX_DEPTH || frame.stack.includes(found.key)) continue;
    // What the call leaves out is the parameter's default (`array $allowed = ['name']`).
    const args = call.args.map(resolve);
    for (const p of found.method.params.slice(args.length)) {
      const fallback = p.defaultValue ?? p.default;
      if (fallback === undefined) break;
      args.push(fallback);
    }
    const inner: Frame = {
      ...(found.self ? { self: found.self } : {}),
      args,
      argTypes: call.args.map((a) => typeOfArg(a, frame)),
      file: found.file,
      depth: frame.depth + 1,
      stack: [...frame.stack, found.key],
    };
    visitMethod(found.method, inner, out, classes, config);
  }
}

function visitMethod(
  method: MethodFacts,
  given: Frame,
  out: Followed,
  classes: ClassIndex,
  config: ResolveScope['config'],
): void {
  const frame: Frame = {
    ...given,
    paramTypes: method.params.map((_, i) => paramType(method, given, i)),
  };
  const scope = {
    classes,
    config,
    args: frame.args,
    ...(frame.self ? { self: frame.self } : {}),
  };
  out.statuses.push(...raisedStatuses(method.raises, classes));
  const uses = ownUses(method.handler, method.uses);
  for (const v of uses.validations ?? []) {
    if (v.when !== undefined && isFalse(resolveValue(v.when, scope))) continue;
    out.validations.push({
      rules: resolveValue(v.rules, scope),
      ...(v.data === undefined ? {} : { data: resolveValue(v.data, scope) }),
      ...(v.messages === undefined ? {} : { messages: resolveValue(v.messages, scope) }),
      ...(v.attributes === undefined ? {} : { attributes: resolveValue(v.attributes, scope) }),
      file: frame.file,
      line: v.line,
    });
  }
  for (const allowed of uses.closed ?? []) (out.closed ??= []).push(resolveValue(allowed, scope));
  for (const f of uses.fills ?? []) {
    const model = f.className ?? paramType(method, frame, f.param) ?? madeBy(f.madeBy, classes);
    if (model && isWholeInput(resolveValue(f.data, scope))) out.filled.push(model);
  }
  for (const input of uses.inputs ?? []) {
    if (input.param === undefined) out.inputs.push(input);
    else {
      // `$this->get($field)` in a helper: named by the argument it was called with.
      const arg = frame.args[input.param];
      const typed = input.type ? { type: input.type } : {};
      for (const name of input.each ? entryNames(arg, input.each) : [arg])
        if (typeof name === 'string' && name !== '')
          out.inputs.push({ name, via: input.via, ...typed });
    }
  }
  visitCalls(uses, frame, out, classes, config);
}

/** The names a `foreach` over an array argument reads: each entry's key, value or value's item. */
function entryNames(arg: PhpValue | undefined, each: NonNullable<InputRead['each']>): PhpValue[] {
  if (!isPhpArray(arg)) return [];
  return arg.items.map((item) =>
    each.key
      ? (item.key ?? null)
      : each.at === undefined
        ? item.value
        : (itemAt(item.value, each.at) ?? null),
  );
}

/** A public controller method keeps its validation and inputs in `handler`, its calls in `uses`. */
function ownUses(handler: HandlerFacts | undefined, uses: UseFacts | undefined): UseFacts {
  if (!handler) return uses ?? {};
  // Inputs named by the caller's arguments are known to the uses alone.
  const byArgument = (uses?.inputs ?? []).filter((i) => i.param !== undefined);
  return {
    validations: handler.validations,
    inputs: [...handler.inputs, ...byArgument],
    calls: uses?.calls ?? [],
    ...(uses?.closed ? { closed: uses.closed } : {}),
  };
}

function callee(
  call: NonNullable<UseFacts['calls']>[number],
  frame: Frame,
  classes: ClassIndex,
): { method: MethodFacts; self?: string; file: string; key: string } | undefined {
  if (call.kind === 'function') {
    for (const name of [call.method, shortName(call.method)]) {
      const key = functionClass(name);
      const found = classes.method(key, 'function');
      if (found) return { method: found.facts, file: found.owner.file, key };
    }
    return undefined;
  }
  // `$this->x()` (and `parent::x()`) runs on the same object; `Other::x()` on another class.
  const self = call.kind === 'this' ? frame.self : call.className;
  const lookup = call.kind === 'this' ? (call.className ?? frame.self) : call.className;
  if (!lookup) return undefined;
  const found = classes.method(lookup, call.method);
  if (!found) return undefined;
  return {
    method: found.facts,
    file: found.owner.file,
    key: `${lookup}::${call.method}`,
    ...(self ? { self } : {}),
  };
}

/** The class a parameter holds: declared, else what the caller passed (a typed variable). */
function paramType(method: MethodFacts, frame: Frame, position: number | undefined) {
  if (position === undefined) return undefined;
  const declared = method.params[position]?.type;
  return declared?.includes('\\') ? declared : frame.argTypes?.[position];
}

/** The class a static call returns (`PostFactory::create()`), from its declared return type. */
function madeBy(callee: string | undefined, classes: ClassIndex): string | undefined {
  const at = callee?.lastIndexOf('::') ?? -1;
  if (!callee || at < 0) return undefined;
  const type = classes.method(callee.slice(0, at), callee.slice(at + 2))?.facts.returnType;
  return type?.includes('\\') ? type : undefined;
}

/** An argument's class, when it is the caller's own (typed or passed-on) parameter. */
function typeOfArg(arg: PhpValue, frame: Frame): string | undefined {
  const late = lateOf(arg);
  return late?.kind === 'param' ? frame.paramTypes?.[late.position] : undefined;
}

function isFalse(value: PhpValue): boolean {
  return value === false || value === null || value === 0 || value === '' || value === '0';
}

/** The statuses a method's `raises` stand for, its thrown classes looked up. */
export function raisedStatuses(raises: MethodFacts['raises'], classes: ClassIndex): number[] {
  const out = [...(raises?.statuses ?? [])];
  for (const thrown of raises?.thrown ?? []) {
    const status = exceptionStatus(thrown, classes);
    if (status !== undefined) out.push(status);
  }
  return out;
}

/**
 * The status Laravel answers an exception of the project with: the one its constructor gives
 * Symfony's `HttpException` (`parent::__construct(400, ...)`), a `getStatusCode()` returning a
 * number, or the status of the framework exception it extends (`extends NotFoundHttpException`).
 */
function exceptionStatus(className: string, classes: ClassIndex): number | undefined {
  for (const name of [className, ...classes.ancestors(className)]) {
    const own = classes.get(name)?.facts;
    if (own?.status !== undefined) return own.status;
    const code = own?.methods.getStatusCode?.returns;
    if (typeof code === 'number' && code >= 400 && code < 600) return code;
    const framework = frameworkStatus(name);
    if (framework !== undefined) return framework;
  }
  return undefined;
}
