import type { ParameterObject, SchemaObject } from '../../core/types.js';
import type { RuleTree } from '../model/inputs.js';
import { fieldSchema } from './input-schema.js';

/**
 * Rules validated on a GET route, as query parameters: one per top-level field. Arrays are
 * sent the way PHP reads them (`ids[]=1&ids[]=2`), keyed arrays as `filter[status]=x`.
 * @see https://spec.openapis.org/oas/v3.0.3#style-values
 */
export function ruleParameters(tree: RuleTree): ParameterObject[] {
  return tree.fields.map((field) => parameter(field.name, fieldSchema(field), field.required));
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
