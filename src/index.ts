/** apidoc's public API: what the CLI uses, for use inside your own code and test suites. */
export { createMockServer, type MockServer } from './mock/server.js';
export type {
  ControlEvent,
  Delay,
  FailMode,
  MockServerOptions,
  RequestLogEntry,
  SettingsChange,
} from './mock/options.js';
export type { JournalEntry } from './mock/control/journal.js';
export { SCENARIOS, type Scenario } from './core/engine/scenarios.js';
export { loadSpec, type LoadedSpec } from './core/load.js';
export {
  toPostmanCollection,
  type PostmanCollectionJson,
  type PostmanExportOptions,
} from './export/postman.js';
export {
  toInsomniaExport,
  type InsomniaExport,
  type InsomniaExportOptions,
} from './export/insomnia.js';
export type { CredentialValues } from './export/security.js';
export {
  generateOpenApi,
  clearProjectCache,
  type GenerateOptions,
  type GenerateResult,
  type GenerateStats,
} from './laravel/generate.js';
export { createCacheMemory, type CacheMemory } from './laravel/cache.js';
export { writeDocument, serializeDocument, type OutputFormat } from './core/write-document.js';
export { UserError, type Finding } from './core/errors.js';
export type { OpenApiDocument } from './core/types.js';
export { startWatch } from './start-watch.js';
export {
  verifyBackend,
  planVerification,
  toJUnit,
  toJsonReport,
  type VerifyOptions,
  type VerifyPlan,
  type VerifyReport,
  type PlannedCheck,
  type CheckResult,
  type CheckKind,
  type Verdict,
} from './verify/index.js';
export type { Violation } from './core/contract/types.js';
export type { ProxyOptions } from './mock/options.js';
export type { WatchSession, Generation, Generate } from './watch/session.js';
export type { WatchOptions } from './watch/options.js';
export type { WatchEvent } from './watch/events.js';
export { routeTable, type RouteRow } from './laravel/route-table.js';
