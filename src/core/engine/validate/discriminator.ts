import { resolvePointer } from '../../refs.js';
import type { JsonSchema } from './types.js';

type Scalar = string | number | boolean | null;

/**
 * A oneOf/anyOf whose every branch requires one property and allows it only constant values
 * (GitHub's ruleset rules told apart by `type`, Stripe's objects by `object`): a value's own
 * property names the branches that may match it, and the others cannot, so they need not run.
 * Not a `discriminator` keyword of OpenAPI's: it is read off the branches themselves.
 */
export interface Discriminator {
  property: string;
  /** The branches (by index) each constant value is allowed in. */
  branches: ReadonlyMap<Scalar, readonly number[]>;
}

/** The branches `data` may match, when its discriminating value says; else undefined. */
export function branchesFor(
  discriminator: Discriminator | undefined,
  data: unknown,
): readonly number[] | undefined {
  if (!discriminator || typeof data !== 'object' || data === null || Array.isArray(data)) {
    return undefined;
  }
  const value = (data as Record<string, unknown>)[discriminator.property];
  return isScalar(value) ? discriminator.branches.get(value) : undefined;
}

/**
 * The property every branch requires with constant values (`const`, or an `enum` of scalars),
 * `$ref`s followed in `root`; undefined when the branches have none in common.
 */
export function findDiscriminator(
  branches: readonly JsonSchema[],
  root: JsonSchema,
): Discriminator | undefined {
  const constants = branches.map((branch) => constantProperties(resolve(branch, root), root));
  const [first, ...rest] = constants;
  if (!first || rest.length === 0) return undefined;
  for (const property of first.keys()) {
    if (!rest.every((props) => props.has(property))) continue;
    const byValue = new Map<Scalar, number[]>();
    constants.forEach((props, index) => {
      for (const value of props.get(property)!) {
        const list = byValue.get(value);
        if (list) list.push(index);
        else byValue.set(value, [index]);
      }
    });
    return { property, branches: byValue };
  }
  return undefined;
}

/** A schema's required properties that allow only constants, with those constants. */
function constantProperties(schema: JsonSchema, root: JsonSchema): Map<string, Scalar[]> {
  const out = new Map<string, Scalar[]>();
  if (!isRecord(schema) || !Array.isArray(schema.required) || !isRecord(schema.properties)) {
    return out;
  }
  for (const name of schema.required) {
    if (typeof name !== 'string') continue;
    const property = resolve(schema.properties[name] as JsonSchema, root);
    if (!isRecord(property)) continue;
    const values =
      'const' in property ? [property.const] : Array.isArray(property.enum) ? property.enum : [];
    if (values.length > 0 && values.every(isScalar)) out.set(name, values);
  }
  return out;
}

/** Follows `$ref`s into `root` (at most a few hops: a cycle of references is no schema). */
function resolve(schema: JsonSchema, root: JsonSchema): JsonSchema {
  let node: unknown = schema;
  for (let hops = 0; hops < 8 && isRecord(node) && typeof node.$ref === 'string'; hops++) {
    if (!node.$ref.startsWith('#')) return {};
    node = resolvePointer(root, node.$ref);
  }
  return (node ?? {}) as JsonSchema;
}

function isScalar(value: unknown): value is Scalar {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
