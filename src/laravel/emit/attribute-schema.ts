import type { SchemaObject } from '../../core/types.js';
import {
  DECIMAL_PATTERN,
  type AttributeType,
  type AttributeValue,
} from '../models/attribute-type.js';

/**
 * A model attribute's or a column's schema (OpenAPI 3.0 flavour: `nullable`), from what
 * `models/` describes of it.
 * @see https://spec.openapis.org/oas/v3.0.3#schema-object
 */
export function attributeSchema(type: AttributeType): SchemaObject {
  const out = valueSchema(type);
  if (type.description !== undefined) out.description = type.description;
  if (type.nullable) out.nullable = true;
  return out;
}

function valueSchema(value: AttributeValue): SchemaObject {
  switch (value.kind) {
    case 'scalar': {
      const out: SchemaObject = { type: value.type };
      if (value.format !== undefined) out.format = value.format;
      if (value.pattern !== undefined) out.pattern = value.pattern;
      if (value.example !== undefined) out.example = value.example;
      return out;
    }
    case 'enum':
      return { type: value.type, enum: [...value.values] };
    case 'json':
      return { anyOf: [anyObject(), anyList()] };
    case 'object':
      return anyObject();
    case 'list':
      return anyList();
    case 'db-boolean':
      return { anyOf: [{ type: 'boolean' }, { type: 'integer', enum: [0, 1] }] };
    case 'decimal':
      return { anyOf: [{ type: 'string', pattern: DECIMAL_PATTERN }, { type: 'number' }] };
    case 'unknown':
      return {};
  }
}

function anyObject(): SchemaObject {
  return { type: 'object', additionalProperties: true };
}

function anyList(): SchemaObject {
  return { type: 'array', items: {} };
}
