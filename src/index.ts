/** apidoc's public API: what the CLI uses, for use inside your own code and test suites. */
export { createMockServer, type MockServer } from './mock/server.js';
export type { MockServerOptions, RequestLogEntry } from './mock/options.js';
export { SCENARIOS, type Scenario } from './mock/scenarios.js';
export { loadSpec, type LoadedSpec } from './core/load.js';
export { UserError, type Finding } from './core/errors.js';
export type { OpenApiDocument } from './core/types.js';
