import type { ReadonlyQuery } from '../request-target.js';
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

export type ScenarioChoice = { readonly scenario: Scenario } | { error: string };

/** One choice per scenario, shared by every request that makes it. */
const CHOICES = Object.fromEntries(
  SCENARIOS.map((scenario) => [scenario, Object.freeze({ scenario })]),
) as Record<Scenario, { readonly scenario: Scenario }>;

/** `_scenario` in the query picks this request's scenario; else the server's default. */
export function chooseScenario(query: ReadonlyQuery, fallback: Scenario): ScenarioChoice {
  const requested = query.get('_scenario');
  if (requested === null || requested === '') return CHOICES[fallback];
  if (isScenario(requested)) return CHOICES[requested];
  return {
    error: `Unknown scenario '${requested}'. Valid scenarios: ${SCENARIOS.join(', ')}.`,
  };
}

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
