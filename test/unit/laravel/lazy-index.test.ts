import { describe, expect, it } from 'vitest';
import { analyseFile } from '../../../src/laravel/facts/analyse-file.js';
import type { FileFacts } from '../../../src/laravel/facts/types.js';
import { ClassIndex } from '../../../src/laravel/project/classes.js';

const SOURCES: Record<string, string> = {
  'app/Models/User.php':
    '<?php namespace App\\Models; use Illuminate\\Database\\Eloquent\\Model; class User extends Model { protected $hidden = ["password"]; }',
  'app/Models/Admin.php': '<?php namespace App\\Models; class Admin extends User {}',
  // Two classes in one file, and a name declared twice: the first file in order wins.
  'app/Support/Pair.php': '<?php namespace App\\Support; class First {} class Second {}',
  'app/Support/Shadow.php': '<?php namespace App\\Support; class First { const X = 1; }',
};

const files = new Map(
  Object.entries(SOURCES).map(([file, code]): [string, FileFacts] => [
    file,
    analyseFile(code, file),
  ]),
);
const hashes = new Map([...files.keys()].map((file, i) => [file, `hash-${i}`]));

/** A lazy index over the same files, and the files it has loaded. */
function lazyIndex(): { index: ClassIndex; loaded: string[] } {
  const loaded: string[] = [];
  const declared = new Map(
    [...files].map(([file, facts]) => [file, facts.classes.map((c) => c.name)]),
  );
  const index = ClassIndex.lazy(
    declared,
    (file) => {
      loaded.push(file);
      return files.get(file)!;
    },
    hashes,
  );
  return { index, loaded };
}

describe('ClassIndex.lazy: the same answers as an index of every file, loading files on demand', () => {
  const eager = new ClassIndex(files, hashes);

  it('knows every class name without loading a file', () => {
    const { index, loaded } = lazyIndex();
    expect(index.names()).toEqual(eager.names());
    expect(index.version('*')).toBe(eager.version('*'));
    expect(index.withShortName('First')).toEqual(eager.withShortName('First'));
    expect(loaded).toEqual([]);
  });

  it.each([
    ['App\\Models\\Admin', ['app/Models/Admin.php', 'app/Models/User.php']],
    ['App\\Support\\Second', ['app/Support/Pair.php']],
    ['App\\Support\\First', ['app/Support/Pair.php']],
    ['App\\Nowhere', []],
  ])('%s: its lineage and version, loading only %j', (name, expected) => {
    const { index, loaded } = lazyIndex();
    expect(index.lineage(name)).toEqual(eager.lineage(name));
    expect(index.version(name)).toBe(eager.version(name));
    expect([...new Set(loaded)]).toEqual(expected);
  });

  it('loads a file once, however many of its classes are looked up', () => {
    const { index, loaded } = lazyIndex();
    index.get('App\\Support\\First');
    index.get('App\\Support\\Second');
    index.get('App\\Support\\First');
    expect(loaded).toEqual(['app/Support/Pair.php']);
  });
});
