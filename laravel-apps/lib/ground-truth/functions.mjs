// Global functions a test calls: URL builders (`route`, `url`, `sprintf`), string helpers, Pest's
// request functions and `expect`, and the tests' own functions (inlined).
import { callMethod, invoke } from './interpret.mjs';
import { arr, asString, isArr, THIS, UNKNOWN, UNKNOWN_PART } from './values.mjs';

/** Pest (pest-plugin-laravel) functions that act on the test case. */
const PEST =
  /^(get|post|put|patch|delete|options|head)(json)?$|^(json|call|actingas|withheaders|withheader|withtoken|withoutmiddleware|withmiddleware|from|be|withsession|withcookie|withcookies|withoutexceptionhandling|withexceptionhandling)$/;

/** String functions the URLs of tests are built with. */
const STRINGS = {
  sprintf: ({ values: [format, ...rest] }) => sprintf(format, rest),
  vsprintf: ({ values: [format, list] }) =>
    sprintf(format, isArr(list) ? list.entries.map((e) => e.value) : []),
  implode: ({ values: [glue, list] }) =>
    isArr(list) ? list.entries.map((e) => asString(e.value)).join(asString(glue)) : UNKNOWN,
  trim: ({ values: [s, chars] }) => strip(s, chars, true, true),
  rtrim: ({ values: [s, chars] }) => strip(s, chars, false, true),
  ltrim: ({ values: [s, chars] }) => strip(s, chars, true, false),
  strtolower: ({ values: [s] }) => (typeof s === 'string' ? s.toLowerCase() : UNKNOWN),
  urlencode: ({ values: [s] }) => (typeof s === 'string' ? s : UNKNOWN),
  rawurlencode: ({ values: [s] }) => (typeof s === 'string' ? s : UNKNOWN),
  http_build_query: () => UNKNOWN_PART,
  str_replace: ({ values: [search, replace, subject] }) =>
    typeof search === 'string' && typeof replace === 'string' && typeof subject === 'string'
      ? subject.split(search).join(replace)
      : UNKNOWN,
  strval: ({ values: [s] }) => asString(s),
};

export function callFunction(rawName, args, node, f) {
  const name = rawName.replace(/^\\/, '').split('\\').pop().toLowerCase();
  if (name === 'route') return route(args, f);
  if (name === 'url')
    return typeof args.values[0] === 'string'
      ? '/' + args.values[0].replace(/^\//, '')
      : UNKNOWN_PART;
  if (name in STRINGS) return STRINGS[name](args);
  if (name === 'expect') return { t: 'expect', value: args.values[0], not: false };
  if (name === 'test' && args.values.length === 0) return THIS;
  if (name === 'count' || name === 'array_keys' || name === 'array_values' || name === 'collect') {
    const [v] = args.values;
    return v?.t === 'json' ? v : name === 'count' && isArr(v) ? v.entries.length : UNKNOWN;
  }
  const own = f.test.functions.get(name);
  if (own)
    return invoke(
      { node: own.node, owner: { fqcn: f.cls, scope: own.scope, file: own.scope.file } },
      args,
      f,
    );
  if (PEST.test(name)) return callMethod(THIS, name, args, node, f);
  if (/^assert/.test(name)) return callMethod(THIS, name, args, node, f);
  return UNKNOWN;
}

/** `route('name', params)`: the route's URI from the generator's route table. */
function route({ values: [name, params] }, f) {
  const uri = typeof name === 'string' ? f.test.routes.get(name) : undefined;
  if (uri === undefined) return UNKNOWN_PART;
  const positional = isArr(params) ? params.entries.filter((e) => typeof e.key === 'number') : [];
  let i = 0;
  const path = uri.replace(/\{([^}?]+)\??\}/g, (_, param) => {
    const byName = isArr(params) ? params.entries.find((e) => e.key === param) : undefined;
    const value =
      byName?.value ??
      positional[i++]?.value ??
      (params !== undefined && !isArr(params) && i++ === 0 ? params : undefined);
    return typeof value === 'string' || typeof value === 'number' ? String(value) : UNKNOWN_PART;
  });
  return '/' + path;
}

function sprintf(format, rest) {
  if (typeof format !== 'string') return UNKNOWN;
  let i = 0;
  return format.replace(/%(?:(\d+)\$)?[-+ 0']*\d*(?:\.\d+)?([sdfuxX%])/g, (_, position, type) => {
    if (type === '%') return '%';
    const value = position ? rest[Number(position) - 1] : rest[i++];
    return asString(value);
  });
}

function strip(s, chars, left, right) {
  if (typeof s !== 'string') return UNKNOWN;
  const set = typeof chars === 'string' ? chars : ' \n\r\t\v\0';
  let a = 0;
  let b = s.length;
  while (left && a < b && set.includes(s[a]) && s[a] !== UNKNOWN_PART) a++;
  while (right && b > a && set.includes(s[b - 1]) && s[b - 1] !== UNKNOWN_PART) b--;
  return s.slice(a, b);
}

export { arr };
