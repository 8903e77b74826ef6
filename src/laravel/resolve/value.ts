import { castValue } from '../php/evaluate.js';
import { functionClass } from '../facts/types.js';
import { choose, concat, late, merge, offset, operate, union } from '../php/late.js';
import { shortName } from '../php/names.js';
import type { LateValue, PhpArray, PhpValue } from '../php/value.js';
import type { ClassIndex } from '../project/classes.js';
import { RESOLVED_FUNCTIONS } from './functions.js';

/** What a value may depend on, once the whole project is known. */
export interface ResolveScope {
  classes: ClassIndex;
  /** `config('app.name')`: the value as the config file writes it. */
  config: (key: string) => PhpValue | undefined;
  /** The class `$this` is: `$this->method()`, `$this->property`, `static::`. */
  self?: string;
  /** The arguments of the call being followed, by the parameters' positions. */
  args?: readonly PhpValue[];
}

/** How deep calls are followed: rule helpers call each other a few levels at most. */
const MAX_DEPTH = 8;

/**
 * A value from one file's facts with what it depends on folded in: string concatenation and
 * `sprintf` once config values and constants are known, arrays merged (`array_merge`, `+`,
 * spread), `parent::rules()`, `$this->helper()`, static helpers and global functions called
 * with their arguments, properties declared by a parent class. What stays unknown keeps its
 * late form (and its source text, for messages).
 */
export function resolveValue(value: PhpValue | undefined, scope: ResolveScope): PhpValue {
  return value === undefined
    ? null
    : new Resolver(scope.classes, scope.config).value(value, frame(scope));
}

interface Frame {
  self?: string;
  args: readonly PhpValue[];
  depth: number;
  /** Methods being followed, against recursion. */
  stack: readonly string[];
}

function frame(scope: ResolveScope): Frame {
  return {
    ...(scope.self ? { self: scope.self } : {}),
    args: scope.args ?? [],
    depth: 0,
    stack: [],
  };
}

class Resolver {
  constructor(
    private readonly classes: ClassIndex,
    private readonly config: (key: string) => PhpValue | undefined,
  ) {}

  value(value: PhpValue, at: Frame): PhpValue {
    if (typeof value !== 'object' || value === null) return value;
    switch (value.kind) {
      case 'array':
        return this.array(value, at);
      case 'call': {
        const named = value.named
          ? Object.fromEntries(Object.entries(value.named).map(([k, v]) => [k, this.value(v, at)]))
          : undefined;
        return this.call(
          value.callee,
          value.args.map((a) => this.value(a, at)),
          value,
          at,
          named,
        );
      }
      case 'new': {
        // `(new ValidCustomFields($team))->toRules($input)`: what the project method returns.
        const [first, ...rest] = value.chain ?? [];
        if (first && rest.length === 0) {
          const args = first.args.map((a) => this.value(a, at));
          const found = this.method(value.className, first.method, args, value.className, at);
          if (found !== undefined) return found;
        }
        return { ...value, args: value.args.map((a) => this.value(a, at)) };
      }
      case 'const':
        return value.value !== undefined
          ? value
          : (this.constant(value.className, value.name, at) ?? value);
      case 'unknown':
        return value.late ? this.late(value.late, value.source, at) : value;
      default:
        return value;
    }
  }

  private array(value: PhpArray, at: Frame): PhpValue {
    const items: PhpArray['items'] = [];
    for (const item of value.items) {
      const resolved = this.value(item.value, at);
      if (item.lateKey === undefined) {
        items.push({ ...item, value: resolved });
        continue;
      }
      const key = this.value(item.lateKey, at);
      // A key known only at run time (`"custom_fields.{$field->code}"`) names no field a
      // document can list: left out.
      if (typeof key === 'string' || typeof key === 'number') items.push({ key, value: resolved });
    }
    return { kind: 'array', items };
  }

  private late(value: LateValue, source: string | undefined, at: Frame): PhpValue {
    switch (value.kind) {
      case 'concat':
        return value.parts.map((p) => this.value(p, at)).reduce((a, b) => concat(a, b, source));
      case 'merge': {
        const parts = value.parts.map((p) => this.value(p, at));
        return value.union ? parts.reduce((a, b) => union(a, b, source)) : merge(parts, source);
      }
      case 'cast': {
        const inner = this.value(value.value, at);
        return castValue(inner, value.type) ?? late({ ...value, value: inner }, source);
      }
      case 'op': {
        const args = value.args.map((a) => this.value(a, at));
        return operate(value.op, args) ?? late({ ...value, args }, source);
      }
      case 'cond':
        return this.cond(value, source, at);
      case 'param': {
        const arg = at.args[value.position];
        return arg === undefined ? late(value, source) : arg;
      }
      case 'this-call': {
        const args = value.args.map((a) => this.value(a, at));
        const found = at.self ? this.method(at.self, value.method, args, at.self, at) : undefined;
        return found ?? late({ ...value, args }, source);
      }
      case 'property': {
        const found = at.self !== undefined && this.classes.property(at.self, value.name);
        return found === undefined || found === false ? late(value, source) : this.value(found, at);
      }
      case 'offset': {
        const [base, key] = [this.value(value.value, at), this.value(value.key, at)];
        return offset(base, key, source) ?? late({ ...value, value: base, key }, source);
      }
      case 'constant': {
        const found = this.classes.globalConstant(value.name);
        if (found === undefined || at.depth >= MAX_DEPTH) return late(value, source);
        return this.value(found, { ...at, depth: at.depth + 1 });
      }
      case 'static-property': {
        const found = this.classes.property(value.className, value.name);
        if (found === undefined || at.depth >= MAX_DEPTH) return late(value, source);
        return this.value(found, { ...at, self: value.className, depth: at.depth + 1 });
      }
      default:
        return late(value, source);
    }
  }

  /**
   * A conditional: its branch once the test is known; arrays of both branches merged when it
   * is not (every field a rule set may have), else the value stays late.
   */
  private cond(value: Extract<LateValue, { kind: 'cond' }>, source: string | undefined, at: Frame) {
    const test = this.value(value.test, at);
    if (typeof test !== 'object' || test === null)
      return this.value(choose(test, value.then, value.else), at);
    const [a, b] = [this.value(value.then, at), this.value(value.else, at)];
    if (isArrayOrNull(a) && isArrayOrNull(b)) return merge([b ?? EMPTY, a ?? EMPTY], source);
    return late({ kind: 'cond', test, then: a, else: b }, source);
  }

  /**
   * `Foo::bar(...)`: a method of the project (its returned value, with the arguments bound),
   * else a function the resolver knows, else the call with its arguments resolved (Laravel's
   * rule objects, `Rule::in(...)`, stay calls).
   */
  private call(
    callee: string,
    args: PhpValue[],
    original: PhpValue,
    at: Frame,
    named?: Record<string, PhpValue>,
  ): PhpValue {
    const at2 = callee.lastIndexOf('::');
    if (at2 >= 0) {
      const className = callee.slice(0, at2);
      const method = callee.slice(at2 + 2);
      // `parent::rules()`, `self::x()`, `static::x()`: `$this` is still the object's class.
      const self = at.self && this.classes.isA(at.self, [className]) ? at.self : className;
      const found = this.method(className, method, args, self, at, named);
      if (found !== undefined) return found;
    } else {
      const fold = RESOLVED_FUNCTIONS[callee.toLowerCase()];
      const folded = fold?.(args, { config: this.config, resolve: (v) => this.value(v, at) });
      if (folded !== undefined) return folded;
      const found =
        this.method(functionClass(callee), 'function', args, undefined, at) ??
        this.method(functionClass(shortName(callee)), 'function', args, undefined, at);
      if (found !== undefined) return found;
    }
    return { ...(original as object), args } as PhpValue;
  }

  /** What a project method returns, resolved with its arguments bound; undefined when unknown. */
  private method(
    className: string,
    method: string,
    args: PhpValue[],
    self: string | undefined,
    at: Frame,
    named?: Record<string, PhpValue>,
  ): PhpValue | undefined {
    const key = `${className}::${method}`;
    if (at.depth >= MAX_DEPTH || at.stack.includes(key)) return undefined;
    const found = this.classes.method(className, method);
    const returns = found?.facts.returns;
    if (returns === undefined) return undefined;
    const inner: Frame = {
      ...(self ? { self } : {}),
      args: defaults(args, found!.facts.params, named),
      depth: at.depth + 1,
      stack: [...at.stack, key],
    };
    return this.value(returns, inner);
  }

  private constant(className: string, name: string, at: Frame): PhpValue | undefined {
    const owner = this.classes.lineage(className).find((c) => name in c.facts.constants);
    const value = owner?.facts.constants[name];
    if (value === undefined || at.depth >= MAX_DEPTH) return undefined;
    return this.value(value, { ...at, self: owner!.facts.name, depth: at.depth + 1 });
  }
}

const EMPTY: PhpArray = { kind: 'array', items: [] };

function isArrayOrNull(value: PhpValue): value is PhpArray | null {
  return value === null || (typeof value === 'object' && value.kind === 'array');
}

/** Arguments with the parameters' defaults where the call leaves them out. */
function defaults(
  args: readonly PhpValue[],
  params: readonly {
    name: string;
    default?: string | number | boolean | null;
    defaultValue?: PhpValue;
  }[],
  /** Named arguments (`nameRules(required: false)`), by parameter name. */
  named?: Record<string, PhpValue>,
): PhpValue[] {
  return params
    .map((p, i) => {
      if (named && Object.hasOwn(named, p.name)) return named[p.name]!;
      return i < args.length ? args[i]! : (p.defaultValue ?? p.default ?? null);
    })
    .concat(args.slice(params.length));
}
