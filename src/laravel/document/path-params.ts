import type { ParameterObject, SchemaObject } from '../../core/types.js';
import type { ParamFacts } from '../facts/types.js';
import type { Assembly } from './context.js';
import { pathExtensions } from './laravel-extensions.js';

/** One `{name}` or `{name?}` or `{name:field}` of a route URI. */
export interface UriParam {
  name: string;
  optional: boolean;
  /** `{post:slug}`: the column implicit binding looks the model up by. */
  field?: string;
}

export function uriParams(uri: string): UriParam[] {
  return [...uri.matchAll(/\{(\w+)(?::(\w+))?(\?)?\}/g)].map((m) => {
    const param: UriParam = { name: m[1]!, optional: m[3] === '?' };
    if (m[2]) param.field = m[2];
    return param;
  });
}

/**
 * The OpenAPI paths a Laravel URI stands for: one with every parameter, and — since trailing
 * optional parameters may be left out — one per optional parameter dropped.
 * @see https://laravel.com/docs/routing#parameters-optional-parameters
 */
export function pathVariants(uri: string): { path: string; dropped: string[] }[] {
  const full = '/' + uri.replace(/\{(\w+)(?::\w+)?\??\}/g, '{$1}');
  const variants = [{ path: full, dropped: [] as string[] }];
  let current = uri;
  const dropped: string[] = [];
  for (;;) {
    const match = /\/?\{(\w+)(?::\w+)?\?\}$/.exec(current);
    if (!match) break;
    dropped.push(match[1]!);
    current = current.slice(0, match.index);
    variants.push({
      path: '/' + current.replace(/\{(\w+)(?::\w+)?\??\}/g, '{$1}'),
      dropped: [...dropped],
    });
  }
  return variants;
}

const CAST_BUILTINS = { integer: 'int', number: 'float', boolean: 'bool' } as const;

/**
 * Handler parameters with the type the handler's casts give the untyped ones:
 * `show($id) { Post::find((int) $id) }` takes an integer `{id}`.
 */
export function castParams(
  params: readonly ParamFacts[],
  casts: Record<string, keyof typeof CAST_BUILTINS> | undefined,
): readonly ParamFacts[] {
  if (!casts) return params;
  return params.map((p) => {
    const cast = casts[p.name];
    return p.type || !cast ? p : { ...p, type: CAST_BUILTINS[cast] };
  });
}

export interface PathParamResult {
  parameter: ParameterObject;
  /** A model (or enum) is bound: a missing one is a 404. */
  bound: boolean;
}

/**
 * A path parameter's schema: its `where` constraint, else the type of the handler argument it
 * binds to (a model's route key, a backed enum, `int`), else a string.
 */
export function pathParameter(
  param: UriParam,
  where: string | undefined,
  handlerParams: readonly ParamFacts[],
  asm: Assembly,
): PathParamResult {
  const arg = handlerParams.find((p) => p.name === param.name || snake(p.name) === param.name);
  const binding = bindingSchema(arg?.type, param.field, asm);
  const constrained = where === undefined ? undefined : regexSchema(where);
  const schema =
    constrained &&
    !(binding.schema && constrained.type === 'string' && !constrained.pattern && !constrained.enum)
      ? constrained
      : (binding.schema ?? constrained ?? { type: 'string' });
  return {
    parameter: {
      name: param.name,
      in: 'path',
      required: true,
      schema,
      ...pathExtensions(binding.model, param.field, where),
    },
    bound: binding.bound,
  };
}

function bindingSchema(
  type: string | undefined,
  field: string | undefined,
  asm: Assembly,
): { schema?: SchemaObject; bound: boolean; model?: string } {
  if (!type) return { bound: false };
  if (asm.models.isModel(type))
    return { schema: asm.models.routeKey(type, field), bound: true, model: type };
  const values = asm.models.enumValues(type);
  if (values) return { schema: { type: values.type, enum: values.values }, bound: true };
  if (type === 'int') return { schema: { type: 'integer' }, bound: false };
  if (type === 'float') return { schema: { type: 'number' }, bound: false };
  if (type === 'bool') return { schema: { type: 'boolean' }, bound: false };
  return { bound: false };
}

const UUID_PATTERN = /^\[\\da-fA-F\]\{8\}-/;

/** A `where` regex → the narrowest schema that says the same. */
export function regexSchema(regex: string): SchemaObject {
  if (/^(\[0-9\]|\\d)(\+|\{1,\})$/.test(regex)) return { type: 'integer', minimum: 0 };
  if (UUID_PATTERN.test(regex)) return { type: 'string', format: 'uuid' };
  if (/^[\w-]+(\|[\w-]+)*$/.test(regex)) {
    const values = regex.split('|');
    return values.every((v) => /^\d+$/.test(v))
      ? { type: 'integer', enum: values.map(Number) }
      : { type: 'string', enum: values };
  }
  if (/^(\\[\w-]|[\w-])+(\|(\\[\w-]|[\w-])+)*$/.test(regex)) {
    return { type: 'string', enum: regex.split('|').map((v) => v.replace(/\\/g, '')) };
  }
  return { type: 'string', pattern: `^(?:${regex})$` };
}

function snake(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}
