import { describe, expect, it } from 'vitest';
import { analyseFile } from '../../../../src/laravel/facts/analyse-file.js';
import type { Body, Expr } from '../../../../src/laravel/ir/types.js';

/** `show()`'s body of a class method, transcribed. */
function bodyOf(code: string, params = '$x'): Body {
  const facts = analyseFile(
    `<?php\nnamespace App;\nuse App\\Models\\Post;\nclass C extends B {\n  public function show(${params}) {\n${code}\n  }\n}`,
    'C.php',
  );
  if (facts.error) throw new Error(facts.error.message);
  return facts.classes[0]!.methods.show!.body!;
}

/** An expression as short text, definitions written out where they are used. */
function show(e: Expr | undefined, body: Body): string {
  const s = (x: Expr) => show(x, body);
  const args = (xs: Expr[]) => xs.map(s).join(', ');
  if (!e) return 'void';
  switch (e.kind) {
    case 'value':
      return JSON.stringify(e.value);
    case 'array':
      return `[${e.items.map((i) => (i.spread ? `...${s(i.value)}` : i.key ? `${s(i.key)} => ${s(i.value)}` : s(i.value))).join(', ')}]`;
    case 'new':
      return `new ${typeof e.class === 'string' ? e.class : s(e.class)}(${args(e.args)})`;
    case 'func':
      return `${e.global ?? e.name}(${args(e.args)})`;
    case 'static':
      return `${typeof e.class === 'string' ? e.class : s(e.class)}::${e.method}(${args(e.args)})`;
    case 'call':
      return `${s(e.on)}${e.nullsafe ? '?->' : '->'}${e.method}(${args(e.args)})`;
    case 'prop':
      return `${s(e.on)}->${e.name}`;
    case 'this':
      return '$this';
    case 'gconst':
      return e.name;
    case 'instance':
      return `(${s(e.of)} ${e.not ? '!' : ''}instanceof ${e.class})`;
    case 'param':
      return `$${e.name}`;
    case 'def':
      return s(body.defs[e.id]!);
    case 'union':
      return `(${e.of.map(s).join(' | ')})`;
    case 'arith':
      return `(${s(e.args[0])} ${e.op} ${s(e.args[1])})`;
    case 'concat':
      return `(${e.parts.map(s).join(' . ')})`;
    case 'scalar':
      return e.type;
    case 'effect':
      return `${s(e.on)}{->${e.method}(${args(e.args)})}`;
    case 'passed':
      return `${s(e.on)}{passed to ${s(e.call)} #${e.index}}`;
    case 'set':
      return `${s(e.on)}{[${e.key ? s(e.key) : ''}] = ${s(e.value)}}`;
    case 'notnull':
      return `${s(e.of)}!`;
    case 'element':
      return `each(${s(e.of)})`;
    case 'elementKey':
      return `keyof(${s(e.of)})`;
    case 'index':
      return `${s(e.on)}[${e.key ? s(e.key) : ''}]`;
    case 'doc':
      return `${s(e.value)} @${JSON.stringify(e.type)}`;
    case 'fn':
      return `fn(${e.params.map((p) => `$${p.name}`).join(', ')}) => ${e.returns.map((r) => show(r.expr, body)).join(' | ')}`;
    case 'const':
      return `${e.class}::${e.name}`;
    case 'class':
      return `${e.name}::class`;
    case 'cast':
      return `(${e.type}) ${s(e.of)}`;
    case 'sprop':
      return `${e.class}::$${e.name}`;
    case 'unknown':
      return `?${e.source ?? ''}`;
  }
}

const returnsOf = (code: string, params?: string) => {
  const body = bodyOf(code, params);
  return body.returns.map(
    (r) =>
      (r.when ? `[${r.when.not ? '!' : ''}${r.when.param} is ${r.when.class}] ` : '') +
      (r.caught ? '[caught] ' : '') +
      show(r.expr, body),
  );
};

describe('ir: what each return yields, locals followed', () => {
  it.each<[string, string, string[], string?]>([
    ['a literal', "return ['a' => 1];", ['["a" => 1]']],
    [
      'a string built of parts, literal parts joined',
      "return 'max:' . self::MAX . '|min:' . '1' . \"|in:{$x}\";",
      ['("max:" . App\\C::MAX . "|min:1|in:" . $x)'],
    ],
    [
      '`.=` adds a part',
      "$r = 'required';\n$r .= '|max:' . $x;\nreturn $r;",
      ['("required" . ("|max:" . $x))'],
    ],
    ['`$n++`: a count, not the literal it started as', '$n = 0;\n$n++;\nreturn $n;', ['integer']],
    ['a local', '$p = Post::find(1);\nreturn $p;', ['App\\Models\\Post::find(1)']],
    [
      'the definitions that reach the return, after branches',
      "$q = Post::query();\nif ($x) {\n  $q = Post::where('a', 1);\n}\nreturn $q;",
      ['(App\\Models\\Post::query() | App\\Models\\Post::where("a", 1))'],
    ],
    [
      'a branch that returns does not flow on',
      'if ($x) {\n  $q = 1;\n  return $q;\n}\n$q = 2;\nreturn $q;',
      ['1', '2'],
    ],
    [
      'a statement-level call changes the local',
      "$q = Post::query();\n$q->where('a', 1);\nreturn $q->get();",
      ['App\\Models\\Post::query(){->where("a", 1)}->get()'],
    ],
    [
      'keys set one by one',
      "$d = [];\n$d['a'] = 1;\n$d[] = 2;\nreturn $d;",
      ['[]{["a"] = 1}{[] = 2}'],
    ],
    ['destructuring', '[$a, $b] = f();\nreturn $b;', ['f()[1]']],
    ['foreach items', 'foreach ($x as $item) {\n  $last = $item;\n}\nreturn $last;', ['each($x)']],
    [
      'null ruled out after `if (! $p) return`',
      '$p = Post::first();\nif (! $p) {\n  return response()->json([], 404);\n}\nreturn $p;',
      ['response()->json([], 404)', 'App\\Models\\Post::first()!'],
    ],
    ['?? rules out null on its left', 'return $x ?? 0;', ['($x! | 0)']],
    [
      'instanceof guards on parameters',
      'if ($x instanceof Post) {\n  return 1;\n}\nreturn 2;',
      ['[x is App\\Models\\Post] 1', '2'],
    ],
    [
      'a closure captures what reaches it',
      '$n = 1;\nreturn collect($x)->map(fn ($i) => [$i, $n]);',
      ['collect($x)->map(fn($i) => [$i, 1])'],
    ],
    [
      'names resolved: self, parent, static, imports',
      'return [self::make(), parent::make(), static::make(), new Post()];',
      ['[App\\C::make(), App\\B::make(), static::make(), new App\\Models\\Post()]'],
    ],
    [
      'a class in a variable',
      '$c = Post::class;\nreturn $c::find(1);',
      ['App\\Models\\Post::class::find(1)'],
    ],
    [
      'a docblock type on a local',
      '/** @var Post $p */\n$p = app("x");\nreturn $p;',
      ['app("x") @{"kind":"name","name":"App\\\\Models\\\\Post"}'],
    ],
    [
      'first-class callables: a closure that calls the function or method',
      'return [strtoupper(...), self::make(...), $this->show(...)];',
      [
        '[fn($...0, $...1, $...2) => strtoupper($...0, $...1, $...2), fn($...0, $...1, $...2) => App\\C::make($...0, $...1, $...2), fn($...0, $...1, $...2) => $this->show($...0, $...1, $...2)]',
      ],
    ],
    [
      'returns in a catch block are marked',
      'try {\n  return 1;\n} catch (Exception $e) {\n  return 2;\n}',
      ['1', '[caught] 2'],
    ],
    [
      'a function in a namespace falls back to the global one',
      'return response();',
      ['response()'],
    ],
  ])('%s', (_name, code, want, params) => {
    expect(returnsOf(code, params)).toEqual(want);
  });
});

describe('ir: parameters a body changes', () => {
  it.each<[string, string, Record<string, string> | undefined]>([
    [
      'calls on the parameter',
      "$x->load('a');\n$x->b = 1;",
      { x: '$x{->load("a")}{->__set("b", 1)}' },
    ],
    [
      'passed on to a method of the project',
      '$this->format($x);\nself::clean($x, 2);',
      {
        x: '$x{passed to $this->format($x) #0}{passed to App\\C::clean($x{passed to $this->format($x) #0}, 2) #0}',
      },
    ],
    ["reassigned: not the caller's object", "$x = new Post();\n$x->load('a');", undefined],
    ['changed as an array, which PHP copies', "$x['a'] = 1;", undefined],
    ['only read', 'return $x->name;', undefined],
  ])('%s', (_name, code, want) => {
    const body = bodyOf(code, '$x, $y');
    const after = body.paramsAfter
      ? Object.fromEntries(Object.entries(body.paramsAfter).map(([k, v]) => [k, show(v, body)]))
      : undefined;
    expect(after).toEqual(want);
  });
});

describe('ir: helper functions and includes', () => {
  it('reads functions declared at the top level and in function_exists guards', () => {
    const facts = analyseFile(
      "<?php\nif (! function_exists('a')) {\n  function a(int $x): array { return [$x]; }\n}\nfunction b() { return 1; }\nforeach (glob(__DIR__.'/helpers/*.php') as $f) { require $f; }\nrequire_once __DIR__.'/more.php';",
      'bootstrap/helpers.php',
    );
    const functions = facts.classes.filter((c) => c.kind === 'function');
    expect(functions.map((f) => f.name)).toEqual(['function:a', 'function:b']);
    expect(functions[0]?.methods.function?.body).toBeDefined();
    expect(functions[0]?.methods.function?.hints).toEqual({
      params: { x: { kind: 'name', name: 'int' } },
      returns: { kind: 'name', name: 'array' },
    });
    expect(facts.includes).toEqual(['{{__DIR__}}/helpers/*.php', '{{__DIR__}}/more.php']);
  });

  it('reads macros registered by a class', () => {
    const facts = analyseFile(
      "<?php\nnamespace App\\Providers;\nuse Illuminate\\Support\\Facades\\Response;\nclass P {\n  public function boot() {\n    Response::macro('api', fn (array $v) => response()->json($v));\n  }\n}",
      'app/Providers/P.php',
    );
    expect(facts.macros?.map((m) => [m.class, m.name, m.params.map((p) => p.name)])).toEqual([
      ['Illuminate\\Support\\Facades\\Response', 'api', ['v']],
    ]);
  });
});
