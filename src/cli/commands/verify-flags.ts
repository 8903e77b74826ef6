/** `apidoc verify`'s options as commander hands them over (strings, checked by verify-run.ts). */
export interface VerifyFlags {
  url?: string;
  spec: string;
  bearer?: string;
  basic?: string;
  header?: string[];
  operation?: string[];
  pattern?: string[];
  junit?: string;
  json?: string;
  timeout: string;
  dryRun?: boolean;
}
