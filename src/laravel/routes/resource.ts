import type { Finding } from '../../core/errors.js';
import { singular } from '../../core/inflect.js';
import { arrayRecord, arrayValues, type PhpValue } from '../php/value.js';
import type { ChainCall, RouteDecl } from '../facts/types.js';
import { applyCalls, className, joinUri } from './attributes.js';
import { controllerName } from './actions.js';
import type { GroupState, Route } from './types.js';

type ResourceDecl = Extract<RouteDecl, { kind: 'resource' }>;

interface ResourceAction {
  methods: string[];
  /** URI after the resource's base: '' (collection), '{}' (item), '{}/edit', 'create'. */
  suffix: string;
}

/** Laravel's resource actions, in the order it registers them. @see https://laravel.com/docs/controllers#actions-handled-by-resource-controllers */
const ACTIONS: Record<string, ResourceAction> = {
  index: { methods: ['get'], suffix: '' },
  create: { methods: ['get'], suffix: 'create' },
  store: { methods: ['post'], suffix: '' },
  show: { methods: ['get'], suffix: '{}' },
  edit: { methods: ['get'], suffix: '{}/edit' },
  update: { methods: ['put', 'patch'], suffix: '{}' },
  destroy: { methods: ['delete'], suffix: '{}' },
};
const FULL = ['index', 'create', 'store', 'show', 'edit', 'update', 'destroy'];
const API = ['index', 'store', 'show', 'update', 'destroy'];

/** Singletons have no identifier: every action is on the base URI. @see https://laravel.com/docs/controllers#singleton-resource-controllers */
const SINGLETON: Record<string, ResourceAction> = {
  create: { methods: ['get'], suffix: 'create' },
  store: { methods: ['post'], suffix: '' },
  show: { methods: ['get'], suffix: '' },
  edit: { methods: ['get'], suffix: 'edit' },
  update: { methods: ['put', 'patch'], suffix: '' },
  destroy: { methods: ['delete'], suffix: '' },
};

/** Calls on a pending resource registration that configure it rather than its routes. */
const OPTION_CALLS = new Set([
  'only',
  'except',
  'names',
  'parameters',
  'parameter',
  'shallow',
  'creatable',
  'destroyable',
]);

interface Options {
  only?: string[];
  except: string[];
  names: Record<string, string>;
  namesPrefix?: string;
  parameters: Record<string, string>;
  shallow: boolean;
  creatable: boolean;
  destroyable: boolean;
}

/** `Route::resource(s)`/`apiResource(s)`/`singleton(s)` → the routes Laravel registers. */
export function expandResource(
  decl: ResourceDecl,
  group: GroupState,
  file: string,
  warnings: Finding[],
): Route[] {
  const routeCalls = decl.calls.filter((c) => !isOptionCall(c));
  const options = readOptions(decl.options, decl.calls.filter(isOptionCall));
  const state = applyCalls(group, routeCalls);
  return decl.resources.flatMap(({ name, controller }) => {
    const slash = name.lastIndexOf('/');
    const scoped =
      slash >= 0 ? { ...state, prefix: joinUri(state.prefix, name.slice(0, slash)) } : state;
    const resource = name.slice(slash + 1);
    const fqcn = controllerName(controller, scoped.namespace, true);
    if (!fqcn)
      warnings.push({ file, line: decl.line, message: `resource "${name}" has no controller` });
    const actions = decl.singleton ? singletonActions(decl.api, options) : decl.api ? API : FULL;
    return actions
      .filter(
        (a) => (options.only ? options.only.includes(a) : true) && !options.except.includes(a),
      )
      .map((action) => route(action, resource, fqcn ?? '', scoped, options, decl, file));
  });
}

function singletonActions(api: boolean, options: Options): string[] {
  const actions = api ? ['show', 'update'] : ['show', 'edit', 'update'];
  if (options.creatable) actions.unshift(...(api ? ['store'] : ['create', 'store']));
  if (options.creatable || options.destroyable) actions.push('destroy');
  return actions;
}

function route(
  action: string,
  resource: string,
  controller: string,
  state: GroupState,
  options: Options,
  decl: ResourceDecl,
  file: string,
): Route {
  const spec = (decl.singleton ? SINGLETON : ACTIONS)[action]!;
  const uri = joinUri(state.prefix, resourceUri(resource, spec, options, decl.singleton === true));
  const name =
    state.name + (options.names[action] ?? `${options.namesPrefix ?? resource}.${action}`);
  return {
    methods: spec.methods,
    uri,
    name,
    middleware: state.middleware.filter((m) => !state.withoutMiddleware.includes(m)),
    wheres: { ...state.wheres },
    action: controller ? { kind: 'controller', controller, method: action } : { kind: 'none' },
    file,
    line: decl.line,
  };
}

/** `photos.comments` → `photos/{photo}/comments` (+ `/{comment}` for item actions). */
function resourceUri(
  resource: string,
  spec: ResourceAction,
  options: Options,
  singletonResource: boolean,
): string {
  const segments = resource.split('.');
  const last = segments[segments.length - 1]!;
  const isItem = spec.suffix.startsWith('{}');
  const parents = options.shallow && isItem ? [] : segments.slice(0, -1);
  const base = [...parents.map((s) => `${s}/{${wildcard(s, options)}}`), last].join('/');
  if (singletonResource) return joinUri(base, spec.suffix);
  return joinUri(base, spec.suffix.replace('{}', `{${wildcard(last, options)}}`));
}

function wildcard(segment: string, options: Options): string {
  return (options.parameters[segment] ?? singular(segment)).replace(/-/g, '_');
}

function isOptionCall(call: ChainCall): boolean {
  return OPTION_CALLS.has(call.method) || (call.method === 'name' && call.args.length === 2);
}

function readOptions(value: PhpValue, calls: ChainCall[]): Options {
  const options: Options = {
    except: [],
    names: {},
    parameters: {},
    shallow: false,
    creatable: false,
    destroyable: false,
  };
  const apply = (key: string, args: PhpValue[]) => {
    const [first, second] = args;
    if (key === 'only') options.only = listOf(args);
    else if (key === 'except') options.except = listOf(args);
    else if (key === 'names' && typeof first === 'string') options.namesPrefix = first;
    else if (key === 'names' || key === 'as') Object.assign(options.names, stringRecord(first));
    else if (key === 'name' && typeof first === 'string' && typeof second === 'string')
      options.names[first] = second;
    else if (key === 'parameters') Object.assign(options.parameters, stringRecord(first));
    else if (key === 'parameter' && typeof first === 'string' && typeof second === 'string')
      options.parameters[first] = second;
    else if (key === 'shallow') options.shallow = first !== false;
    else if (key === 'creatable') options.creatable = true;
    else if (key === 'destroyable') options.destroyable = true;
  };
  for (const [key, v] of Object.entries(arrayRecord(value))) apply(key, [v]);
  for (const call of calls) apply(call.method, call.args);
  return options;
}

function listOf(args: PhpValue[]): string[] {
  return args.flatMap((a) =>
    typeof a === 'string' ? [a] : arrayValues(a).filter((v): v is string => typeof v === 'string'),
  );
}

function stringRecord(value: PhpValue | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(arrayRecord(value)).flatMap(([k, v]) => {
      const s = typeof v === 'string' ? v : className(v);
      return s ? [[k, s]] : [];
    }),
  );
}
