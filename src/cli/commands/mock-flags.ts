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
  stateful?: boolean;
  state?: string;
  dynamic?: boolean;
  failRate?: string;
  failMode: string;
  watch?: boolean;
}
