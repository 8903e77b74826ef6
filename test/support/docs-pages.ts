import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The user documentation: README.md and every Markdown page under docs/, as paths from root. */
export function docsPages(root: string): string[] {
  const pages = ['README.md'];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.md')) pages.push(rel);
    }
  };
  walk('docs');
  return pages.sort((a, b) => (a === 'README.md' ? -1 : b === 'README.md' ? 1 : a < b ? -1 : 1));
}

export function readPage(root: string, page: string): string {
  return readFileSync(path.join(root, page), 'utf8');
}
