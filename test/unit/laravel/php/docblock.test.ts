import { describe, expect, it } from 'vitest';
import { parseDocBlock } from '../../../../src/laravel/php/docblock.js';

describe('PHPDoc blocks', () => {
  const cases: [string, { given: string; want: ReturnType<typeof parseDocBlock> }][] = [
    [
      'a one-line summary',
      { given: '/** List users. */', want: { summary: 'List users', tags: {} } },
    ],
    [
      'summary, description and tags',
      {
        given:
          '/**\n * Show a user.\n *\n * With their posts.\n *\n * @param  int  $id\n * @deprecated\n */',
        want: {
          summary: 'Show a user',
          description: 'With their posts.',
          tags: { param: ['int  $id'], deprecated: [''] },
        },
      },
    ],
    [
      'tags only',
      {
        given: '/** @mixin \\App\\Models\\User */',
        want: { tags: { mixin: ['\\App\\Models\\User */'.replace(' */', '')] } },
      },
    ],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(parseDocBlock(given)).toEqual(want);
  });
});
