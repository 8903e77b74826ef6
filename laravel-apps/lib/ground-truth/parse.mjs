// Reads a Laravel app's tests/ folder with the parser the generator uses (php-parser, PHP 8.5
// syntax): every class (methods, constants, default properties, traits), global function and
// Pest file, with the names each file imports, for the interpreter to look up.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Engine } from 'php-parser';

const OPTIONS = {
  parser: { php8: true, extractDoc: true, suppressErrors: true, version: '8.5' },
  ast: { withPositions: true },
};

/** Parses PHP text; `undefined` when even the lenient parse fails. */
export function parsePhpText(code, file) {
  try {
    return new Engine(OPTIONS).parseCode(code, file);
  } catch {
    return undefined;
  }
}

/** Every `.php` file under `dir`, relative to `root`, sorted. */
export function phpFiles(root, dir) {
  const out = [];
  const walk = (d) => {
    let names;
    try {
      names = readdirSync(d).sort();
    } catch {
      return;
    }
    for (const name of names) {
      const full = join(d, name);
      const st = statSync(full);
      if (st.isDirectory()) walk(full);
      else if (name.endsWith('.php')) out.push(relative(root, full));
    }
  };
  walk(join(root, dir));
  return out;
}

/** A name as written, made fully qualified through the file's namespace and `use` imports. */
export function qualify(name, scope) {
  if (!name) return undefined;
  if (name.startsWith('\\')) return name.slice(1);
  const [head, ...rest] = name.split('\\');
  const imported = scope.uses.get(head.toLowerCase());
  if (imported) return [imported, ...rest].join('\\');
  return scope.namespace ? `${scope.namespace}\\${name}` : name;
}

/** The index of one app's tests: classes by lower-case FQCN, functions, datasets, Pest files. */
export function indexTests(appDir, files) {
  const index = {
    classes: new Map(),
    functions: new Map(),
    datasets: new Map(),
    pestFiles: [],
    parseFailures: 0,
  };
  for (const file of files) {
    const ast = parsePhpText(readFileSync(join(appDir, file), 'utf8'), file);
    if (!ast) {
      index.parseFailures++;
      continue;
    }
    collect(ast.children, { file, namespace: '', uses: new Map() }, index);
  }
  return index;
}

function collect(nodes, scope, index) {
  const pest = [];
  for (const node of nodes ?? []) {
    if (node.kind === 'namespace') {
      collect(node.children, { file: scope.file, namespace: node.name, uses: new Map() }, index);
    } else if (node.kind === 'usegroup') {
      for (const item of node.items) {
        const full = node.name ? `${node.name}\\${item.name}` : item.name;
        const alias = item.alias?.name ?? full.split('\\').pop();
        scope.uses.set(alias.toLowerCase(), full.replace(/^\\/, ''));
      }
    } else if (node.kind === 'class' || node.kind === 'trait') {
      addClass(node, scope, index);
    } else if (node.kind === 'function') {
      index.functions.set(node.name.name.toLowerCase(), { node, scope });
    } else if (node.kind === 'expressionstatement') {
      const dataset = datasetOf(node.expression);
      if (dataset) index.datasets.set(dataset.name, { node: dataset.value, scope });
      else pest.push(node);
    } else if (node.kind === 'if' || node.kind === 'block') {
      // `if (! function_exists('x')) { function x() {} }` in Pest.php and helper files.
      collect(node.kind === 'if' ? node.body?.children : node.children, scope, index);
    }
  }
  if (pest.length > 0) index.pestFiles.push({ file: scope.file, statements: pest, scope });
}

function datasetOf(expr) {
  if (expr?.kind !== 'call' || expr.what.kind !== 'name' || expr.what.name !== 'dataset') return;
  const [name, value] = expr.arguments;
  if (name?.kind === 'string' && value) return { name: name.value, value };
}

function addClass(node, scope, index) {
  if (!node.name) return;
  const fqcn = qualify(node.name.name, scope);
  const info = {
    fqcn,
    file: scope.file,
    line: node.loc?.start.line,
    scope,
    abstract: Boolean(node.isAbstract),
    parent: node.extends ? qualify(node.extends.name, scope) : undefined,
    traits: [],
    methods: new Map(),
    constants: new Map(),
    properties: new Map(),
  };
  for (const member of node.body ?? []) {
    if (member.kind === 'method') info.methods.set(member.name.name.toLowerCase(), member);
    else if (member.kind === 'classconstant')
      for (const c of member.constants) info.constants.set(c.name.name, c.value);
    else if (member.kind === 'propertystatement')
      for (const p of member.properties)
        if (p.value) info.properties.set(p.name.name, p.value);
        else if (member.kind === 'traituse')
          for (const t of member.traits) info.traits.push(qualify(t.name, scope));
  }
  index.classes.set(fqcn.toLowerCase(), info);
}
