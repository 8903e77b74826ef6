/**
 * The seed of one request's generated data: the server's seed, the operation's method (so HEAD
 * answers what GET would), the concrete path and the scenario. The exporters use it too, so a
 * saved example response is exactly what the mock sends.
 */
export function requestSeed(
  seed: number | string,
  method: string,
  pathname: string,
  scenario: string,
): string {
  return `${seed}|${method.toUpperCase()} ${pathname}|${scenario}`;
}
