import type { SettingsChange } from '../options.js';
import { isScenario } from '../../core/engine/scenarios.js';
import { readDelay, readFailRate } from '../scenario/settings.js';

export type ChangeField = keyof SettingsChange;

/** Each field's reader: its value, or undefined with the message to send back. */
const READERS: Record<ChangeField, { read: (v: unknown) => unknown; message: string }> = {
  operation: {
    read: (v) => (typeof v === 'string' ? v : undefined),
    message: 'The selected operation is invalid.',
  },
  scenario: {
    read: (v) => (typeof v === 'string' && isScenario(v) ? v : undefined),
    message: 'The selected scenario is invalid.',
  },
  delay: {
    read: readDelay,
    message: 'The delay must be a whole number of milliseconds, or a range such as "100-800".',
  },
  failRate: { read: readFailRate, message: 'The fail rate must be a number from 0 to 1.' },
  failMode: {
    read: (v) => (v === 'error' || v === 'reset' ? v : undefined),
    message: 'The selected fail mode is invalid.',
  },
};

/**
 * A change as a client sent it, checked field by field: the change, or the fields that are
 * wrong with Laravel's kind of messages. `operations` are the names an operation may have
 * (`GET /api/users/{id}`); the fail rate and mode are for every operation.
 */
export function readChange(
  input: unknown,
  allowed: readonly ChangeField[],
  operations: ReadonlySet<string>,
): { change: SettingsChange } | { errors: Record<string, string[]> } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { errors: { body: [`The body must be a JSON object with ${allowed.join(', ')}.`] } };
  }
  const errors: Record<string, string[]> = {};
  const change: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const reader = (allowed as readonly string[]).includes(key)
      ? READERS[key as ChangeField]
      : undefined;
    const read = reader?.read(value);
    if (!reader) errors[key] = [`The ${key} field is not one of: ${allowed.join(', ')}.`];
    else if (read === undefined) errors[key] = [reader.message];
    else change[key] = read;
  }
  const operation = change.operation as string | undefined;
  if (operation !== undefined && !operations.has(operation)) {
    errors.operation = [READERS.operation.message];
  }
  if (operation !== undefined && (change.failRate ?? change.failMode) !== undefined) {
    errors.operation = ['The fail rate and mode are for every operation: leave the operation out.'];
  }
  return Object.keys(errors).length > 0 ? { errors } : { change: change as SettingsChange };
}
