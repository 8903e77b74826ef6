import type { ParameterObject, SchemaObject } from '../../core/types.js';
import { pathExtensions } from './laravel-extensions.js';
import type { InputParameter, ParameterValue } from '../model/inputs.js';
import { attributeSchema } from './attribute-schema.js';
import { fieldSchema, valueSchema } from './input-schema.js';

/**
 * An operation's parameters as OpenAPI writes them. In the query, arrays are sent the way PHP
 * reads them (`ids[]=1&ids[]=2`), keyed arrays as `filter[status]=x`; a field's notes become
 * the parameter's description.
 * @see https://spec.openapis.org/oas/v3.0.3#style-values
 */
export function emitParameter(parameter: InputParameter): ParameterObject {
  const { description, schema } = parameterSchema(parameter.value);
  const out: ParameterObject = { name: parameter.name, in: parameter.in };
  if (parameter.in === 'query' && schema.type === 'array')
    Object.assign(out, { name: `${parameter.name}[]`, style: 'form', explode: true });
  if (parameter.in === 'query' && schema.type === 'object')
    Object.assign(out, { style: 'deepObject', explode: true });
  if (parameter.required) out.required = true;
  if (typeof description === 'string') out.description = description;
  out.schema = schema;
  return { ...out, ...pathExtensions(parameter.binding, parameter.where) };
}

/** The value's schema; a field's notes apart, as the parameter's description. */
function parameterSchema(value: ParameterValue): { schema: SchemaObject; description?: unknown } {
  switch (value.kind) {
    case 'field': {
      const { description, ...schema } = fieldSchema(value.field);
      return { schema, description };
    }
    case 'attribute':
      return { schema: attributeSchema(value.json) };
    case 'value': {
      const schema = valueSchema(value.rules);
      if (value.default !== undefined) schema.default = value.default;
      return { schema };
    }
  }
}
