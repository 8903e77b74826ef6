import { describe, expect, it } from 'vitest';
import { parsePhp } from '../../../../src/laravel/php/parse.js';
import { describeNode, isClosureSource } from '../../../../src/laravel/php/source.js';
import type { Node } from '../../../../src/laravel/php/ast.js';

/** The expression of `return <code>;` as php-parser reads it. */
function expression(code: string): Node {
  const parsed = parsePhp(`<?php return ${code};`, 'x.php');
  if (!parsed.ok) throw new Error(parsed.error.message);
  const statement = (parsed.program.children as Node[])[0]!;
  return statement.expr as Node;
}

/** Node kinds php-parser gives that must never reach a message as they are. */
const INTERNAL =
  /\b(?:retif|bin|encapsed|unary|cast|offsetlookup|staticlookup|propertylookup|nullkeyword|arrowfunc)\b/;

describe('describeNode: the PHP that wrote the expression', () => {
  it.each([
    ['$this->fileRule()', '$this->fileRule()'],
    ["config('app.upload_limit')", "config('app.upload_limit')"],
    ["config('app.limit', 10)", "config('app.limit', 10)"],
    [
      "$request->has('x') ? 'required' : 'nullable'",
      "$request->has('x') ? 'required' : 'nullable'",
    ],
    ["$a ?: 'b'", "$a ?: 'b'"],
    ["'max:' . config('forms.max')", "'max:' . config('forms.max')"],
    ['"exists:{$table},id"', '"exists:{$table},id"'],
    ['(int) $limit', '(int) $limit'],
    ['!$flag', '!$flag'],
    ['-$n', '-$n'],
    ['Rule::in(Status::cases())', 'Rule::in(Status::cases())'],
    ['new Enum(Status::class)', 'new Enum(Status::class)'],
    ['self::RULES', 'self::RULES'],
    ["$rules['name']", "$rules['name']"],
    ['$user?->id', '$user?->id'],
    ['[1, 2]', '[1, 2]'],
    ["['a' => 1]", "['a' => 1]"],
    ['[1, 2, 3, 4]', '[…]'],
    ['null', 'null'],
    ['true', 'true'],
    ['isset($a)', 'isset($a)'],
    [
      'function ($attribute, $value, $fail) { return 1; }',
      'function ($attribute, $value, $fail) {…}',
    ],
    ['fn ($x) => $x', 'fn ($x) => …'],
    ['match ($a) { 1 => 2 }', 'match ($a) {…}'],
  ])('%s', (code, want) => {
    const got = describeNode(expression(code));
    expect(got).toBe(want);
    expect(got).not.toMatch(INTERNAL);
  });

  it('an expression nested too deep ends in …, not a node kind', () => {
    const got = describeNode(expression('a(b(c(d(e(f(g(h(i(1)))))))))'));
    expect(got).toContain('…');
    expect(got).not.toMatch(INTERNAL);
  });
});

describe('isClosureSource', () => {
  it.each([
    ['function ($a) {…}', true],
    ['static fn ($a) => …', true],
    ['functionName()', false],
    [undefined, false],
  ])('%s → %s', (source, want) => {
    expect(isClosureSource(source)).toBe(want);
  });
});
