import type { OpenApiDocument } from '../../core/types.js';

/** Start and end (exclusive) of a value in the document's bytes (UTF-8). */
export type Range = [number, number];

/** Members of `paths` and `components` are objects of objects: their values sit at depth 3. */
const DEPTH = 3;
const INDENT = ' '.repeat(2 * DEPTH);

/**
 * A value as `serializeDocument` writes it in JSON at depth 3 (an operation, a component), in
 * UTF-8.
 */
export function pieceBytes(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value, null, 2).replaceAll('\n', `\n${INDENT}`));
}

/**
 * Where each operation (`paths` → path → method) and each component (`components` → kind →
 * name) is in `bytes`, which must be `serializeDocument(document, 'json')` in UTF-8. Keys at depth 3 start a
 * line with exactly six spaces, and JSON strings hold no raw newline, so each value is found by
 * searching forward in document order.
 */
export function locatePieces(
  bytes: Buffer,
  document: OpenApiDocument,
): { operations: Map<string, Range>; components: Map<string, Range> } {
  const cursor = { at: 0 };
  const operations = new Map<string, Range>();
  const components = new Map<string, Range>();
  const paths = (document.paths ?? {}) as Record<string, Record<string, unknown>>;
  seek(bytes, cursor, '\n  "paths": ');
  for (const [path, item] of Object.entries(paths)) {
    seek(bytes, cursor, `\n    ${JSON.stringify(path)}: `);
    for (const method of Object.keys(item))
      operations.set(operationKey(method, path), valueAt(bytes, cursor, method));
  }
  const groups = (document.components ?? {}) as Record<string, Record<string, unknown>>;
  if (document.components) seek(bytes, cursor, '\n  "components": ');
  for (const [kind, members] of Object.entries(groups)) {
    seek(bytes, cursor, `\n    ${JSON.stringify(kind)}: `);
    for (const name of Object.keys(members))
      components.set(`#/components/${kind}/${name}`, valueAt(bytes, cursor, name));
  }
  return { operations, components };
}

export function operationKey(method: string, path: string): string {
  return `${method} ${path}`;
}

const NEWLINE = 0x0a;
const COMMA = 0x2c;

function seek(bytes: Buffer, cursor: { at: number }, needle: string): void {
  const found = bytes.indexOf(needle, cursor.at, 'utf8');
  if (found < 0) throw new Error(`locatePieces: ${needle.trim()} not found`);
  cursor.at = found + Buffer.byteLength(needle);
}

/** The value of the depth-3 member `key` next after the cursor. */
function valueAt(bytes: Buffer, cursor: { at: number }, key: string): Range {
  seek(bytes, cursor, `\n${INDENT}${JSON.stringify(key)}: `);
  const start = cursor.at;
  const open = String.fromCharCode(bytes[start]!);
  let end: number;
  if ((open === '{' || open === '[') && bytes[start + 1] === NEWLINE) {
    const close = `\n${INDENT}${open === '{' ? '}' : ']'}`;
    const found = bytes.indexOf(close, start, 'utf8');
    if (found < 0) throw new Error(`locatePieces: the end of ${key} not found`);
    end = found + close.length;
  } else {
    // A scalar, `{}` or `[]`: one line.
    const newline = bytes.indexOf(NEWLINE, start);
    end = bytes[newline - 1] === COMMA ? newline - 1 : newline;
  }
  cursor.at = end;
  return [start, end];
}

/**
 * `bytes` with each range replaced, and a function that maps each range of the old bytes that
 * is either replaced or overlaps no replacement to the new one. Ranges must not overlap.
 */
export function splice(
  bytes: Buffer,
  replacements: readonly { range: Range; bytes: Buffer }[],
): { bytes: Buffer; place: (range: Range) => Range } {
  const sorted = [...replacements].sort((a, b) => a.range[0] - b.range[0]);
  const parts: Buffer[] = [];
  /** Old end of each replacement → the shift of everything from it on. */
  const shifts: [number, number][] = [];
  const lengths = new Map<number, number>();
  let at = 0;
  let delta = 0;
  for (const { range, bytes: replacement } of sorted) {
    if (range[0] < at) throw new Error('splice: overlapping ranges');
    parts.push(bytes.subarray(at, range[0]), replacement);
    delta += replacement.length - (range[1] - range[0]);
    shifts.push([range[1], delta]);
    lengths.set(range[0], replacement.length);
    at = range[1];
  }
  parts.push(bytes.subarray(at));
  const shiftAt = (position: number): number => {
    // The shift after the last replacement that ends at or before the position.
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
    // Nothing to replace (no file changed, or operations built again the same): no copy.
    bytes: sorted.length === 0 ? bytes : Buffer.concat(parts),
    place: ([start, end]) => {
      const from = start + shiftAt(start);
      return [from, from + (lengths.get(start) ?? end - start)];
    },
  };
}
