import type { ParameterObject, SchemaObject } from '../../core/types.js';
import type { HandlerFacts, InputRead } from '../facts/types.js';
import { compileRules } from '../rules/index.js';
import { ruleParameters } from '../emit/rule-parameters.js';
import type { PhpValue } from '../php/value.js';
import type { Assembly } from './context.js';
import { INPUT_TYPES as TYPES } from '../emit/request-body.js';

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
): ParameterObject[] {
  const out: ParameterObject[] = [];
  const names = new Set(taken);
  const add = (p: ParameterObject) => {
    const key = p.name.replace(/\[\]$/, '');
    if (names.has(key)) return;
    names.add(key);
    out.push(p);
  };
  if (readOnly && rules)
    for (const p of ruleParameters(
      compileRules(rules, { resolveEnum: (c) => asm.models.enumValues(c)?.values }),
    ))
      add(p);
  for (const input of handler?.inputs ?? []) {
    if (input.via === 'header') {
      if (!STANDARD_HEADERS.has(input.name.toLowerCase()))
        add({ name: input.name, in: 'header', schema: { type: 'string' } });
    } else if (input.via === 'query' || (readOnly && input.via === 'input'))
      // `$request->query('lines')` reads the query string whatever the method.
      add(inputParameter(input));
  }
  if (paginated === 'cursor') add({ name: 'cursor', in: 'query', schema: { type: 'string' } });
  else if (paginated) add({ name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } });
  return out;
}

function inputParameter(input: InputRead): ParameterObject {
  const schema: SchemaObject = { ...(input.type ? TYPES[input.type] : { type: 'string' }) };
  if (input.default !== undefined && input.default !== null && typeof input.default !== 'object') {
    const fits =
      input.type === 'integer' || input.type === 'number'
        ? typeof input.default === 'number'
        : true;
    if (fits) schema.default = input.default;
    if (!input.type && typeof input.default === 'number')
      schema.type = Number.isInteger(input.default) ? 'integer' : 'number';
    if (!input.type && typeof input.default === 'boolean') schema.type = 'boolean';
  }
  return input.type === 'array'
    ? { name: `${input.name}[]`, in: 'query', style: 'form', explode: true, schema }
    : { name: input.name, in: 'query', schema };
}
