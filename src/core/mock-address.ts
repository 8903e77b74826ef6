/** Where `apidoc mock` listens unless told otherwise: the base URL the exports point at. */
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 8081;
