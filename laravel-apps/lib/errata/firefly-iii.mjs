// Where firefly-iii.reference.yaml disagrees with Firefly III's code (app/Api/V1/...).
import { fieldsNotRead, requiredFlags, undocumentedRoutes } from './shared.mjs';

const LIMIT_READ_ONLY =
  'a read-only attribute of the budget limit: UpdateRequest::getAll() reads start, end, amount, currency_id, currency_code, notes and fire_webhooks only';
const TIMESTAMPS = 'a read-only timestamp the server sets; no request reads it';

export default [
  {
    operation: 'GET /v1/cron/{cliToken}',
    field: 'security',
    reason:
      'routes/api.php:51 removes the api middleware (withoutMiddleware([api])): the path token is the credential, checked by CLIToken::routeBinder, not the global OAuth security',
  },
  ...['GET /v1/accounts/{id}/transactions', 'GET /v1/bills/{id}/transactions'].map((operation) => ({
    operation,
    field: 'type',
    reason:
      'ObjectTypeApiRequest (via PaginationDateRangeRequest) validates and reads `types`, not `type`',
  })),
  {
    operation: 'GET /v1/subscriptions/{id}/transactions',
    field: 'type',
    reason: 'ObjectTypeApiRequest validates and reads `types`, not `type`',
  },
  ...fieldsNotRead(
    'GET /v1/rule-groups/{id}/test',
    ['search_limit', 'triggered_limit'],
    'RuleGroup\\TestRequest reads start, end and accounts only',
  ),
  {
    operation: 'GET /v1/summary/basic',
    field: 'currency_code',
    reason: 'BasicRequest aggregates CurrencyCodeRequest, which validates and reads `code`',
  },
  ...fieldsNotRead(
    'POST /v1/budgets/{id}/limits',
    ['budget_id', 'period'],
    'the budget is the path parameter and the period is computed; BudgetLimit\\StoreRequest::getAll() reads neither',
  ),
  ...fieldsNotRead(
    'PUT /v1/budgets/{id}/limits/{limitId}',
    [
      'created_at',
      'updated_at',
      'budget_id',
      'object_has_currency_setting',
      'currency_name',
      'currency_symbol',
      'currency_decimal_places',
      'primary_currency_id',
      'primary_currency_name',
      'primary_currency_code',
      'primary_currency_symbol',
      'primary_currency_decimal_places',
      'period',
      'pc_amount',
      'spent',
    ],
    LIMIT_READ_ONLY,
  ),
  {
    operation: 'POST /v1/budgets',
    field: 'order',
    reason:
      "Budget\\StoreRequest::getAll() maps `order` from the input named `active` ('order' => ['active', 'convertInteger']): no input named order is read",
  },
  {
    operation: 'POST /v1/link-types',
    field: 'editable',
    reason: 'TransactionLinkType\\StoreRequest reads name, outward and inward only',
  },
  ...fieldsNotRead(
    'POST /v1/piggy-banks',
    ['current_amount', 'active'],
    'PiggyBank\\StoreRequest reads accounts.*.current_amount (per account), never a top-level current_amount or active',
  ),
  ...fieldsNotRead(
    'PUT /v1/piggy-banks/{id}',
    ['currency_id', 'currency_code', 'active'],
    'PiggyBank\\UpdateRequest reads transaction_currency_id and transaction_currency_code; no active',
  ),
  ...['POST /v1/currencies', 'PUT /v1/currencies/{code}'].map((operation) => ({
    operation,
    field: 'primary',
    reason: 'TransactionCurrency requests read `default` (and `enabled`), not `primary`',
  })),
  ...fieldsNotRead('POST /v1/users', ['created_at', 'updated_at'], TIMESTAMPS),
  ...fieldsNotRead('PUT /v1/users/{id}', ['created_at', 'updated_at'], TIMESTAMPS),
  ...fieldsNotRead('POST /v1/preferences', ['created_at', 'updated_at'], TIMESTAMPS),
  {
    operation: 'PUT /v1/webhooks/{id}',
    field: 'secret',
    reason:
      'Webhook\\UpdateRequest reads title, active, url, triggers, responses and deliveries only',
  },
  ...requiredFlags(
    'POST /v1/bills',
    ['name'],
    "Bill\\StoreRequest's rule for name is ['min:1', 'max:255', 'uniqueObjectForUser:bills,name']: not required",
  ),
  ...['POST /v1/webhooks', 'PUT /v1/webhooks/{id}'].flatMap((operation) =>
    requiredFlags(
      operation,
      ['triggers', 'responses', 'deliveries'],
      "Webhook\\CreateRequest's and UpdateRequest's rules require them ('required', 'array', 'min:1')",
    ),
  ),
  ...requiredFlags(
    'POST /v1/rules',
    ['rule_group_id'],
    'Rule\\StoreRequest: required_without:rule_group_title, so not required on its own',
  ),
  ...undocumentedRoutes([
    ['PUT /api/v1/currencies', 'routes/api.php:644 (optional {currency_code?})'],
    ['GET /api/v1/currencies/default', 'routes/api.php:646'],
    ['GET /api/v1/currencies/{currency_code}/cer', 'routes/api.php:657'],
    ['GET /api/v1/piggy-banks/{piggyBank}/accounts', 'routes/api.php:516'],
    ['GET /api/v1/rules/validate-expression', 'routes/api.php:552'],
    ['GET /api/v1/search/transactions/count', 'routes/api.php:733'],
  ]),
];
