import { describe, expect, it } from 'vitest';
import { analyseFile } from '../../../../src/laravel/facts/analyse-file.js';
import { walk, type Node } from '../../../../src/laravel/php/ast.js';
import { parsePhp } from '../../../../src/laravel/php/parse.js';

/** The kinds of nodes in a parsed snippet, for a loose look at what the parser made of it. */
function kinds(code: string): string[] {
  const parsed = parsePhp(`<?php\n${code}\n`, 'test.php');
  if (!parsed.ok) throw new Error(parsed.error.message);
  const out: string[] = [];
  walk(parsed.program, (node: Node) => void out.push(node.kind));
  return out;
}

describe('parsePhp: PHP as current applications write it', () => {
  const cases: [string, { given: string; has: string[] }][] = [
    ['PHP 8.4 new without parentheses', { given: '$x = new Foo()->bar();', has: ['new', 'call'] }],
    [
      'PHP 8.4 asymmetric visibility',
      { given: 'class P { public protected(set) string $name; }', has: ['propertystatement'] },
    ],
    ['PHP 8.5 pipe', { given: '$x = $s |> trim(...);', has: ['bin'] }],
    ['clone of a variable', { given: '$x = clone $y;', has: ['clone', 'variable'] }],
    ['clone of a parenthesised expression', { given: '$x = clone ($a ?? $b);', has: ['clone'] }],
    ['PHP 8.5 clone with', { given: "$x = clone($y, ['a' => 1]);", has: ['clone', 'array'] }],
    [
      'PHP 7 code',
      { given: 'list($a, $b) = [1, 2]; $f = function () use ($a) {};', has: ['list'] },
    ],
  ];
  it.each(cases)('%s', (_, { given, has }) => {
    expect(kinds(given)).toEqual(expect.arrayContaining(has));
  });
});

describe('parsePhp: a syntax error', () => {
  it('is returned with its line, never thrown', () => {
    const parsed = parsePhp('<?php\n$a = 1;\n$b = ;\n', 'broken.php');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.line).toBe(3);
  });

  it('costs the bad statement only: routes before and after it are still read', () => {
    const facts = analyseFile(
      `<?php
use Illuminate\\Support\\Facades\\Route;
Route::get('before', [A::class, 'a']);
Route::get('broken', [A::class, 'b']) +++ ;
Route::get('after', [A::class, 'c']);
`,
      'routes/api.php',
    );
    expect(facts.error?.line).toBe(4);
    expect(facts.routes?.map((r) => (r.kind === 'route' ? r.uri : r.kind))).toEqual(
      expect.arrayContaining(['before', 'after']),
    );
  });
});
