/** Milliseconds each request of `apidoc verify` may take. */
export const DEFAULT_VERIFY_TIMEOUT = 30_000;
