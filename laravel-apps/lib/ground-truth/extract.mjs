// Facts from an app's own tests: every PHPUnit test method (with setUp and its data provider's
// rows) and every Pest test (with beforeEach and its datasets) run through the interpreter;
// each assertion on a response becomes a fact about the request's answer, with file and line.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { classLookup, defaultProperties, findMethod } from './classes.mjs';
import { evaluate, frame, invoke, runStatements } from './interpret.mjs';
import { indexTests, phpFiles, qualify } from './parse.mjs';
import { splitPath, pathsOfArray } from './response.mjs';
import { isArr, UNKNOWN } from './values.mjs';

const MAX_ROWS = 30;

/** Whether any test calls `route('name')` (and so needs the route table). */
export function usesRouteNames(appDir) {
  return phpFiles(appDir, 'tests').some((file) =>
    /(^|[^>\w$])route\(/.test(readFileSync(join(appDir, file), 'utf8')),
  );
}

/**
 * `{ facts, requests, tests, files, parseFailures }` for the app in `appDir`; `routes` maps a
 * route name to its URI (the generator's route table), for `route('name')`.
 */
export function extractFacts(appDir, routes) {
  const files = phpFiles(appDir, 'tests');
  const index = indexTests(appDir, files);
  const find = classLookup(appDir, index);
  const out = {
    facts: [],
    requests: 0,
    tests: 0,
    files: files.length,
    parseFailures: index.parseFailures,
  };
  const seen = new Set();
  const context = { find, routes, functions: index.functions, datasets: index.datasets, index };
  const run = (label, body) => {
    const test = newTest(label, context);
    body(test);
    out.tests++;
    out.requests += test.requests.length;
    for (const fact of settle(test)) {
      const key = JSON.stringify([
        fact.file,
        fact.line,
        fact.kind,
        fact.path,
        fact.anywhere,
        fact.status,
        fact.field,
        fact.request.method,
        fact.request.url,
      ]);
      if (seen.has(key)) continue;
      seen.add(key);
      out.facts.push(fact);
    }
  };
  for (const cls of index.classes.values()) if (!cls.abstract) phpunitClass(cls, context, run);
  for (const file of index.pestFiles) pestFile(file, context, run);
  return out;
}

function newTest(label, context) {
  const test = {
    label,
    props: new Map(),
    requests: [],
    facts: [],
    steps: 0,
    find: context.find,
    routes: context.routes,
    functions: context.functions,
    fact(request, kind, data, node, f) {
      test.facts.push({
        kind,
        ...data,
        file: f.file,
        line: node.what?.offset?.loc?.start.line ?? node.loc?.start.line,
        request,
      });
    },
    /**
     * A read of the body used in an assertion. A value read before a later request was made
     * (`$id = $r->json('data.id')`, then another request compared with `$id`) is an input of
     * that later check, not a fact about the first answer.
     */
    jsonFact(json, node, f) {
      if (json.n !== undefined && json.n < test.requests.length) return;
      if (!json.optional && json.path.length > 0 && json.path.every((s) => typeof s === 'string'))
        test.fact(json.resp.r, 'property', { path: json.path }, node, f);
    },
    assertValues: (name, args, node, f) =>
      assertion(test, name.toLowerCase(), args.values, node, f),
  };
  return test;
}

/** PHPUnit's own assertions (`$this->assertEquals(..., $response->json('a'))`). */
function assertion(test, lower, values, node, f) {
  const NEGATIVE =
    /^assert(null|empty|arraynothaskey|objectnothasproperty|notcontains|isnotarray)$/;
  if (NEGATIVE.test(lower)) return null;
  const [a, b] = values;
  if (lower === 'assertarrayhaskey' && typeof a === 'string' && b?.t === 'json') {
    test.jsonFact({ ...b, path: [...b.path, ...(splitPath(a) ?? [])] }, node, f);
    return null;
  }
  const status = values.find((v) => v?.t === 'statusread');
  const code = values.find((v) => typeof v === 'number');
  if (status && code !== undefined && /^assert(equals|same)$/.test(lower))
    test.fact(status.resp.r, 'status', { status: code }, node, f);
  for (const v of values) if (v?.t === 'json') test.jsonFact(v, node, f);
  const json = values.find((v) => v?.t === 'json' && !v.optional);
  const literal = values.find((v) => isArr(v));
  if (json && literal && /^assert(equals|same|equalscanonicalizing)$/.test(lower))
    for (const path of pathsOfArray(literal, json.path, false))
      test.jsonFact({ ...json, path }, node, f);
  return null;
}

/** Facts with their request and the statuses asserted on it. */
function settle(test) {
  const statuses = new Map();
  for (const fact of test.facts)
    if (fact.kind === 'status')
      statuses.set(fact.request, [...(statuses.get(fact.request) ?? []), fact.status]);
  return test.facts
    .filter((fact) => fact.request.method && fact.request.url !== undefined)
    .map((fact) => ({
      ...fact,
      test: test.label,
      asserted: statuses.get(fact.request) ?? [],
      request: {
        method: fact.request.method,
        url: fact.request.url,
        file: fact.request.file,
        line: fact.request.line,
      },
    }));
}

const isTestMethod = (name, method) =>
  /^test/i.test(name) ||
  /@test\b/.test(docOf(method)) ||
  (method.attrGroups ?? []).some((g) => g.attrs.some((a) => /(^|\\)Test$/.test(a.name)));

const docOf = (node) => (node.leadingComments ?? []).map((c) => c.value).join('\n');

function phpunitClass(cls, context, run) {
  const methods = new Map();
  for (let c = cls, guard = 0; c && guard < 10; c = context.find(c.parent), guard++)
    for (const [name, node] of c.methods)
      if (!methods.has(name) && node.body && node.visibility !== 'private')
        methods.set(name, { node, owner: c });
  for (const [name, found] of methods) {
    if (!isTestMethod(name, found.node) || !found.node.name) continue;
    const label = `${cls.file}::${found.node.name.name}`;
    for (const row of providerRows(found.node, cls, context)) {
      run(label, (test) => {
        const f = frame(test, cls.fqcn, cls.scope, cls.file);
        for (const p of defaultProperties(context.find, cls.fqcn).reverse())
          test.props.set(
            p.name,
            evaluate(p.node, frame(test, p.owner.fqcn, p.owner.scope, p.owner.file)),
          );
        const setUp = findMethod(context.find, cls.fqcn, 'setUp');
        if (setUp) invoke(setUp, { values: [], named: new Map() }, f);
        invoke(found, row, f);
      });
    }
  }
}

/** The rows of a method's data provider (`@dataProvider x`, `#[DataProvider('x')]`). */
function providerRows(method, cls, context) {
  const names = [...docOf(method).matchAll(/@dataProvider\s+(\w+)/g)].map((m) => m[1]);
  for (const g of method.attrGroups ?? [])
    for (const a of g.attrs)
      if (/DataProvider$/.test(a.name) && a.args[0]?.kind === 'string') names.push(a.args[0].value);
  if (names.length === 0) return [{ values: [], named: new Map() }];
  const rows = [];
  for (const name of names) {
    const provider = findMethod(context.find, cls.fqcn, name);
    if (!provider) continue;
    const test = newTest('provider', context);
    const f = frame(test, cls.fqcn, cls.scope, cls.file);
    const yielded = [];
    collectYields(provider.node.body?.children ?? [], yielded);
    const value =
      yielded.length > 0
        ? { t: 'arr', entries: yielded.map((y) => ({ value: evaluate(y, f) })) }
        : invoke(provider, { values: [], named: new Map() }, f);
    rows.push(...rowsOf(value));
  }
  return rows.length > 0 ? rows.slice(0, MAX_ROWS) : [{ values: [], named: new Map() }];
}

function collectYields(nodes, out) {
  for (const n of nodes) {
    if (n.kind === 'expressionstatement' && n.expression.kind === 'yield')
      out.push(n.expression.value);
    else if (n.kind === 'foreach' || n.kind === 'block')
      collectYields(n.body?.children ?? n.children ?? [], out);
  }
}

/** A dataset's rows as call arguments: a row that is a list is spread, string keys are named. */
function rowsOf(value) {
  if (!isArr(value)) return [];
  return value.entries.slice(0, MAX_ROWS).map(({ value: row }) => {
    if (!isArr(row)) return { values: [row], named: new Map() };
    const named = new Map(
      row.entries.filter((e) => typeof e.key === 'string').map((e) => [e.key, e.value]),
    );
    return {
      values: row.entries.filter((e) => typeof e.key === 'number').map((e) => e.value),
      named,
    };
  });
}

/** A Pest file: its tests (`it`/`test`, inside `describe` too) with their `beforeEach` hooks. */
function pestFile({ file, statements, scope }, context, run) {
  const cls = pestClass(statements, scope, context);
  walkPest(statements, [], { file, scope, cls }, context, run);
}

function pestClass(statements, scope, context) {
  for (const s of statements) {
    const e = s.expression;
    if (e?.kind === 'call' && e.what.kind === 'name' && e.what.name === 'uses')
      for (const a of e.arguments)
        if (a.kind === 'staticlookup' && a.offset.name === 'class') {
          const fqcn = qualify(a.what.name, scope);
          if (context.find(fqcn)?.methods) return fqcn;
        }
  }
  return context.find('Tests\\TestCase') ? 'Tests\\TestCase' : undefined;
}

function walkPest(statements, hooks, where, context, run) {
  const local = [...hooks];
  for (const s of statements) {
    if (s.kind !== 'expressionstatement') continue;
    const { base, withs } = unchain(s.expression);
    if (!base) continue;
    const fn = base.what.name.toLowerCase();
    const closure = base.arguments.find((a) => a.kind === 'closure' || a.kind === 'arrowfunc');
    if (fn === 'beforeeach' && closure) local.push(closure);
    else if (fn === 'describe' && closure?.body?.children)
      walkPest(closure.body.children, local, where, context, run);
    else if ((fn === 'it' || fn === 'test') && closure) {
      const name = base.arguments[0]?.kind === 'string' ? base.arguments[0].value : '';
      for (const row of pestRows(withs, where, context))
        run(`${where.file}:${base.loc.start.line} ${fn}('${name}')`, (test) => {
          const f = frame(test, where.cls, where.scope, where.file);
          for (const hook of local) runClosureBody(hook, { values: [], named: new Map() }, f);
          runClosureBody(closure, row, f);
        });
    }
  }
}

function unchain(expr) {
  const withs = [];
  let e = expr;
  while (e?.kind === 'call' && e.what.kind === 'propertylookup') {
    if (e.what.offset.name === 'with') withs.unshift(e.arguments);
    e = e.what.what;
  }
  return e?.kind === 'call' && e.what.kind === 'name' ? { base: e, withs } : {};
}

function pestRows(withs, where, context) {
  let rows = [{ values: [], named: new Map() }];
  for (const args of withs) {
    const test = newTest('dataset', context);
    const f = frame(test, where.cls, where.scope, where.file);
    const sets = args.flatMap((a) => {
      if (a.kind === 'string') {
        const named = context.datasets.get(a.value);
        return named
          ? [rowsOf(evaluate(named.node, frame(test, where.cls, named.scope, named.scope.file)))]
          : [];
      }
      return [rowsOf(evaluate(a, f))];
    });
    for (const set of sets) {
      if (set.length === 0) continue;
      rows = rows
        .flatMap((r) =>
          set.map((s) => ({
            values: [...r.values, ...s.values],
            named: new Map([...r.named, ...s.named]),
          })),
        )
        .slice(0, MAX_ROWS);
    }
  }
  return rows;
}

function runClosureBody(node, args, f) {
  const params = node.arguments ?? [];
  params.forEach((p, i) => {
    const name = p.name?.name ?? p.name;
    f.vars.set(
      name,
      args.named.get(name) ?? args.values[i] ?? (p.value ? evaluate(p.value, f) : UNKNOWN),
    );
  });
  if (node.kind === 'arrowfunc') evaluate(node.body, f);
  else runStatements(node.body?.children ?? [], f);
  f.done = false;
  f.ret = undefined;
}
