import { child, children, docComment, lineOf, walk, type Node } from '../php/ast.js';
import { parseDocBlock } from '../php/docblock.js';
import { evaluate, type EvalContext } from '../php/evaluate.js';
import { collectAssignments } from '../php/variables.js';
import { analyseHandler } from '../controllers/handler.js';
import { paramFacts, returnType } from '../controllers/params.js';
import { returnExpressions } from '../php/returns.js';
import { relationOf } from '../models/relations.js';
import { routeDeclarations } from '../routes/declarations.js';
import { bodyOf } from '../ir/body.js';
import { typeHints } from '../ir/hints.js';
import type { MethodFacts } from './types.js';

export interface ClassRole {
  controller: boolean;
  provider: boolean;
}

/** Methods whose returned value the assembly reads (rules, casts, route keys, ...). */
const VALUE_METHODS = new Set([
  'rules',
  'casts',
  'getRouteKeyName',
  'getKeyName',
  'authorize',
  'uniqueIds',
  'messages',
  'attributes',
]);

const MAGIC = /^__(?!invoke$)/;

export function methodFacts(
  method: Node,
  name: string,
  role: ClassRole,
  ctx: EvalContext,
): MethodFacts {
  const visibility = (
    method.visibility === 'protected' || method.visibility === 'private'
      ? method.visibility
      : 'public'
  ) as MethodFacts['visibility'];
  const facts: MethodFacts = {
    line: lineOf(method),
    visibility,
    params: paramFacts(method, ctx.scope, ctx.self),
  };
  if (method.isStatic === true) facts.static = true;
  const declared = returnType(method, ctx.scope, ctx.self);
  if (declared) facts.returnType = declared;
  const doc = parseDocBlock(docComment(method));
  if (doc) facts.doc = doc;
  const hints = typeHints(method, doc, ctx.scope, ctx.self);
  if (hints) facts.hints = hints;
  if (!child(method, 'body')) return facts;
  facts.body = bodyOf(method, { names: ctx.scope, self: ctx.self, parent: ctx.parent });
  if (VALUE_METHODS.has(name)) facts.returns = returnedValue(method, ctx);
  if (
    (role.controller || name === '__invoke') &&
    visibility === 'public' &&
    !facts.static &&
    !MAGIC.test(name)
  ) {
    facts.handler = analyseHandler(method, ctx);
  } else if (!role.controller && visibility === 'public' && facts.params.length === 0) {
    const relation = relationOf(method, ctx);
    if (relation) facts.relation = relation;
  }
  if (role.provider && mentionsRoutes(method)) {
    const routes = routeDeclarations(children(child(method, 'body'), 'children'), ctx);
    if (routes.length > 0) facts.routes = routes;
  }
  return facts;
}

function returnedValue(method: Node, ctx: EvalContext) {
  const variables = collectAssignments(child(method, 'body'));
  const [first] = returnExpressions(method);
  return evaluate(first?.expr, { ...ctx, variables });
}

function mentionsRoutes(method: Node): boolean {
  let found = false;
  walk(method, (node) => {
    if (found) return false;
    if (node.kind === 'name' && /(^|\\)Route$/.test(String(node.name))) found = true;
    if (
      node.kind === 'propertylookup' &&
      (child(node, 'offset')?.name === 'routes' || child(node, 'offset')?.name === 'loadRoutesFrom')
    )
      found = true;
  });
  return found;
}
