import type { ExportBody } from '../bodies.js';
import type { ExportOperation } from '../model.js';
import type { Credential } from '../security.js';

/** Base environment keys, read in templates as `{{ _.key }}`. */
export const INSOMNIA_VARIABLES = {
  baseUrl: 'base_url',
  bearerToken: 'bearer_token',
  apiKey: 'api_key',
  username: 'basic_username',
  password: 'basic_password',
} as const;

export interface InsomniaPair {
  name: string;
  value: string;
  disabled?: boolean;
  description?: string;
  type?: 'file';
  fileName?: string;
}

export type InsomniaAuth =
  | Record<string, never>
  | { type: 'bearer'; token: string; prefix: string; disabled: boolean }
  | { type: 'basic'; username: string; password: string; useISO88591: boolean; disabled: boolean };

export interface InsomniaRequestParts {
  url: string;
  parameters: InsomniaPair[];
  headers: InsomniaPair[];
  authentication: InsomniaAuth;
  body: { mimeType?: string; text?: string; params?: InsomniaPair[] };
}

const t = (key: string) => `{{ _.${key} }}`;

/**
 * A request as Insomnia stores it. Path values are written into the URL (Insomnia before
 * 2023.5 has no path parameters); API keys travel as the header, query parameter or cookie
 * their scheme names, since Insomnia's own API-key auth is newer than many installs.
 * @see https://docs.insomnia.rest/insomnia/import-export-data
 */
export function insomniaRequest(op: ExportOperation): InsomniaRequestParts {
  const parameters: InsomniaPair[] = [];
  const headers: InsomniaPair[] = [
    { name: 'Accept', value: op.success.contentType?.split(';')[0]?.trim() || 'application/json' },
  ];
  const cookies: string[] = [];
  for (const param of op.parameters) {
    const extra = {
      ...(param.required ? {} : { disabled: true }),
      ...(param.description ? { description: param.description } : {}),
    };
    for (const { key, value } of param.pairs) {
      if (param.in === 'query') parameters.push({ name: key, value, ...extra });
      else if (param.in === 'header') headers.push({ name: key, value, ...extra });
      else if (param.in === 'cookie' && param.required)
        cookies.push(`${key}=${encodeURIComponent(value)}`);
    }
  }
  let authentication: InsomniaAuth = {};
  for (const credential of op.credentials) {
    const auth: InsomniaAuth | undefined =
      Object.keys(authentication).length === 0 ? authOf(credential) : undefined;
    if (auth) authentication = auth;
    else placeKey(credential, parameters, headers, cookies);
  }
  if (cookies.length > 0) headers.push({ name: 'Cookie', value: cookies.join('; ') });
  if (op.body) headers.push({ name: 'Content-Type', value: op.body.mediaType });
  const path = op.segments.map((s) => ('text' in s ? s.text : s.value)).join('/');
  return {
    url: `${t(INSOMNIA_VARIABLES.baseUrl)}/${path}`,
    parameters,
    headers,
    authentication,
    body: op.body ? body(op.body) : {},
  };
}

function authOf(c: Credential): InsomniaAuth | undefined {
  switch (c.kind) {
    case 'bearer':
    case 'oauth2':
      // A token the mock accepts, sent as is; against a real server, paste one in `bearer_token`.
      return {
        type: 'bearer',
        token: t(INSOMNIA_VARIABLES.bearerToken),
        prefix: '',
        disabled: false,
      };
    case 'basic':
      return {
        type: 'basic',
        username: t(INSOMNIA_VARIABLES.username),
        password: t(INSOMNIA_VARIABLES.password),
        useISO88591: false,
        disabled: false,
      };
    default:
      return undefined;
  }
}

function placeKey(
  c: Credential,
  parameters: InsomniaPair[],
  headers: InsomniaPair[],
  cookies: string[],
): void {
  if (c.kind === 'apiKey') {
    const value = t(INSOMNIA_VARIABLES.apiKey);
    if (c.in === 'query') parameters.push({ name: c.name, value });
    else if (c.in === 'cookie') cookies.push(`${c.name}=${value}`);
    else headers.push({ name: c.name, value });
  } else if (c.kind === 'http' && !headers.some((h) => h.name === 'Authorization')) {
    headers.push({
      name: 'Authorization',
      value: `${c.httpScheme} ${t(INSOMNIA_VARIABLES.bearerToken)}`,
    });
  }
}

function body(b: ExportBody): InsomniaRequestParts['body'] {
  if (b.kind === 'urlencoded' || b.kind === 'formdata') {
    const params = b.fields.map(({ key, value, file }) =>
      file ? { name: key, value: '', type: 'file' as const, fileName: '' } : { name: key, value },
    );
    return { mimeType: b.mediaType, params };
  }
  return { mimeType: b.mediaType, text: b.text };
}
