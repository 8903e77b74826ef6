import type { HandlerFacts, InputRead } from '../facts/types.js';
import {
  parameterType,
  READ_TYPES,
  type InputParameter,
  type RuleTree,
  type ValueRules,
} from './inputs.js';
import { compileRules } from '../rules/index.js';
import type { PhpValue } from '../php/value.js';
import type { Assembly } from './context.js';

/** Headers every client sends anyway, never documented as parameters. */
const STANDARD_HEADERS = new Set([
  'authorization',
  'accept',
  'content-type',
  'user-agent',
  'host',
  'x-requested-with',
]);

/**
 * Query and header parameters: on a read-only operation, rules validated on it, the inputs its
 * handler reads by name and the paginator's `page` (or `cursor`); on any operation, what the
 * handler reads from the query string itself (`$request->query('x')`) and headers.
 * @see https://laravel.com/docs/pagination#basic-usage
 */
export function queryParameters(
  rules: Record<string, PhpValue> | undefined,
  handler: HandlerFacts | undefined,
  taken: ReadonlySet<string>,
  readOnly: boolean,
  asm: Assembly,
  /** The paginator the handler answers with, if any. */
  paginated?: 'length' | 'simple' | 'cursor',
): InputParameter[] {
  const out: InputParameter[] = [];
  const names = new Set(taken);
  const add = (p: InputParameter) => {
    // An array is sent as `name[]`: a name that ends so already is the same parameter.
    const key = parameterType(p.value) === 'array' ? p.name : p.name.replace(/\[\]$/, '');
    if (names.has(key)) return;
    names.add(key);
    out.push(p);
  };
  if (readOnly && rules)
    ruleParameters(
      compileRules(rules, { resolveEnum: (c) => asm.models.enumValues(c)?.values }),
    ).forEach(add);
  for (const input of handler?.inputs ?? []) {
    if (input.via === 'header') {
      if (!STANDARD_HEADERS.has(input.name.toLowerCase()))
        add(valueParameter(input.name, 'header', { type: 'string' }));
    } else if (input.via === 'query' || (readOnly && input.via === 'input'))
      // `$request->query('lines')` reads the query string whatever the method.
      add(readParameter(input));
  }
  if (paginated === 'cursor') add(valueParameter('cursor', 'query', { type: 'string' }));
  else if (paginated) add(valueParameter('page', 'query', { type: 'integer', minimum: 1 }));
  return out;
}

/** Rules validated on a read-only route: one query parameter per top-level field. */
export function ruleParameters(tree: RuleTree): InputParameter[] {
  return tree.fields.map((field) => ({
    name: field.name,
    in: 'query',
    required: field.required,
    value: { kind: 'field', field },
  }));
}

function valueParameter(
  name: string,
  location: 'query' | 'header',
  rules: ValueRules,
  fallback?: unknown,
): InputParameter {
  const value = {
    kind: 'value' as const,
    rules,
    ...(fallback === undefined ? {} : { default: fallback }),
  };
  return { name, in: location, required: false, value };
}

/** A query parameter the handler reads: typed by its accessor, else by its default. */
function readParameter(input: InputRead): InputParameter {
  const rules: ValueRules = { ...(input.type ? READ_TYPES[input.type] : { type: 'string' }) };
  let fallback: unknown;
  if (input.default !== undefined && input.default !== null && typeof input.default !== 'object') {
    const fits =
      input.type === 'integer' || input.type === 'number'
        ? typeof input.default === 'number'
        : true;
    if (fits) fallback = input.default;
    if (!input.type && typeof input.default === 'number')
      rules.type = Number.isInteger(input.default) ? 'integer' : 'number';
    if (!input.type && typeof input.default === 'boolean') rules.type = 'boolean';
  }
  return valueParameter(input.name, 'query', rules, fallback);
}
