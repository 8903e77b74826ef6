import type { FileFacts } from '../facts/types.js';
import { COLUMN_CHANGES, COLUMN_TYPES, type Column } from './columns.js';

/** Table name → its columns in order, after replaying every migration. */
export type Tables = Map<string, Map<string, Column>>;

/** What the models read of the tables: one table's columns by name, in order. */
export interface TableLookup {
  get(table: string): ReadonlyMap<string, Column> | undefined;
}

/**
 * Replays the migrations in the order Laravel runs them (by file name): creates, alters,
 * renames and drops, column modifiers (`nullable`, `change`) included.
 * @see https://laravel.com/docs/migrations
 */
export function replayMigrations(files: ReadonlyMap<string, FileFacts>): Tables {
  const tables: Tables = new Map();
  const migrations = [...files.keys()].filter((f) => f.startsWith('database/migrations/')).sort();
  for (const file of migrations) {
    for (const op of files.get(file)?.tables ?? []) {
      if (op.op === 'drop') tables.delete(op.table);
      else if (op.op === 'rename') {
        const existing = tables.get(op.table);
        tables.delete(op.table);
        if (existing && op.to) tables.set(op.to, existing);
      } else {
        const columns =
          op.op === 'create'
            ? new Map<string, Column>()
            : (tables.get(op.table) ?? new Map<string, Column>());
        tables.set(op.table, columns);
        for (const decl of op.columns) {
          const change = COLUMN_CHANGES[decl.type];
          if (change) {
            change(columns, decl.args);
            continue;
          }
          const made = COLUMN_TYPES[decl.type]?.(decl.args) ?? [];
          const modifiers = new Map(decl.modifiers.map((m) => [m.method, m.args]));
          const nullableArgs = modifiers.get('nullable');
          for (const column of made) {
            const nullable = nullableArgs ? nullableArgs[0] !== false : column.nullable;
            const comment = modifiers.get('comment')?.[0];
            const json =
              typeof comment === 'string' ? { ...column.json, description: comment } : column.json;
            const defaulted =
              column.defaulted ||
              modifiers.has('default') ||
              modifiers.has('useCurrent') ||
              modifiers.has('autoIncrement');
            columns.set(column.name, {
              ...column,
              json,
              nullable,
              type: decl.type,
              ...(defaulted ? { defaulted } : {}),
            });
          }
        }
      }
    }
  }
  return tables;
}
