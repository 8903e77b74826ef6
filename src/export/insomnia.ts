import type { OpenApiDocument } from '../core/types.js';
import { shortId } from './ids.js';
import {
  INSOMNIA_VARIABLES,
  insomniaRequest,
  type InsomniaRequestParts,
} from './insomnia/request.js';
import { buildModel, type ExportModel } from './model.js';
import { mockCredentials, type CredentialValues } from './security.js';

export interface InsomniaExportOptions {
  /**
   * Value of `base_url` in the base environment.
   * @default the document's first server URL, else `http://127.0.0.1:8081` (where `apidoc mock` listens)
   */
  baseUrl?: string;
  /** Seed of the generated example data, as `apidoc mock --seed`: same seed, same data. @default 0 */
  seed?: string | number;
  /**
   * Values of the credential variables in the base environment.
   * @default values `apidoc mock` accepts: `mock-token-insomnia`, `mock-api-key-insomnia`, `user` / `password`
   */
  credentials?: Partial<CredentialValues>;
}

interface Resource {
  _id: string;
  _type: 'workspace' | 'environment' | 'request_group' | 'request';
  parentId: string | null;
  name: string;
  [key: string]: unknown;
}

export type InsomniaResource = Resource;

/** Insomnia's export format 4, the JSON its importer (and `insomnia-importers`) reads. */
export interface InsomniaExport {
  _type: 'export';
  __export_format: 4;
  __export_source: string;
  resources: InsomniaResource[];
}

/**
 * An Insomnia workspace for the API a document describes: a base environment with `base_url`
 * and credentials `apidoc mock` accepts, one folder per tag, and every operation as a request
 * with method, URL, parameters, headers, auth and an example body generated as the mock
 * generates data. Ids derive from the API's title and each operation: re-importing updates the
 * workspace in place, and the same document gives the same bytes (no export date, for that).
 * @see https://docs.insomnia.rest/insomnia/import-export-data
 */
export function toInsomniaExport(
  doc: OpenApiDocument,
  options: InsomniaExportOptions = {},
): InsomniaExport {
  const values = mockCredentials('insomnia', options.credentials);
  const model = buildModel(doc, { ...options, apiKey: values.apiKey });
  const id = (prefix: string, ...parts: string[]) =>
    `${prefix}_${shortId('insomnia', model.title, ...parts)}`;
  const workspaceId = id('wrk');
  const resources: Resource[] = [
    {
      _id: workspaceId,
      _type: 'workspace',
      parentId: null,
      name: model.title,
      description: model.description ?? '',
      scope: 'collection',
    },
    environment(model, id('env'), workspaceId, values),
  ];
  model.folders.forEach((folder, f) => {
    const folderId = id('fld', folder.name);
    resources.push({
      _id: folderId,
      _type: 'request_group',
      parentId: workspaceId,
      name: folder.name,
      description: folder.description ?? '',
      environment: {},
      environmentPropertyOrder: null,
      metaSortKey: (f + 1) * 100,
    });
    folder.operations.forEach((op, i) => {
      const parts: InsomniaRequestParts = insomniaRequest(op);
      resources.push({
        _id: id('req', op.key),
        _type: 'request',
        parentId: folderId,
        name: op.name,
        description: op.description ?? '',
        method: op.method,
        ...parts,
        metaSortKey: (i + 1) * 100,
        isPrivate: false,
        settingStoreCookies: true,
        settingSendCookies: true,
        settingDisableRenderRequestBody: false,
        settingEncodeUrl: true,
        settingRebuildPath: true,
        settingFollowRedirects: 'global',
      });
    });
  });
  return { _type: 'export', __export_format: 4, __export_source: 'apidoc.export:v1', resources };
}

/** The base environment: what every request reads, and only the credentials some request sends. */
function environment(
  model: ExportModel,
  envId: string,
  workspaceId: string,
  values: CredentialValues,
): Resource {
  const data: Record<string, string> = { [INSOMNIA_VARIABLES.baseUrl]: model.baseUrl };
  const { kinds } = model;
  if (kinds.has('bearer') || kinds.has('oauth2') || kinds.has('http'))
    data[INSOMNIA_VARIABLES.bearerToken] = values.bearerToken;
  if (kinds.has('apiKey')) data[INSOMNIA_VARIABLES.apiKey] = values.apiKey;
  if (kinds.has('basic')) {
    data[INSOMNIA_VARIABLES.username] = values.username;
    data[INSOMNIA_VARIABLES.password] = values.password;
  }
  return {
    _id: envId,
    _type: 'environment',
    parentId: workspaceId,
    name: 'Base Environment',
    data,
    dataPropertyOrder: { '&': Object.keys(data) },
    color: null,
    isPrivate: false,
    metaSortKey: 0,
  };
}
