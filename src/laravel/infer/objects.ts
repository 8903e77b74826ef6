import { shortName } from '../php/names.js';
import type { IndexedClass } from '../project/classes.js';
import type { Infer } from './api.js';
import { valueType } from './support.js';
import { unknown, type Field, type Type } from './type.js';

/** A property as the class declares it: its documented or declared type, else its default. */
export function declaredProperty(engine: Infer, className: string, name: string): Type | undefined {
  for (const c of declaring(engine, className, name)) {
    const hint = c.facts.propertyHints?.[name];
    const initial =
      name in c.facts.properties ? valueType(c.facts.properties[name]!, engine) : undefined;
    if (!hint) {
      if (initial) return initial;
      continue;
    }
    const declared = engine.fromDoc(hint, className);
    // `/** @var string */ public $index = 'data';`: the value it starts with, as without the tag.
    if (initial?.kind === 'literal' && declared.kind === 'scalar')
      return sameScalar(declared.type, initial.value) ? initial : declared;
    // `public array $units = ['m', 'km'];`: the array it starts with says more than `array`.
    if (initial && isArrayOf(initial) && isArrayOf(declared) && saysNothing(declared))
      return initial;
    return declared;
  }
  return undefined;
}

/** The classes of the lineage, each as the class itself or its trait that declares the property. */
function declaring(engine: Infer, className: string, name: string): IndexedClass[] {
  const declares = (c: IndexedClass) =>
    name in c.facts.properties || !!c.facts.propertyHints?.[name];
  return engine.world.classes
    .lineage(className)
    .map((c) => (declares(c) ? c : (engine.world.classes.inTraits(c, declares) ?? c)));
}

/**
 * A typed property declared without a value (`private Post $post;`, `?Post $post = null`),
 * which methods then assign.
 */
export function declaredWithoutValue(engine: Infer, className: string, name: string): boolean {
  for (const c of engine.world.classes.lineage(className)) {
    const hint = c.facts.propertyHints?.[name];
    const given = name in c.facts.properties && c.facts.properties[name] !== null;
    if (given) return false;
    if (hint) return true;
  }
  return false;
}

function isArrayOf(t: Type): boolean {
  return t.kind === 'list' || t.kind === 'shape' || t.kind === 'map';
}

/** `array` as declared: a list or map of anything. */
function saysNothing(t: Type): boolean {
  return (
    (t.kind === 'list' && t.items.kind === 'unknown') ||
    (t.kind === 'map' && t.values.kind === 'unknown')
  );
}

function sameScalar(type: string, value: string | number | boolean): boolean {
  return typeof value === 'number'
    ? type === 'integer' || type === 'number'
    : type === typeof value;
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
