import { describe, expect, it } from 'vitest';
import { parsePhp } from '../../../../src/laravel/php/parse.js';
import {
  addUse,
  emptyScope,
  resolveClassName,
  resolveFunctionName,
} from '../../../../src/laravel/php/names.js';
import type { Node } from '../../../../src/laravel/php/ast.js';

function scopeOf(uses: string, namespace = 'App\\Http\\Controllers') {
  const parsed = parsePhp(`<?php ${uses}`, 'x.php');
  if (!parsed.ok) throw new Error(parsed.error.message);
  const scope = emptyScope(namespace);
  for (const node of parsed.program.children as Node[])
    if (node.kind === 'usegroup') addUse(scope, node);
  return scope;
}

describe('name resolution', () => {
  const uses = `use App\\Models\\User; use App\\Models\\{Post, Comment as Remark}; use Illuminate\\Support\\Facades\\Route as R; use function App\\Support\\helper; use const App\\Support\\LIMIT;`;
  const cases: [string, { given: string; want: string }][] = [
    ['an imported class', { given: 'User', want: 'App\\Models\\User' }],
    ['imports are case-insensitive', { given: 'user', want: 'App\\Models\\User' }],
    ['a group import', { given: 'Post', want: 'App\\Models\\Post' }],
    ['a group import with an alias', { given: 'Remark', want: 'App\\Models\\Comment' }],
    ['an aliased import', { given: 'R', want: 'Illuminate\\Support\\Facades\\Route' }],
    [
      'an unimported class: the namespace',
      { given: 'Controller', want: 'App\\Http\\Controllers\\Controller' },
    ],
    [
      'a qualified name: the namespace',
      { given: 'Admin\\ReportController', want: 'App\\Http\\Controllers\\Admin\\ReportController' },
    ],
    [
      'a qualified name through an import',
      { given: 'User\\Profile', want: 'App\\Models\\User\\Profile' },
    ],
    ['a fully qualified name', { given: '\\Carbon\\Carbon', want: 'Carbon\\Carbon' }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(resolveClassName(scopeOf(uses), given)).toBe(want);
  });

  it('keeps functions and constants apart from classes', () => {
    const scope = scopeOf(uses);
    expect(resolveFunctionName(scope, 'helper')).toBe('App\\Support\\helper');
    expect(resolveFunctionName(scope, 'response')).toBe('response');
    expect(scope.constants.LIMIT).toBe('App\\Support\\LIMIT');
    expect(resolveClassName(scope, 'helper')).toBe('App\\Http\\Controllers\\helper');
  });

  it('resolves in the global namespace', () => {
    expect(resolveClassName(scopeOf('', ''), 'Route')).toBe('Route');
  });
});
