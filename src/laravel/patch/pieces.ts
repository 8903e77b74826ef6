import type { OpenApiDocument } from '../../core/types.js';

/** Start and end (exclusive) of a value in the document's text. */
export type Range = [number, number];

/** Members of `paths` and `components` are objects of objects: their values sit at depth 3. */
const DEPTH = 3;
const INDENT = ' '.repeat(2 * DEPTH);

/** The document as `apidoc generate` writes it: `JSON.stringify` with two spaces, and a newline. */
export function documentText(document: OpenApiDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** A value as `documentText` writes it at depth 3 (an operation, a component). */
export function pieceText(value: unknown): string {
  return JSON.stringify(value, null, 2).replaceAll('\n', `\n${INDENT}`);
}

/**
 * Where each operation (`paths` → path → method) and each component (`components` → kind →
 * name) is in `text`, which must be `documentText(document)`. Keys at depth 3 start a line
 * with exactly six spaces, and JSON strings hold no raw newline, so each value is found by
 * searching forward in document order.
 */
export function locatePieces(
  text: string,
  document: OpenApiDocument,
): { operations: Map<string, Range>; components: Map<string, Range> } {
  const cursor = { at: 0 };
  const operations = new Map<string, Range>();
  const components = new Map<string, Range>();
  const paths = (document.paths ?? {}) as Record<string, Record<string, unknown>>;
  seek(text, cursor, '\n  "paths": ');
  for (const [path, item] of Object.entries(paths)) {
    seek(text, cursor, `\n    ${JSON.stringify(path)}: `);
    for (const method of Object.keys(item))
      operations.set(operationKey(method, path), valueAt(text, cursor, method));
  }
  const groups = (document.components ?? {}) as Record<string, Record<string, unknown>>;
  if (document.components) seek(text, cursor, '\n  "components": ');
  for (const [kind, members] of Object.entries(groups)) {
    seek(text, cursor, `\n    ${JSON.stringify(kind)}: `);
    for (const name of Object.keys(members))
      components.set(`#/components/${kind}/${name}`, valueAt(text, cursor, name));
  }
  return { operations, components };
}

export function operationKey(method: string, path: string): string {
  return `${method} ${path}`;
}

function seek(text: string, cursor: { at: number }, needle: string): void {
  const found = text.indexOf(needle, cursor.at);
  if (found < 0) throw new Error(`locatePieces: ${needle.trim()} not found`);
  cursor.at = found + needle.length;
}

/** The value of the depth-3 member `key` next after the cursor. */
function valueAt(text: string, cursor: { at: number }, key: string): Range {
  seek(text, cursor, `\n${INDENT}${JSON.stringify(key)}: `);
  const start = cursor.at;
  const open = text[start];
  let end: number;
  if ((open === '{' || open === '[') && text[start + 1] === '\n') {
    const close = `\n${INDENT}${open === '{' ? '}' : ']'}`;
    const found = text.indexOf(close, start);
    if (found < 0) throw new Error(`locatePieces: the end of ${key} not found`);
    end = found + close.length;
  } else {
    // A scalar, `{}` or `[]`: one line.
    const newline = text.indexOf('\n', start);
    end = text[newline - 1] === ',' ? newline - 1 : newline;
  }
  cursor.at = end;
  return [start, end];
}

/**
 * `text` with each range replaced, and a function that maps a range of the old text that no
 * replacement overlaps to the new one. Ranges must not overlap.
 */
export function splice(
  text: string,
  replacements: readonly { range: Range; text: string }[],
): { text: string; shift: (range: Range) => Range } {
  const sorted = [...replacements].sort((a, b) => a.range[0] - b.range[0]);
  const parts: string[] = [];
  /** Old position → the shift of everything from it on. */
  const shifts: [number, number][] = [];
  let at = 0;
  let delta = 0;
  for (const { range, text: replacement } of sorted) {
    if (range[0] < at) throw new Error('splice: overlapping ranges');
    parts.push(text.slice(at, range[0]), replacement);
    delta += replacement.length - (range[1] - range[0]);
    shifts.push([range[1], delta]);
    at = range[1];
  }
  parts.push(text.slice(at));
  const shiftOf = (position: number): number => {
    // The last replacement that ends at or before the position (binary search).
    let lo = 0;
    let hi = shifts.length - 1;
    let found = 0;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (shifts[mid]![0] <= position) {
        found = shifts[mid]![1];
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  };
  return {
    text: parts.join(''),
    shift: ([start, end]) => {
      const by = shiftOf(start);
      return [start + by, end + by];
    },
  };
}
