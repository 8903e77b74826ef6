// Which way each figure should move, and the figures that moved the wrong way since the
// committed run.

/** Figures that must not fall. */
const HIGHER = [
  'operationsRecall',
  'operationsPrecision',
  'bodyFieldRecall',
  'requiredAgreement',
  'queryRecall',
  'securityAgreement',
  'responsePropertyRecall',
  'declaredCoverage',
  'validDocument',
  'securedOperations',
];
/** Figures that must not rise. */
const LOWER = ['emptyShare', 'get201', 'parseFailures', 'unevaluatedRules', 'routesNotDocumented'];

/** Ground-truth figures (what the apps' own tests assert) that must not fall. */
const TESTS = [
  'routesFound',
  'propertyRecall',
  'statusAgreement',
  'errorStatusRecall',
  'validationFieldRecall',
];

const EPSILON = 1e-9;

/** `[{ app, figure, was, now }]` for every figure worse than in `committed`. */
export function regressions(committed, current) {
  const worse = [];
  for (const [app, now] of Object.entries(current.apps)) {
    const was = committed?.apps?.[app];
    if (!was) continue;
    const compare = (figure, a, b, higher) => {
      if (typeof a !== 'number' || typeof b !== 'number') return;
      if (higher ? b < a - EPSILON : b > a + EPSILON) worse.push({ app, figure, was: a, now: b });
    };
    for (const f of HIGHER) compare(f, was[f], now[f], true);
    for (const f of LOWER) {
      // A share of empty answers is worse only when there are more of them too: documenting
      // fewer operations (webhooks left out of the API) moves the share, not the answers, and
      // a run that documented nothing had no share to keep.
      if (f === 'emptyShare' && (!(was.operations > 0) || now.emptySuccess <= was.emptySuccess))
        continue;
      compare(f, was[f], now[f], false);
    }
    for (const f of HIGHER) compare(`reference.${f}`, was.reference?.[f], now.reference?.[f], true);
    for (const f of TESTS) compare(`tests.${f}`, was.tests?.[f], now.tests?.[f], true);
  }
  if (committed?.totals && current.totals)
    for (const f of ['emptyShare', 'get201', 'parseFailures', 'routesNotDocumented'])
      if (current.totals[f] > committed.totals[f] + EPSILON)
        worse.push({ app: 'all', figure: f, was: committed.totals[f], now: current.totals[f] });
  for (const f of TESTS) {
    const was = committed?.totals?.tests?.[f];
    const now = current.totals?.tests?.[f];
    if (typeof was === 'number' && typeof now === 'number' && now < was - EPSILON)
      worse.push({ app: 'all', figure: `tests.${f}`, was, now });
  }
  return worse;
}
