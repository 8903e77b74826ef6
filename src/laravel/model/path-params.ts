import type { ParamFacts } from '../facts/types.js';
import type { Assembly } from './context.js';
import type { InputParameter, ParameterValue, ValueRules } from './inputs.js';

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
  parameter: InputParameter;
  /** A model (or enum) is bound: a missing one is a 404. */
  bound: boolean;
}

/**
 * A path parameter's value: its `where` constraint, else the type of the handler argument it
 * binds to (a model's route key, a backed enum, `int`), else a string.
 */
export function pathParameter(
  param: UriParam,
  where: string | undefined,
  handlerParams: readonly ParamFacts[],
  asm: Assembly,
): PathParamResult {
  const arg = handlerParams.find((p) => p.name === param.name || snake(p.name) === param.name);
  const binding = bindingValue(arg?.type, param.field, asm);
  const constrained = where === undefined ? undefined : regexRules(where);
  const plain =
    constrained?.type === 'string' && !constrained.tests && constrained.enum === undefined;
  const value: ParameterValue =
    constrained && !(binding.value && plain)
      ? { kind: 'value', rules: constrained }
      : (binding.value ?? { kind: 'value', rules: constrained ?? { type: 'string' } });
  const parameter: InputParameter = { name: param.name, in: 'path', required: true, value };
  if (binding.model)
    parameter.binding = { model: binding.model, ...(param.field ? { key: param.field } : {}) };
  if (where !== undefined) parameter.where = where;
  return { parameter, bound: binding.bound };
}

function bindingValue(
  type: string | undefined,
  field: string | undefined,
  asm: Assembly,
): { value?: ParameterValue; bound: boolean; model?: string } {
  if (!type) return { bound: false };
  if (asm.models.isModel(type))
    return {
      value: { kind: 'attribute', json: asm.models.routeKey(type, field) },
      bound: true,
      model: type,
    };
  const values = asm.models.enumValues(type);
  const value = (rules: ValueRules): ParameterValue => ({ kind: 'value', rules });
  if (values) return { value: value({ type: values.type, enum: values.values }), bound: true };
  if (type === 'int') return { value: value({ type: 'integer' }), bound: false };
  if (type === 'float') return { value: value({ type: 'number' }), bound: false };
  if (type === 'bool') return { value: value({ type: 'boolean' }), bound: false };
  return { bound: false };
}

const UUID_PATTERN = /^\[\\da-fA-F\]\{8\}-/;

/** A `where` regex → the narrowest description that says the same. */
export function regexRules(regex: string): ValueRules {
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
  return { type: 'string', tests: [{ kind: 'pattern', pattern: `^(?:${regex})$` }] };
}

function snake(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}
