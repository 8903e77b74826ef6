import type { Norm, TypeName } from './norm.js';

/**
 * Which JSON type to generate for a node. Declared types win (the first that is not `null`:
 * a mock never sends `null` where something else is allowed); without a `type`, the keywords
 * present say what was meant. A simple `not: { type: ... }` rules types out.
 */
export function pickType(norm: Norm): TypeName {
  const excluded = excludedTypes(norm);
  if (norm.types) {
    for (const type of norm.types) if (type !== 'null' && !excluded.has(type)) return type;
    if (norm.types.has('null')) return 'null';
  }
  const candidates: TypeName[] = [
    inferType(norm),
    'string',
    'integer',
    'boolean',
    'object',
    'array',
  ];
  return candidates.find((type) => !excluded.has(type)) ?? 'string';
}

function inferType(norm: Norm): TypeName {
  if (
    norm.properties.size > 0 ||
    norm.additional !== undefined ||
    norm.patternProperties.length > 0 ||
    norm.required.response.size > 0 ||
    norm.required.request.size > 0 ||
    norm.minProperties !== undefined
  ) {
    return 'object';
  }
  if (norm.items !== undefined || norm.prefixItems !== undefined || norm.minItems !== undefined) {
    return 'array';
  }
  if (norm.format === 'int32' || norm.format === 'int64') return 'integer';
  if (norm.minimum || norm.maximum || norm.multipleOf !== undefined) return 'number';
  if (norm.format === 'float' || norm.format === 'double') return 'number';
  return 'string';
}

const EMPTY = new Set<TypeName>();

function excludedTypes(norm: Norm): Set<TypeName> {
  if (norm.nots.length === 0) return EMPTY;
  const out = new Set<TypeName>();
  for (const not of norm.nots) {
    // Only a bare `not: { type }` is certain to forbid the whole type.
    const keys = Object.keys(not).filter((k) => k !== 'description' && k !== 'title');
    if (keys.length !== 1 || keys[0] !== 'type') continue;
    for (const type of Array.isArray(not.type) ? not.type : [not.type]) {
      out.add(type as TypeName);
      if (type === 'number') out.add('integer');
    }
  }
  return out;
}
