import type { ChainCall } from '../facts/types.js';
import type { RouteAttribute } from '../facts/route-attributes.js';
import { arrayRecord, stringList, type PhpValue } from '../php/value.js';

/** `#[WhereNumber('id')]` and friends: the route method each stands for (`whereNumber`). */
const WHERES: Record<string, string> = {
  Where: 'where',
  WhereAlpha: 'whereAlpha',
  WhereAlphaNumeric: 'whereAlphaNumeric',
  WhereIn: 'whereIn',
  WhereNumber: 'whereNumber',
  WhereUlid: 'whereUlid',
  WhereUuid: 'whereUuid',
};

/** Route group options as registrar calls: `['prefix' => 'api', 'as' => 'api.']`. */
const GROUP_OPTIONS: Record<string, string> = {
  prefix: 'prefix',
  middleware: 'middleware',
  domain: 'domain',
  as: 'name',
  where: 'where',
};

/** An attribute's argument by position, else by name. */
export function argument(
  attribute: RouteAttribute,
  index: number,
  name: string,
): PhpValue | undefined {
  return attribute.args[index] ?? attribute.named[name];
}

/** Router group options (a directory's, a `#[Group]`'s) as the calls that set them. */
export function groupCalls(options: Record<string, PhpValue | undefined>): ChainCall[] {
  return Object.entries(GROUP_OPTIONS).flatMap(([option, method]): ChainCall[] => {
    const value = options[option];
    if (value === undefined || value === null || value === '') return [];
    if (method === 'middleware' && stringList(value).length === 0) return [];
    if (method === 'where')
      return Object.keys(arrayRecord(value)).length > 0 ? [{ method, args: [value] }] : [];
    return [{ method, args: [value] }];
  });
}

/**
 * The groups a class's routes are registered in: once per `#[Group(prefix:, domain:, as:,
 * where:)]`, else once with its `#[Prefix]` and `#[Domain]`/`#[DomainFromConfig]`.
 * @see https://github.com/spatie/laravel-route-attributes#using-multiple-groups
 */
export function classGroups(attributes: readonly RouteAttribute[]): ChainCall[][] {
  const groups = attributes.filter((a) => a.name === 'Group');
  if (groups.length > 0)
    return groups.map((g) =>
      groupCalls({
        prefix: argument(g, 0, 'prefix'),
        domain: argument(g, 1, 'domain'),
        as: argument(g, 2, 'as'),
        where: argument(g, 3, 'where'),
      }),
    );
  return [[...domainCalls(attributes), ...prefixCalls(attributes)]];
}

/** `#[Prefix]`: a class's prefix, outside its groups (a resource's). */
export function prefixCalls(attributes: readonly RouteAttribute[]): ChainCall[] {
  const prefix = attributes.find((a) => a.name === 'Prefix');
  return groupCalls({ prefix: prefix && argument(prefix, 0, 'prefix') });
}

/** `#[DomainFromConfig('app.api_domain')]`, else `#[Domain]`. */
export function domainCalls(attributes: readonly RouteAttribute[]): ChainCall[] {
  const fromConfig = attributes.find((a) => a.name === 'DomainFromConfig');
  const key = fromConfig && argument(fromConfig, 0, 'domain');
  if (typeof key === 'string')
    return [{ method: 'domain', args: [{ kind: 'call', callee: 'config', args: [key] }] }];
  const domain = attributes.find((a) => a.name === 'Domain');
  return groupCalls({ domain: domain && argument(domain, 0, 'domain') });
}

/** `#[Middleware('auth:sanctum')]`, `#[Middleware(['auth', 'verified'])]`. */
export function middlewareCalls(attributes: readonly RouteAttribute[]): ChainCall[] {
  const found = attributes.find((a) => a.name === 'Middleware');
  return groupCalls({ middleware: found && argument(found, 0, 'middleware') });
}

/** `#[Where('id', '[0-9]+')]`, `#[WhereNumber('id')]`, `#[WhereIn('type', ['a', 'b'])]`. */
export function whereCalls(attributes: readonly RouteAttribute[]): ChainCall[] {
  return attributes.flatMap((a): ChainCall[] => {
    const method = WHERES[a.name];
    const param = argument(a, 0, 'param');
    if (!method || param === undefined) return [];
    if (method !== 'where' && method !== 'whereIn') return [{ method, args: [param] }];
    const constraint = argument(a, 1, 'constraint');
    return constraint === undefined ? [] : [{ method, args: [param, constraint] }];
  });
}
