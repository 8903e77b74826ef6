/** The scenarios of the specification, in its order. */
export const SCENARIOS = [
  'success',
  'error',
  'empty',
  'unauthorized',
  'forbidden',
  'not_found',
  'validation_error',
] as const;
export type Scenario = (typeof SCENARIOS)[number];

export function isScenario(name: string): name is Scenario {
  return (SCENARIOS as readonly string[]).includes(name);
}

/**
 * Scenarios the client forces: they win over authentication and validation, because the
 * client asked for exactly that answer.
 */
export function isForcedError(scenario: Scenario): boolean {
  return scenario !== 'success' && scenario !== 'empty';
}

/**
 * The mock's own query parameters (`_scenario`, and Prism's `__code`, `__example`,
 * `__dynamic`): they choose the answer, and are never validated as the operation's.
 */
export const MOCK_QUERY_PARAMETERS: ReadonlySet<string> = new Set([
  '_scenario',
  '__code',
  '__example',
  '__dynamic',
]);

/** Status and body of a forced error scenario when the operation declares none. */
export const DEFAULT_ERRORS: Record<
  Exclude<Scenario, 'success' | 'empty'>,
  { status: number; message: string }
> = {
  error: { status: 500, message: 'Server Error' },
  unauthorized: { status: 401, message: 'Unauthenticated.' },
  forbidden: { status: 403, message: 'This action is unauthorized.' },
  not_found: { status: 404, message: 'Resource not found.' },
  validation_error: { status: 422, message: 'The given data was invalid.' },
};
