import { conforms } from './conforms.js';
import type { Ctx } from './context.js';
import { faker } from './fake.js';
import { formatValue, isKnownFormat, resizeFormatted } from './formats.js';
import { stringHeuristic } from './heuristics.js';
import type { Norm } from './norm.js';
import { codePoints } from '../../code-points.js';
import { fromPattern, patternRegExp } from './pattern.js';
import { indexSeed, reseed } from './random.js';

/**
 * Strings, in order of preference: by format, by pattern, by property name, then lorem words
 * cut to length. Each candidate must fit the node's length limits and every pattern, so a
 * heuristic that would break `maxLength: 5` gives way to a generic value.
 */

/** Tried when a pattern defeats randexp; a surprising number of real patterns accept one. */
const FALLBACKS = ['', 'a', 'A', '0', '1', 'a1', 'A1', 'abc', 'ABC', '123', 'example', 'a-b'];

export function genString(ctx: Ctx, norm: Norm, seed: number, name: string | undefined): string {
  const fits = (value: string) => stringFits(norm, value);
  const format = norm.format !== undefined && isKnownFormat(norm.format) ? norm.format : undefined;
  if (format !== undefined) {
    reseed(seed);
    const value = formatValue(format) ?? '';
    const sized = resizeFormatted(format, value, norm.minLength ?? 0, norm.maxLength ?? Infinity);
    if (fits(sized)) return sized;
  }
  if (norm.patterns.length > 0) return patternString(ctx, norm, seed, format !== undefined);
  if (format === undefined) {
    // An unknown format (`phone`, `slug`) is as good a hint as a property name.
    const maker = stringHeuristic(name ?? '') ?? stringHeuristic(norm.format ?? '');
    if (maker) {
      reseed(seed);
      const value = maker();
      if (fits(value)) return value;
    }
  }
  const generic = genericString(norm, seed);
  // A format whose own values could not fit the lengths: the generic string is a guess.
  if (format !== undefined && !conforms(ctx.doc, norm.source, generic, ctx.mode))
    ctx.invalid = true;
  return generic;
}

function patternString(ctx: Ctx, norm: Norm, seed: number, hasFormat: boolean): string {
  const valid = hasFormat
    ? (value: string) => stringFits(norm, value) && conforms(ctx.doc, norm.source, value, ctx.mode)
    : (value: string) => stringFits(norm, value);
  // With a format as well, an unanchored pattern (`@example\.com$`) often only needs a prefix
  // to make its output a valid email or URL.
  const accept = (value: string) =>
    (hasFormat ? [value, 'user' + value, 'https://' + value] : [value]).find(valid);
  const minLength = Math.min(norm.minLength ?? 0, 10_000);
  for (const pattern of norm.patterns) {
    const value = fromPattern(pattern, seed, minLength, accept);
    if (value !== undefined) return value;
  }
  const generic = genericString(norm, seed);
  const found = [generic, ...FALLBACKS].find(valid);
  if (found !== undefined) return found;
  ctx.invalid = true;
  return generic;
}

/** Lorem words, grown to `minLength` and cut to `maxLength`. */
export function genericString(norm: Norm, seed: number): string {
  reseed(seed);
  const min = norm.minLength ?? 0;
  const max = norm.maxLength ?? Infinity;
  let value = faker.lorem.words({ min: 1, max: 3 });
  for (let i = 0; value.length < min; i++) {
    reseed(indexSeed(seed, i));
    value += ' ' + faker.lorem.words(8);
  }
  if (value.length > max) value = value.slice(0, max);
  // A cut that ends on a space looks like a bug to whoever reads the mock.
  if (value.endsWith(' ')) value = value.slice(0, -1) + 'a';
  return value;
}

/** minLength/maxLength (counted in code points, as ajv does) and every pattern. */
export function stringFits(norm: Norm, value: string): boolean {
  const length = codePoints(value);
  if (norm.minLength !== undefined && length < norm.minLength) return false;
  if (norm.maxLength !== undefined && length > norm.maxLength) return false;
  for (const pattern of norm.patterns) {
    const regex = patternRegExp(pattern);
    if (regex !== null && !regex.test(value)) return false;
  }
  return true;
}
