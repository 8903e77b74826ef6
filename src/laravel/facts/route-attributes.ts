import { child, children, lineOf, text, type Node } from '../php/ast.js';
import { evaluate, type EvalContext } from '../php/evaluate.js';
import { resolveClassName } from '../php/names.js';
import type { PhpValue } from '../php/value.js';

/** The namespace of spatie/laravel-route-attributes' attributes. */
const SPATIE = 'Spatie\\RouteAttributes\\Attributes\\';

/** One route attribute as written: its short name (`Get`), positional and named arguments. */
export interface RouteAttribute {
  name: string;
  line: number;
  args: PhpValue[];
  named: Record<string, PhpValue>;
}

/** A controller's route attributes: on the class, and on each method by name. */
export interface RouteAttributeFacts {
  class: RouteAttribute[];
  methods: Record<string, RouteAttribute[]>;
}

/**
 * `#[Prefix('api/servers')]` on a class, `#[Get('{server}', name: '...', middleware: '...')]` on
 * its methods: spatie/laravel-route-attributes' attributes, resolved by the file's `use` lines so
 * that another package's attribute of the same short name (Scribe's `Group`) is not taken.
 * @see https://github.com/spatie/laravel-route-attributes
 */
export function routeAttributes(
  classNode: Node,
  methods: readonly Node[],
  ctx: EvalContext,
): RouteAttributeFacts | undefined {
  const out: RouteAttributeFacts = { class: attributesOf(classNode, ctx), methods: {} };
  for (const method of methods) {
    const name = text(method, 'name');
    const found = attributesOf(method, ctx);
    if (name && found.length > 0) out.methods[name] = found;
  }
  return out.class.length > 0 || Object.keys(out.methods).length > 0 ? out : undefined;
}

function attributesOf(node: Node, ctx: EvalContext): RouteAttribute[] {
  return children(node, 'attrGroups')
    .flatMap((group) => children(group, 'attrs'))
    .flatMap((attr) => {
      const written = text(attr, 'name');
      if (!written) return [];
      const name = resolveClassName(ctx.scope, written);
      if (!name.startsWith(SPATIE)) return [];
      const args: PhpValue[] = [];
      const named: Record<string, PhpValue> = {};
      for (const arg of children(attr, 'args')) {
        if (arg.kind === 'namedargument' && typeof arg.name === 'string')
          named[arg.name] = evaluate(child(arg, 'value'), ctx);
        else args.push(evaluate(arg, ctx));
      }
      return [{ name: name.slice(SPATIE.length), line: lineOf(attr), args, named }];
    });
}
