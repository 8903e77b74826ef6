/** `apidoc mock`'s options as commander hands them over (strings, checked by `mock-settings.ts`). */
export interface MockFlags {
  host: string;
  port: string;
  spec: string;
  delay?: string;
  scenario: string;
  seed: string;
  strict?: boolean;
  quiet?: boolean;
  workers: string;
  requestTimeout: string;
  readyFile?: string;
  proxy?: string;
  proxyStrict?: boolean;
  /** `--proxy-fallback` (true), `--no-proxy-fallback` (false), or neither (undefined: on). */
  proxyFallback?: boolean;
  proxyTimeout?: string;
  stateful?: boolean;
  state?: string;
  stateMaxItems?: string;
  dynamic?: boolean;
  failRate?: string;
  failMode: string;
  watch?: boolean;
  controlToken?: string;
  allowRefOutside?: boolean;
  /** `--no-control` (false), or neither (undefined: on for a loopback host or with a token). */
  control?: boolean;
}
