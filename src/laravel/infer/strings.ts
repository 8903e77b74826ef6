import { formatPrintf } from '../php/functions.js';
import { ARITHMETIC } from '../ir/types.js';
import { members, NUMBER, STRING, type Type } from './type.js';

/** A part of a string as PHP prints it; `setting` when another install may print another. */
interface Text {
  text: string;
  /** Not the same on every install or request: a setting, or a part known only at run time. */
  varies?: true;
  unknown?: true;
}

/**
 * `'max:' . self::MAX`, `"items.{$key}"`: one literal when every part is known, else a string
 * whose `written` form has the known parts as they are and the others in braces, as a
 * validation rule reads it (`exists:teams,id,{$user->id}`).
 */
export function concatenation(parts: readonly Type[], sources?: readonly (string | null)[]): Type {
  return joined(
    parts.map((p, i) => textOf(p, sources?.[i] ?? undefined)),
    '',
  );
}

/** `implode(',', ['a', 'b'])`: the pieces joined, when every one is known. */
export function implode(glue: Type, pieces: Type): Type {
  const separator = textOf(glue);
  const items = pieceTypes(pieces)?.map((t) => textOf(t));
  if (separator.unknown || !items || items.some((t) => t.unknown)) return STRING;
  return joined(items, separator.text, separator.varies);
}

/** `sprintf('in:%s', $kinds)`: the format filled in, as `concatenation` writes it. */
export function printf(format: Type, args: readonly Type[]): Type {
  const pattern = textOf(format);
  if (pattern.unknown) return STRING;
  const texts = args.map((t) => textOf(t));
  const text = formatPrintf(
    pattern.text,
    texts.map((t) => t.text),
  );
  if (text === undefined) return STRING;
  const varies = pattern.varies || texts.some((t) => t.varies);
  return varies
    ? { kind: 'scalar', type: 'string', written: text }
    : { kind: 'literal', value: text };
}

/**
 * `config('things.max') * 2`: the number when both operands are, a number written as the
 * project's files compute it when one is a setting, else a number.
 */
export function arithmetic(op: keyof typeof ARITHMETIC, [a, b]: readonly Type[]): Type {
  const [x, y] = [a, b].map((t) => (t ? textOf(t) : undefined));
  const [m, n] = [x, y].map((t) =>
    t && !t.unknown && t.text.trim() !== '' ? Number(t.text) : NaN,
  );
  if (!x || !y || Number.isNaN(m! + n!)) return NUMBER;
  const value = ARITHMETIC[op](m!, n!);
  if (!Number.isFinite(value)) return NUMBER;
  return x.varies || y.varies
    ? {
        kind: 'scalar',
        type: Number.isInteger(value) ? 'integer' : 'number',
        written: String(value),
      }
    : { kind: 'literal', value };
}

function joined(parts: readonly Text[], separator: string, varies?: true): Type {
  const text = parts.map((p) => p.text).join(separator);
  return varies || parts.some((p) => p.varies)
    ? { kind: 'scalar', type: 'string', written: text }
    : { kind: 'literal', value: text };
}

/** The items of a list or the values of an array with known keys, each alone. */
function pieceTypes(pieces: Type): Type[] | undefined {
  if (pieces.kind === 'list') return members(pieces.items);
  if (pieces.kind === 'shape') return pieces.fields.map((f) => f.type);
  return undefined;
}

/** A part as PHP prints it; one not known in braces, as its PHP source shows it (`source`). */
function textOf(part: Type, source?: string): Text {
  if (part.kind === 'null') return { text: '' };
  if (part.kind === 'literal')
    return { text: typeof part.value === 'boolean' ? (part.value ? '1' : '') : String(part.value) };
  if (part.kind === 'scalar' && part.written !== undefined)
    return { text: part.written, varies: true };
  // `$suffix = ''; if (...) $suffix = ',' . $this->id;`: the text when the part is there.
  const texts = part.kind === 'union' ? part.of.map((t) => textOf(t)) : [];
  const present = texts.filter((t) => t.text !== '');
  if (texts.length > 0 && present.length === 1 && !present[0]!.unknown)
    return { text: present[0]!.text, varies: true };
  const reason = source ?? (part.kind === 'unknown' && part.reason ? part.reason : '…');
  return { text: `{${reason}}`, varies: true, unknown: true };
}
