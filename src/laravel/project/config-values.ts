import type { FileFacts } from '../facts/types.js';
import { arrayGet, type PhpValue } from '../php/value.js';

/**
 * Each config file's top-level `return` value, by file as `config/<name>.php`: in `config/`, or
 * where the project's `Application` subclass's `configPath()` points (`app/Config`).
 */
export function configFiles(files: ReadonlyMap<string, FileFacts>): [string, PhpValue][] {
  const dir = configDir(files);
  return [...files].flatMap(([file, facts]): [string, PhpValue][] =>
    file.startsWith(`${dir}/`) && facts.returns !== undefined
      ? [[`config/${file.slice(dir.length + 1)}`, facts.returns]]
      : [],
  );
}

/** The folder of the config files: `config`, unless an `Application` subclass moves it. */
function configDir(files: ReadonlyMap<string, FileFacts>): string {
  for (const file of [...files.keys()].sort())
    for (const c of files.get(file)!.classes)
      if (c.configDir && c.extends === 'Illuminate\\Foundation\\Application') return c.configDir;
  return 'config';
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
