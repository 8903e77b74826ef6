// Where coolify.reference.json disagrees with Coolify's code (routes/api.php, app/Http/Controllers/Api).
import { fieldsNotRead, requiredFlags, undocumentedRoutes } from './shared.mjs';

const AT_LEAST_ONE =
  "rules 'string|nullable'; the authors' own annotation says to provide at least one of environment_name or environment_uuid: neither is required on its own";

const CREATES = [
  'POST /services',
  'POST /applications/public',
  'POST /applications/private-github-app',
  'POST /applications/private-deploy-key',
  'POST /applications/dockerfile',
  'POST /applications/dockerimage',
  ...['postgresql', 'mysql', 'mariadb', 'mongodb', 'redis', 'keydb', 'dragonfly', 'clickhouse'].map(
    (db) => `POST /databases/${db}`,
  ),
];

export default [
  {
    operation: 'PATCH /security/keys',
    reason:
      'the route is PATCH /security/keys/{uuid} (routes/api.php:121); there is none without the uuid',
  },
  ...fieldsNotRead(
    'PATCH /applications/{uuid}',
    [
      'project_uuid',
      'server_uuid',
      'environment_name',
      'github_app_uuid',
      'destination_uuid',
      'dockerfile',
    ],
    'ApplicationsController::update_by_uuid accepts only $allowedFields, which leaves these out (any other field is rejected)',
  ),
  ...['POST /services/{uuid}/envs', 'PATCH /services/{uuid}/envs'].map((operation) => ({
    operation,
    field: 'is_preview',
    reason:
      "ServicesController's env rules are key, value, is_literal, is_multiline, is_shown_once, comment: services have no preview deployments",
  })),
  ...CREATES.flatMap((operation) =>
    requiredFlags(operation, ['environment_name', 'environment_uuid'], AT_LEAST_ONE),
  ),
  ...requiredFlags(
    'POST /projects',
    ['name'],
    'ProjectController validates name with ValidationPatterns::nameRules(), required by default',
  ),
  ...requiredFlags(
    'POST /projects/{uuid}/environments',
    ['name'],
    'ProjectController validates name with ValidationPatterns::nameRules(), required by default',
  ),
  ...requiredFlags(
    'PATCH /destinations/{uuid}',
    ['name'],
    "DestinationsController's update rule is 'required|string|max:255'",
  ),
  ...['applications', 'databases', 'services'].flatMap((kind) => [
    ...requiredFlags(
      `POST /${kind}/{uuid}/envs`,
      ['key'],
      'validated with ValidationPatterns::environmentVariableKeyRules(), required by default',
    ),
    ...requiredFlags(
      `PATCH /${kind}/{uuid}/envs`,
      ['value'],
      "the rule for value is 'string|nullable'",
    ),
  ]),
  ...requiredFlags(
    'POST /servers',
    ['ip', 'private_key_uuid'],
    "ServersController::create_server's rules: ip ['string', 'required', ...], private_key_uuid 'string|required'",
  ),
  ...requiredFlags(
    'POST /github-apps',
    ['webhook_secret'],
    "GithubController's rule is 'required|string'",
  ),
  ...requiredFlags(
    'PATCH /servers/{uuid}/cloudflare-tunnel',
    ['is_cloudflare_tunnel'],
    "ServerCloudflareTunnelController's rule is 'required|boolean'",
  ),
  ...requiredFlags(
    'POST /servers/import',
    ['bundle'],
    "ServerTransferController's rule is 'required|array'",
  ),
  ...undocumentedRoutes([
    ['POST /api/feedback', 'routes/api.php:47'],
    ['GET /api/health', 'routes/api.php:40'],
    ['GET /api/v1/applications/{uuid}/restart', 'routes/api.php:274'],
    ['GET /api/v1/applications/{uuid}/start', 'routes/api.php:273'],
    ['GET /api/v1/applications/{uuid}/stop', 'routes/api.php:275'],
    ['GET /api/v1/databases/{uuid}/restart', 'routes/api.php:343'],
    ['GET /api/v1/databases/{uuid}/start', 'routes/api.php:342'],
    ['GET /api/v1/databases/{uuid}/stop', 'routes/api.php:344'],
    ['GET /api/v1/deploy', 'routes/api.php:144'],
    ['GET /api/v1/disable', 'routes/api.php:55'],
    ['GET /api/v1/enable', 'routes/api.php:54'],
    ['PATCH /api/v1/security/keys/{uuid}', 'routes/api.php:121'],
    ['POST /api/v1/sentinel/push', 'routes/api.php:428'],
    ['GET /api/v1/servers/{uuid}/validate', 'routes/api.php:185'],
    ['GET /api/v1/services/{uuid}/applications/{app_uuid}/restart', 'routes/api.php:396'],
    ['GET /api/v1/services/{uuid}/applications/{app_uuid}/start', 'routes/api.php:395'],
    ['GET /api/v1/services/{uuid}/applications/{app_uuid}/stop', 'routes/api.php:397'],
    ['GET /api/v1/services/{uuid}/restart', 'routes/api.php:385'],
    ['GET /api/v1/services/{uuid}/start', 'routes/api.php:384'],
    ['GET /api/v1/services/{uuid}/stop', 'routes/api.php:386'],
    ['GET /api/v1/settings/email', 'routes/api.php:87'],
    ['PATCH /api/v1/settings/email', 'routes/api.php:88'],
    ['GET /api/v1/teams/current', 'routes/api.php:73'],
    ['GET /api/v1/teams/current/members', 'routes/api.php:74'],
  ]),
];
