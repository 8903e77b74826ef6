import type { FileFacts } from '../facts/types.js';
import { arrayGet, type PhpValue } from '../php/value.js';

/** Each config file's top-level `return` value, by file (`config/app.php`). */
export function configFiles(files: ReadonlyMap<string, FileFacts>): [string, PhpValue][] {
  return [...files].flatMap(([file, facts]): [string, PhpValue][] =>
    file.startsWith('config/') && facts.returns !== undefined ? [[file, facts.returns]] : [],
  );
}

/**
 * `config('app.name')`: `name` in `config/app.php`, as written (env() calls left as calls),
 * from each config file's returned value.
 */
export function configValues(
  configs: readonly [string, PhpValue][],
): (key: string) => PhpValue | undefined {
  const byFile = new Map(configs);
  return (key) => {
    const [file, ...path] = key.split('.');
    let value: PhpValue | undefined = byFile.get(`config/${file}.php`);
    for (const segment of path) value = arrayGet(value, segment);
    return value;
  };
}
