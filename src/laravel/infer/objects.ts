import { shortName } from '../php/names.js';
import type { Infer } from './api.js';
import { valueType } from './support.js';
import { unknown, type Field, type Type } from './type.js';

/** A property as the class declares it: its documented or declared type, else its default. */
export function declaredProperty(engine: Infer, className: string, name: string): Type | undefined {
  for (const c of engine.world.classes.lineage(className)) {
    const hint = c.facts.propertyHints?.[name];
    if (hint) return engine.fromDoc(hint, className);
    if (name in c.facts.properties) return valueType(c.facts.properties[name]!, engine);
  }
  return undefined;
}

/** A plain object's public properties, as `json_encode` writes them. */
export function publicProperties(engine: Infer, className: string): Type | undefined {
  const fields: Field[] = [];
  for (const c of engine.world.classes.lineage(className).reverse()) {
    for (const name of c.facts.publicProperties ?? []) {
      const hint = c.facts.propertyHints?.[name];
      const type = hint
        ? engine.fromDoc(hint, className)
        : name in c.facts.properties
          ? valueType(c.facts.properties[name]!, engine)
          : unknown(`->${name}`);
      const at = fields.findIndex((f) => f.key === name);
      if (at >= 0) fields.splice(at, 1);
      fields.push({ key: name, type });
    }
  }
  return fields.length > 0 ? { kind: 'shape', fields } : undefined;
}

export function constantOf(engine: Infer, className: string, name: string): Type {
  const cls = engine.world.classes.get(className)?.facts;
  if (cls?.kind === 'enum' && cls.cases && name in cls.cases)
    return { kind: 'enum', class: className };
  for (const c of engine.world.classes.lineage(className))
    if (name in c.facts.constants) return valueType(c.facts.constants[name]!, engine);
  return unknown(`${shortName(className)}::${name}`);
}
