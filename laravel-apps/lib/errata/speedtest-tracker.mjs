// Where speedtest-tracker.reference.json disagrees with Speedtest Tracker's code (routes/api.php,
// routes/api/v1/routes.php, app/Http/Controllers/Api/V1).
import { undocumentedRoutes } from './shared.mjs';

const V1 = [
  'GET /api/v1/results',
  'GET /api/v1/results/latest',
  'GET /api/v1/results/{id}',
  'POST /api/v1/speedtests/run',
  'GET /api/v1/ookla/list-servers',
  'GET /api/v1/stats',
];

export default [
  {
    operation: 'GET /api/v1/speedtests/list-servers',
    reason:
      'no such route: the servers are listed at GET /api/v1/ookla/list-servers (routes/api/v1/routes.php)',
  },
  ...V1.map((operation) => ({
    operation,
    field: 'security',
    reason:
      'routes/api.php wraps every v1 route in auth:sanctum; the reference defines bearerAuth but applies it nowhere',
  })),
  {
    operation: 'GET /api/v1/results',
    field: 'per.page',
    reason:
      "ResultsController validates page.size (json-api-paginate's page[size]); nothing reads per.page",
  },
  ...['start_at', 'end_at'].map((field) => ({
    operation: 'GET /api/v1/stats',
    field,
    reason: `StatsController reads it as a spatie/laravel-query-builder filter: filter[${field}]`,
  })),
  ...undocumentedRoutes([
    ['GET /api/healthcheck', 'routes/api.php:9'],
    ['GET /api/speedtest/latest', 'routes/api.php:22'],
  ]),
];
