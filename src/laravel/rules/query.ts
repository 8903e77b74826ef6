import type { ParameterObject, SchemaObject } from '../../core/types.js';
import type { PhpValue } from '../php/value.js';
import type { RuleContext } from './rule.js';
import { buildSchema } from './tree.js';

/**
 * Rules validated on a GET route, as query parameters: one per top-level field. Arrays are
 * sent the way PHP reads them (`ids[]=1&ids[]=2`), keyed arrays as `filter[status]=x`.
 * @see https://spec.openapis.org/oas/v3.0.3#style-values
 */
export function rulesToQueryParameters(
  rules: Record<string, PhpValue>,
  context: RuleContext = {},
): ParameterObject[] {
  const { schema } = buildSchema(rules, context);
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) =>
    parameter(name, property, required.has(name)),
  );
}

function parameter(name: string, property: SchemaObject, required: boolean): ParameterObject {
  const { description, ...schema } = property;
  const param: ParameterObject = { name, in: 'query' };
  if (schema.type === 'array')
    Object.assign(param, { name: `${name}[]`, style: 'form', explode: true });
  if (schema.type === 'object') Object.assign(param, { style: 'deepObject', explode: true });
  if (required) param.required = true;
  if (typeof description === 'string') param.description = description;
  param.schema = schema;
  return param;
}
