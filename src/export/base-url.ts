import type { OpenApiDocument } from '../core/types.js';
import { DEFAULT_HOST, DEFAULT_PORT } from '../core/mock-address.js';

/** Where `apidoc mock` listens by default: the base URL when the document names no server. */
export const DEFAULT_BASE_URL = `http://${DEFAULT_HOST}:${DEFAULT_PORT}`;

interface ServerObject {
  url?: unknown;
  variables?: Record<string, { default?: unknown }>;
}

/**
 * The base URL requests are sent to: the document's first server, with its variables set to
 * their defaults and a relative URL resolved against the mock's address; no trailing slash.
 * @see https://spec.openapis.org/oas/v3.0.3#server-object
 */
export function documentBaseUrl(doc: OpenApiDocument): string {
  const server = doc.servers?.[0] as ServerObject | undefined;
  if (typeof server?.url !== 'string' || server.url.trim() === '') return DEFAULT_BASE_URL;
  const url = server.url.replace(/\{([^}]*)\}/g, (_match, name: string) => {
    const value = server.variables?.[name]?.default;
    return value === undefined ? name : String(value);
  });
  try {
    return trimSlash(new URL(url, DEFAULT_BASE_URL).href);
  } catch {
    return DEFAULT_BASE_URL;
  }
}

export function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** The path part of a base URL (`http://host/v1` → `/v1`), as the mock sees requests. */
export function basePath(baseUrl: string): string {
  try {
    return trimSlash(new URL(baseUrl).pathname);
  } catch {
    return '';
  }
}
