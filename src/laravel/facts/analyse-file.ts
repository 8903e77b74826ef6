import { child, children, lineOf, text, walk, type Node } from '../php/ast.js';
import { argValue, flattenChain, staticCall } from '../php/chain.js';
import { evaluate, lookupClass, type EvalContext } from '../php/evaluate.js';
import { addUse, classOfNameNode, emptyScope, type NameScope } from '../php/names.js';
import { parsePhp } from '../php/parse.js';
import type { PhpValue } from '../php/value.js';
import { migrationOps } from '../models/migrations.js';
import { routeDeclarations } from '../routes/declarations.js';
import { collectAssignments } from '../php/variables.js';
import { classFacts, functionFacts } from './classes.js';
import { customRules } from './custom-rules.js';
import { exceptionRenderers } from './exception-renderers.js';
import { includedFiles } from './includes.js';
import { middlewareCalls, passportScopes } from './middleware.js';
import { referencedClasses } from './references.js';
import { fileConstants, type Declared } from './symbols.js';
import { constantClass, type ClassFacts, type FileFacts, type MacroFacts } from './types.js';
import { bodyOf, fnParams } from '../ir/body.js';
import { resourceUses } from '../ir/resource-uses.js';

const CLASS_KINDS = new Set(['class', 'enum', 'trait', 'interface']);
const SCOPES = new Set(['class', 'function', 'closure', 'arrowfunc', 'method']);

/** Text of a file whose classes may declare routes outside a service provider. */
const MAY_ROUTE =
  /\$router\b|\bRoute::|Facades\\Route as\b|\b(require|include)(_once)?\b|loadRoutesFrom|->routes\(/;

/** Text of a file that may define validation rules (`Validator::extend`, a `Validator` subclass). */
const CUSTOM_RULES = /\bextend(Implicit|Dependent)?\s*\(|extends\s+\\?[\w\\]*Validator\b/;

/** Text of a file whose methods may read the request or validate without being handed it. */
const READS_REQUEST = /\brequest\(|Validator|validate/;

/**
 * The per-file pass: parse one PHP file and extract everything the generator may need from it.
 * Never throws on bad PHP: a syntax error becomes `error` with its line, and what the parser
 * could read around it is analysed as usual, so that one bad line does not lose a route file.
 */
export function analyseFile(code: string, file: string): FileFacts {
  const parsed = parsePhp(code, file);
  if (parsed.ok) return analyseProgram(parsed.program, code);
  if (!parsed.partial) return { error: parsed.error, classes: [] };
  return { error: parsed.error, ...analyseProgram(parsed.partial, code) };
}

interface TopLevel {
  statement: Node;
  scope: NameScope;
}

function analyseProgram(program: Node, code: string): FileFacts {
  const declared: Declared[] = [];
  const functions: TopLevel[] = [];
  const statements: TopLevel[] = [];
  const visit = (nodes: Node[], scope: NameScope) => {
    for (const node of nodes) {
      if (node.kind === 'namespace')
        visit(children(node, 'children'), emptyScope(text(node, 'name') ?? ''));
      else if (node.kind === 'usegroup') addUse(scope, node);
      else if (CLASS_KINDS.has(node.kind)) declared.push(declaration(node, scope));
      else if (node.kind === 'function') functions.push({ statement: node, scope });
      else if (node.kind === 'if') {
        // `if (! function_exists('helper')) { function helper() {...} }`
        statements.push({ statement: node, scope });
        for (const inner of children(child(node, 'body'), 'children'))
          if (inner.kind === 'function') functions.push({ statement: inner, scope });
      } else statements.push({ statement: node, scope });
    }
  };
  const globalScope = emptyScope();
  visit(children(program, 'children'), globalScope);
  const constant = fileConstants(declared);
  const file = { mayRoute: MAY_ROUTE.test(code), readsRequest: READS_REQUEST.test(code) };
  const facts: FileFacts = {
    classes: [
      ...declared.map((d) => classFacts(d, constant, file)),
      ...functions.map((f) => functionFacts(f.statement, f.scope, constant)),
      ...globalConstants(statements, constant),
    ],
  };
  const scope = statements[0]?.scope ?? declared[0]?.scope ?? globalScope;
  const ctx: EvalContext = { scope, constant };
  // A route file's own variables (`$middleware = ['auth:api']`, used by its groups' closures).
  const variables = file.mayRoute
    ? collectAssignments({ kind: 'block', children: statements.map((s) => s.statement) })
    : undefined;
  const routes = routeDeclarations(
    statements.map((s) => s.statement),
    variables && variables.size > 0 ? { ...ctx, variables } : ctx,
  );
  if (routes.length > 0) facts.routes = routes;
  const returned = statements.find((s) => s.statement.kind === 'return');
  if (returned)
    facts.returns = evaluate(child(returned.statement, 'expr'), { ...ctx, scope: returned.scope });
  if (/\b(require|include)(_once)?\b/.test(code)) {
    const includes = includedFiles(
      statements.map((s) => s.statement),
      ctx,
    );
    if (includes.length > 0) facts.includes = includes;
  }
  if (code.includes('withRouting')) readWithRouting(program, ctx, facts);
  if (code.includes('throttleApi') && callsMethod(program, 'throttleApi'))
    facts.throttlesApi = true;
  if (code.includes('withMiddleware')) {
    const calls = middlewareCalls(program, ctx);
    if (calls.length > 0) facts.middleware = calls;
  }
  if (code.includes('withExceptions')) {
    const renderers = exceptionRenderers(program, ctx.scope);
    if (renderers.length > 0) facts.exceptionRenderers = renderers;
  }
  if (code.includes('tokensCan')) {
    const scopes = passportScopes(program, ctx);
    if (scopes !== undefined) facts.passportScopes = scopes;
  }
  if (CUSTOM_RULES.test(code)) {
    const rules = customRules(program, declared, ctx);
    if (rules.length > 0) facts.customRules = rules;
  }
  if (code.includes('Schema::')) {
    const tables = migrationOps(program, ctx);
    if (tables.length > 0) facts.tables = tables;
  }
  if (code.includes('withoutWrapping')) {
    const classes = withoutWrapping(program, ctx);
    if (classes.length > 0) facts.withoutWrapping = classes;
  }
  const uses = resourceUses(facts.classes);
  if (uses.length > 0) facts.resourceUses = uses;
  const macros = code.includes('macro(') ? declared.flatMap(macrosOf) : [];
  if (macros.length > 0) facts.macros = macros;
  const references = referencedClasses(facts);
  if (references.length > 0) facts.references = references;
  return facts;
}

function declaration(node: Node, scope: NameScope): Declared {
  const short = text(node, 'name') ?? '';
  const name = scope.namespace ? `${scope.namespace}\\${short}` : short;
  const parentNode = node.kind === 'interface' ? undefined : child(node, 'extends');
  const parent = classOfNameNode(scope, parentNode);
  return parent ? { node, name, parent, scope } : { node, name, scope };
}

/** Laravel 11+: `Application::configure(...)->withRouting(api: ..., apiPrefix: ..., then: fn)`. */
function readWithRouting(program: Node, ctx: EvalContext, facts: FileFacts): void {
  walk(program, (node) => {
    if (node.kind !== 'call' || facts.withRouting) return;
    const link = flattenChain(node).links.find((l) => l.call && l.name === 'withRouting');
    if (!link) return;
    const args: Record<string, PhpValue> = {};
    const positional = ['web', 'api', 'commands', 'channels', 'pages', 'health', 'then'];
    link.args.forEach((arg, i) => {
      const name = arg.kind === 'namedargument' ? String(arg.name) : positional[i];
      const value = argValue(arg);
      if (!name || !value) return;
      if (value.kind === 'closure' || value.kind === 'arrowfunc') {
        const body =
          value.kind === 'arrowfunc'
            ? [{ kind: 'expressionstatement', expression: child(value, 'body') }]
            : children(child(value, 'body'), 'children');
        facts.routes = [...(facts.routes ?? []), ...routeDeclarations(body as Node[], ctx)];
      } else args[name] = evaluate(value, ctx);
    });
    facts.withRouting = args;
    return false;
  });
}

/** Whether the file calls a method of this name on anything (`$middleware->throttleApi()`). */
function callsMethod(program: Node, method: string): boolean {
  let found = false;
  walk(program, (node) => {
    if (found) return false;
    if (node.kind === 'call' && flattenChain(node).links.at(-1)?.name === method) found = true;
  });
  return found;
}

function withoutWrapping(program: Node, ctx: EvalContext): string[] {
  const classes = new Set<string>();
  walk(program, (node) => {
    const call = staticCall(node);
    if (call?.method !== 'withoutWrapping') return;
    const className = lookupClass(call.what, ctx);
    if (className) classes.add(className);
  });
  return [...classes].sort();
}

/**
 * Global constants the file defines at its top level (`const MAX_SIZE = 10;`,
 * `define('MAX_SIZE', 10);`, also inside `if (! defined(...))`): each a class of the index
 * named `const:<NAME>` holding its value, which `resolve/value.ts` folds where it is read.
 */
function globalConstants(statements: TopLevel[], constant: EvalContext['constant']): ClassFacts[] {
  const out: ClassFacts[] = [];
  const add = (name: string, value: PhpValue, node: Node) =>
    out.push({
      name: constantClass(name),
      kind: 'class',
      line: lineOf(node),
      properties: {},
      constants: { [name]: value },
      methods: {},
    });
  for (const { statement, scope } of statements) {
    walk(statement, (node) => {
      if (SCOPES.has(node.kind)) return false;
      if (node.kind === 'constantstatement') {
        for (const c of children(node, 'constants')) {
          const name = text(c, 'name');
          if (name) add(name, evaluate(child(c, 'value'), { scope, constant }), c);
        }
      } else if (node.kind === 'call' && text(child(node, 'what'), 'name') === 'define') {
        const [name, value] = children(node, 'arguments');
        const written = evaluate(name, { scope, constant });
        if (typeof written === 'string') add(written, evaluate(value, { scope, constant }), node);
      }
    });
  }
  return out;
}

/** `Response::macro('api', fn (...) => ...)` calls in a class's methods (service providers). */
function macrosOf(d: Declared): MacroFacts[] {
  const out: MacroFacts[] = [];
  walk(d.node, (node) => {
    const call = staticCall(node);
    if (call?.method !== 'macro') return;
    const target = classOfNameNode(d.scope, call.what);
    const name = evaluate(argValue(call.args[0]), { scope: d.scope });
    const fn = argValue(call.args[1]);
    if (!target || typeof name !== 'string' || (fn?.kind !== 'closure' && fn?.kind !== 'arrowfunc'))
      return;
    out.push({
      class: target,
      name,
      params: fnParams(fn, d.scope, d.name),
      body: bodyOf(fn, { names: d.scope, self: target }),
    });
    return false;
  });
  return out;
}
