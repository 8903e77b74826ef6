import type { HandlerFacts, InputRead, MethodFacts, UseFacts } from '../facts/types.js';
import { shortName } from '../php/names.js';
import type { PhpValue } from '../php/value.js';
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
  inputs: InputRead[];
}

/** How many calls deep: controller → private helper → service → its validator. */
const MAX_DEPTH = 5;

interface Frame {
  self?: string;
  args: readonly PhpValue[];
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
  const out: Followed = { validations: [], inputs: [] };
  const frame: Frame = {
    ...(start.self ? { self: start.self } : {}),
    args: [],
    file: start.file,
    depth: 0,
    stack: [],
  };
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
  if (!found?.facts.uses) return { validations: [], inputs: [] };
  const frame: Frame = {
    self: controller,
    args: [],
    file: found.owner.file,
    depth: 0,
    stack: [`${found.owner.facts.name}::__construct`],
  };
  const out: Followed = { validations: [], inputs: [] };
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
    const inner: Frame = {
      ...(found.self ? { self: found.self } : {}),
      args: call.args.map(resolve),
      file: found.file,
      depth: frame.depth + 1,
      stack: [...frame.stack, found.key],
    };
    visitMethod(found.method, inner, out, classes, config);
  }
}

function visitMethod(
  method: MethodFacts,
  frame: Frame,
  out: Followed,
  classes: ClassIndex,
  config: ResolveScope['config'],
): void {
  const scope = {
    classes,
    config,
    args: frame.args,
    ...(frame.self ? { self: frame.self } : {}),
  };
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
  for (const input of uses.inputs ?? []) {
    if (input.param === undefined) out.inputs.push(input);
    else {
      // `$this->get($field)` in a helper: named by the argument it was called with.
      const name = frame.args[input.param];
      if (typeof name === 'string' && name !== '')
        out.inputs.push({ name, via: input.via, ...(input.type ? { type: input.type } : {}) });
    }
  }
  visitCalls(uses, frame, out, classes, config);
}

/** A public controller method keeps its validation and inputs in `handler`, its calls in `uses`. */
function ownUses(handler: HandlerFacts | undefined, uses: UseFacts | undefined): UseFacts {
  if (!handler) return uses ?? {};
  return { validations: handler.validations, inputs: handler.inputs, calls: uses?.calls ?? [] };
}

function callee(
  call: NonNullable<UseFacts['calls']>[number],
  frame: Frame,
  classes: ClassIndex,
): { method: MethodFacts; self?: string; file: string; key: string } | undefined {
  if (call.kind === 'function') {
    for (const name of [call.method, shortName(call.method)]) {
      const found = classes.method(`function:${name}`, 'function');
      if (found) return { method: found.facts, file: found.owner.file, key: `function:${name}` };
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

function isFalse(value: PhpValue): boolean {
  return value === false || value === null || value === 0 || value === '' || value === '0';
}
