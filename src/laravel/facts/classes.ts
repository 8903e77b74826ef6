import { child, children, docComment, lineOf, text, walk, type Node } from '../php/ast.js';
import { argValue, staticCall } from '../php/chain.js';
import { firstReturn } from '../php/returns.js';
import { parseDocBlock } from '../php/docblock.js';
import { evaluate, type EvalContext } from '../php/evaluate.js';
import { classOfNameNode, resolveClassName, type NameScope } from '../php/names.js';
import type { PhpValue } from '../php/value.js';
import { methodFacts, type ClassRole } from './methods.js';
import { typeNode } from '../ir/body.js';
import { parseDocVar } from '../ir/doctype.js';
import type { DocType } from '../ir/types.js';
import type { Declared } from './symbols.js';
import { functionClass, type ClassFacts } from './types.js';
import { routeAttributes } from './route-attributes.js';

const KINDS: Record<string, ClassFacts['kind']> = {
  class: 'class',
  enum: 'enum',
  trait: 'trait',
  interface: 'interface',
};

/** Everything the assembly may ask about a class, read from its declaration alone. */
export function classFacts(
  d: Declared,
  constant: EvalContext['constant'],
  /** What the file's text says about it (see `ClassRole.routes`, `readsRequest`). */
  file: { mayRoute?: boolean; readsRequest?: boolean } = {},
): ClassFacts {
  const { node, scope } = d;
  const facts: ClassFacts = {
    name: d.name,
    kind: KINDS[node.kind] ?? 'class',
    line: lineOf(node),
    properties: {},
    constants: {},
    methods: {},
  };
  if (d.parent) facts.extends = d.parent;
  // An interface's parents (`interface A extends B, C`) are what it implements.
  const implemented = children(node, node.kind === 'interface' ? 'extends' : 'implements')
    .map((n) => classOfNameNode(scope, n))
    .filter((n): n is string => !!n);
  if (implemented.length > 0) facts.implements = implemented;
  if (node.isAbstract === true) facts.abstract = true;
  const doc = parseDocBlock(docComment(node));
  if (doc) facts.doc = doc;
  const mixin = doc?.tags.mixin?.[0]?.split(/\s+/)[0];
  if (mixin) facts.mixin = resolveClassName(scope, mixin);
  const documented = documentedProperties(doc?.tags, scope);
  if (documented) facts.propertyHints = documented;
  const ctx: EvalContext = { scope, self: d.name, parent: d.parent, constant };
  const members = children(node, 'body');
  readMembers(facts, members, ctx);
  ctx.property = (name) => facts.properties[name];
  ctx.propertyType = (name) => facts.types?.[name];
  const methodNodes = members.filter((m) => m.kind === 'method');
  const own = roleOf(facts);
  const role = {
    ...own,
    middleware:
      own.passive !== true &&
      (/\\Middleware\\/.test(d.name) || methodNodes.some((m) => text(m, 'name') === 'handle')),
    routes: file.mayRoute === true,
    readsRequest: file.readsRequest === true,
  };
  for (const method of methodNodes) {
    const name = text(method, 'name');
    if (name) facts.methods[name] = methodFacts(method, name, role, ctx);
  }
  const routes = routeAttributes(node, methodNodes, ctx);
  if (routes) facts.routeAttributes = routes;
  const status = constructedStatus(methodNodes);
  if (status !== undefined) facts.status = status;
  const configDir = configPathOf(methodNodes);
  if (configDir) facts.configDir = configDir;
  return facts;
}

/**
 * An `Application` subclass's `configPath()`: `$this->basePath . DIRECTORY_SEPARATOR . 'app'
 * . DIRECTORY_SEPARATOR . 'Config' . (...$path...)` is `app/Config`. The literal segments after
 * the base path, up to the part that appends `$path`.
 */
function configPathOf(methods: Node[]): string | undefined {
  const method = methods.find((m) => text(m, 'name') === 'configPath');
  const returned = method ? firstReturn(method)?.expr : undefined;
  if (!returned) return undefined;
  const parts: Node[] = [];
  const flatten = (node: Node) => {
    if (node.kind === 'bin' && node.type === '.') {
      flatten(child(node, 'left')!);
      flatten(child(node, 'right')!);
    } else parts.push(node);
  };
  flatten(returned);
  const [base, ...rest] = parts;
  const isBase = base?.kind === 'propertylookup' && child(base, 'offset')?.name === 'basePath';
  if (!isBase) return undefined;
  const segments: string[] = [];
  for (const part of rest) {
    if (part.kind === 'string') segments.push(String(part.value));
    else if (part.kind === 'name' && /DIRECTORY_SEPARATOR$/.test(String(part.name)))
      segments.push('/');
    else break;
  }
  const dir = segments
    .join('')
    .replace(/\/+/g, '/')
    .replace(/^\/|\/$/g, '');
  return /^[\w./-]+$/.test(dir) && !dir.includes('..') ? dir : undefined;
}

/** `parent::__construct(404, ...)` in the constructor: an HTTP exception's status. */
function constructedStatus(methods: Node[]): number | undefined {
  const constructor = methods.find((m) => text(m, 'name') === '__construct');
  let found: number | undefined;
  if (constructor)
    walk(constructor, (node) => {
      const call = found === undefined ? staticCall(node) : undefined;
      if (!call || call.method !== '__construct' || call.what?.kind !== 'parentreference') return;
      const first = argValue(call.args[0]);
      const code = first?.kind === 'number' ? Number(first.value) : NaN;
      if (Number.isInteger(code) && code >= 400 && code < 600) found = code;
    });
  return found;
}

/**
 * A function declared at the top level of a file (a global helper, `customValidator()`), as a
 * class of its own named `function:<name>` with one method, `function`: the assembly finds it
 * through the same class index (and tracks it the same way) as methods.
 */
export function functionFacts(
  node: Node,
  scope: NameScope,
  constant: EvalContext['constant'],
): ClassFacts {
  const short = text(node, 'name') ?? '';
  const name = functionClass(scope.namespace ? `${scope.namespace}\\${short}` : short);
  const ctx: EvalContext = { scope, constant };
  const role: ClassRole = { controller: false, provider: false, readsRequest: true };
  return {
    name,
    kind: 'function',
    line: lineOf(node),
    properties: {},
    constants: {},
    methods: { function: methodFacts(node, 'function', role, ctx) },
  };
}

function readMembers(facts: ClassFacts, members: Node[], ctx: EvalContext): void {
  const traits: string[] = [];
  for (const member of members) {
    if (member.kind === 'traituse') {
      for (const t of children(member, 'traits')) {
        const name = classOfNameNode(ctx.scope, t);
        if (name) traits.push(name);
      }
    } else if (member.kind === 'propertystatement') {
      const isPublic =
        member.isStatic !== true && (member.visibility === 'public' || !member.visibility);
      for (const property of children(member, 'properties')) {
        const name = text(property, 'name');
        if (name && isPublic) (facts.publicProperties ??= []).push(name);
        if (name) facts.properties[name] = evaluate(child(property, 'value'), ctx);
        const declared = classOfNameNode(ctx.scope, child(property, 'type'));
        if (name && declared) (facts.types ??= {})[name] = declared;
        const hint =
          propertyDoc(member, ctx) ??
          typeNode(child(property, 'type'), ctx.scope, ctx.self, property.nullable === true);
        if (name && hint) (facts.propertyHints ??= {})[name] = hint;
      }
    } else if (member.kind === 'classconstant') {
      for (const constant of children(member, 'constants')) {
        const name = text(constant, 'name');
        if (name) facts.constants[name] = evaluate(child(constant, 'value'), ctx);
      }
    } else if (member.kind === 'enumcase') {
      const name = text(member, 'name');
      const value: PhpValue = evaluate(child(member, 'value'), ctx);
      if (name)
        (facts.cases ??= {})[name] =
          typeof value === 'string' || typeof value === 'number' ? value : null;
    }
  }
  if (traits.length > 0) facts.traits = traits;
  // Promoted constructor parameters are typed properties too, and so are properties the
  // constructor sets from a typed parameter (`$this->repo = $repo;`).
  const constructor = members.find((m) => m.kind === 'method' && text(m, 'name') === '__construct');
  const typed = new Map<string, string>();
  const positions = new Map<string, number>();
  for (const [position, param] of children(constructor, 'arguments').entries()) {
    const name = text(param, 'name');
    if (name) positions.set(name, position);
    if (name && Number(param.flags ?? 0) !== 0) (facts.fromConstructor ??= {})[name] = position;
    const declared = classOfNameNode(ctx.scope, child(param, 'type'));
    const promoted = Number(param.flags ?? 0) !== 0;
    // php-parser's flags: 1 public, 2 protected, 4 private (with readonly on top).
    if (name && promoted && (Number(param.flags) & 7) === 1)
      (facts.publicProperties ??= []).push(name);
    if (name && declared) typed.set(name, declared);
    if (name && declared && promoted) (facts.types ??= {})[name] = declared;
    const hint = promoted
      ? typeNode(child(param, 'type'), ctx.scope, ctx.self, param.nullable === true)
      : undefined;
    if (name && hint) (facts.propertyHints ??= {})[name] = hint;
  }
  for (const statement of children(child(constructor, 'body'), 'children')) {
    const assign = child(statement, 'expression');
    const left = child(assign, 'left');
    const right = child(assign, 'right');
    if (assign?.kind !== 'assign' || left?.kind !== 'propertylookup') continue;
    const target = child(left, 'what');
    const property = text(left, 'offset');
    const from = right?.kind === 'variable' ? String(right.name) : undefined;
    const position = from === undefined ? undefined : positions.get(from);
    if (target?.kind === 'variable' && target.name === 'this' && property && position !== undefined)
      (facts.fromConstructor ??= {})[property] ??= position;
    const type = from === undefined ? undefined : typed.get(from);
    if (target?.kind !== 'variable' || target.name !== 'this' || !property || !type) continue;
    (facts.types ??= {})[property] ??= type;
    (facts.propertyHints ??= {})[property] ??= { kind: 'name', name: type };
  }
}

/** Namespaces of classes request data does not reach (see `ClassRole.passive`). */
const PASSIVE =
  /\\(Models|Mail|Notifications|Events|Listeners|Policies|Observers|Console|Transformers|Resources|Casts|Exceptions|Broadcasting|Jobs|Livewire|View|Filament|Nova)\\/;
const PASSIVE_PARENT =
  /(^|\\)(Model|Authenticatable|Pivot|Migration|JsonResource|ResourceCollection|Mailable|Notification|Command|TransformerAbstract)$/;

/** Which kinds of method facts are worth computing, from the class's name and parent alone. */
function roleOf(facts: ClassFacts): ClassRole {
  const own = facts.name;
  const parent = facts.extends ?? '';
  const inHttp = /\\Http\\(?!Requests\\|Resources\\|Middleware\\)/.test(own);
  return {
    controller:
      /Controller$/.test(own) || /Controller$/.test(parent) || (inHttp && facts.kind === 'class'),
    provider: /ServiceProvider$/.test(parent) || /ServiceProvider$/.test(own),
    request: /Request$/.test(own) || /Request$/.test(parent) || /\\Requests\\/.test(own),
    trait: facts.kind === 'trait',
    passive: PASSIVE.test(own) || PASSIVE_PARENT.test(parent),
  };
}

/** `/** @var Type *\/` on a property statement. */
function propertyDoc(member: Node, ctx: EvalContext): DocType | undefined {
  const raw = docComment(member);
  const tag = raw ? /@var\s+([^\n*]+)/.exec(raw)?.[1] : undefined;
  return tag ? parseDocVar(tag, (n) => resolveClassName(ctx.scope, n))?.type : undefined;
}

/** The class docblock's `@property`, `@property-read` tags (models' attributes, IDE helpers). */
function documentedProperties(
  tags: Record<string, string[]> | undefined,
  scope: EvalContext['scope'],
): Record<string, DocType> | undefined {
  const out: Record<string, DocType> = {};
  for (const tag of [...(tags?.property ?? []), ...(tags?.['property-read'] ?? [])]) {
    const parsed = parseDocVar(tag, (n) => resolveClassName(scope, n));
    if (parsed?.name) out[parsed.name] = parsed.type;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
