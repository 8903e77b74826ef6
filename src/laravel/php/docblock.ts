/**
 * A PHPDoc block: the summary (first line), the description (the rest of the text before the
 * first tag) and the tags by name (`@mixin`, `@deprecated`, ...).
 * @see https://docs.phpdoc.org/guide/getting-started/what-is-a-docblock.html
 */
export interface DocBlock {
  summary?: string;
  description?: string;
  tags: Record<string, string[]>;
}

export function parseDocBlock(raw: string | undefined): DocBlock | undefined {
  if (!raw) return undefined;
  const lines = raw
    .replace(/^\/\*\*/, '')
    .replace(/\*\/$/, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\*? ?/, '').trimEnd());
  const tags: Record<string, string[]> = {};
  const prose: string[] = [];
  let inTags = false;
  for (const line of lines) {
    const tag = /^@([\w-]+)\s*(.*)$/.exec(line.trim());
    if (tag) {
      inTags = true;
      (tags[tag[1]!] ??= []).push(tag[2]!.trim());
    } else if (!inTags) prose.push(line);
  }
  const text = prose.join('\n').trim();
  const [first = '', ...rest] = text.split('\n');
  const block: DocBlock = { tags };
  if (first.trim()) block.summary = first.trim().replace(/\.$/, '');
  const description = rest.join('\n').trim();
  if (description) block.description = description;
  return block;
}
