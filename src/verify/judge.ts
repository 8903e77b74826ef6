import type { Violation } from '../core/contract/types.js';
import type { CheckKind, Verdict } from './types.js';

/** What came back for a check, and what the document says about it. */
export interface Answer {
  status: number;
  /** The parsed JSON body, if it was JSON. */
  json: unknown;
  /** Where the answer breaks the document (status, media type, body, headers). */
  violations: Violation[];
}

export interface Judgement {
  verdict: Verdict;
  violations: Violation[];
  note?: string;
}

/**
 * The verdict on a valid request's answer: any violation fails it; a documented success
 * passes; a documented error warns (the document allows it, but the success was not seen).
 */
export function judgeValid(answer: Answer): Judgement {
  if (answer.violations.length > 0) return { verdict: 'fail', violations: answer.violations };
  if (answer.status < 400) return { verdict: 'pass', violations: [] };
  return { verdict: 'warn', violations: [], note: errorNote(answer) };
}

/**
 * The verdict on a body the document refuses: the documented 422 (or 400) that names the
 * field passes; an answer that accepts the body fails, as does one that names other fields
 * only; another documented error (a 401, a 403 before validation) warns.
 */
export function judgeInvalid(
  answer: Answer,
  broken: { field: string; how: string; rule?: string; names: string[]; expect: number },
): Judgement {
  const what =
    broken.how === 'rule'
      ? `a body that breaks '${broken.rule}' of '${broken.field}'`
      : `a body ${broken.how === 'without' ? 'without' : 'with the wrong type of'} '${broken.field}'`;
  if (answer.status < 400) {
    const message = `${answer.status} for ${what}, which the document refuses; expected ${broken.expect}`;
    const accepted = { location: '/response/status', message };
    return { verdict: 'fail', violations: [accepted, ...answer.violations] };
  }
  if (answer.violations.length > 0) return { verdict: 'fail', violations: answer.violations };
  if (answer.status !== broken.expect) {
    return {
      verdict: 'warn',
      violations: [],
      note: `expected ${broken.expect}: ${errorNote(answer)}`,
    };
  }
  const errors = errorsOf(answer.json);
  const named = (key: string) =>
    broken.names.some((name) => key === name || key.startsWith(`${name}.`));
  if (errors && !Object.keys(errors).some(named)) {
    const message = `names no error for '${broken.field}' (${what} was sent)`;
    return { verdict: 'fail', violations: [{ location: '/response/body/errors', message }] };
  }
  return { verdict: 'pass', violations: [] };
}

/** Why an error answer came: `422: The email has already been taken.` */
function errorNote(answer: Answer): string {
  const errors = errorsOf(answer.json);
  const first = errors ? Object.values(errors).flat()[0] : undefined;
  const message = (answer.json as { message?: unknown } | undefined)?.message;
  const why = typeof first === 'string' ? first : typeof message === 'string' ? message : '';
  const text = why.length > 120 ? `${why.slice(0, 120)}…` : why;
  return `${answer.status} (documented)${text ? `: ${text}` : ''}`;
}

function errorsOf(json: unknown): Record<string, unknown[]> | undefined {
  const errors = (json as { errors?: unknown } | undefined)?.errors;
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return undefined;
  return errors as Record<string, unknown[]>;
}

/** `valid request` / `invalid body`, for tables and reports. */
export function kindLabel(kind: CheckKind): string {
  return kind === 'valid' ? 'valid request' : 'invalid body';
}
