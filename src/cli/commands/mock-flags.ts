/** `apidoc mock`'s options as commander hands them over (strings, checked by `mock-run.ts`). */
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
  /** `--proxy-fallback` (the default) or `--no-proxy-fallback`. */
  proxyFallback: boolean;
  proxyTimeout?: string;
}
