import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docsPages } from '../../support/docs-pages.js';
import { codeBlocks } from '../../support/markdown-blocks.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** A heading's anchor as GitHub makes it (github-slugger): lower case, punctuation dropped. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown text's headings, numbered as GitHub numbers repeats. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  const fenced = new Set(
    codeBlocks(markdown).flatMap((b) =>
      Array.from({ length: b.body.split('\n').length + 2 }, (_, i) => b.line + i - 1),
    ),
  );
  markdown.split('\n').forEach((line, i) => {
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (!heading || fenced.has(i + 1)) return;
    const base = slug(heading[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  });
  return out;
}

/** Every Markdown link target outside code: `[text](target)`. */
function links(markdown: string): string[] {
  const prose = markdown.replace(/^(```|~~~)[\s\S]*?^\1/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
}

describe('slug', () => {
  it.each([
    ['State (`--stateful`)', 'state---stateful'],
    ["Laravel's own validation", 'laravels-own-validation'],
    ['`apidoc generate:optimized`', 'apidoc-generateoptimized'],
    ['Routing, CORS, content negotiation', 'routing-cors-content-negotiation'],
  ])('%s → %s', (heading, want) => {
    expect(slug(heading)).toBe(want);
  });
});

describe.each(docsPages(ROOT))('the links of %s', (page) => {
  it('point to files that exist, and to headings they have', () => {
    const broken: string[] = [];
    const text = readFileSync(path.join(ROOT, page), 'utf8');
    for (const target of links(text)) {
      if (/^[a-z]+:/.test(target)) continue; // https:, mailto:
      const [file, anchor] = target.split('#') as [string, string | undefined];
      const resolved =
        file === '' ? path.join(ROOT, page) : path.resolve(ROOT, path.dirname(page), file);
      if (!existsSync(resolved)) {
        broken.push(`${target}: no such file`);
        continue;
      }
      if (anchor === undefined || !resolved.endsWith('.md')) continue;
      if (!anchors(readFileSync(resolved, 'utf8')).has(anchor))
        broken.push(`${target}: no such heading`);
    }
    expect(broken).toEqual([]);
  });
});
