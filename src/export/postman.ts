import type { OpenApiDocument } from '../core/types.js';
import { stableId } from './ids.js';
import { buildModel, type ExportModel, type ExportOperation } from './model.js';
import { POSTMAN_VARIABLES, postmanAuth, type PostmanAuth } from './postman/auth.js';
import { BASE_URL_VARIABLE, requestDefinition, type RequestDefinition } from './postman/request.js';
import { testScript } from './postman/tests.js';
import { Collection, Item, ItemGroup } from './postman/sdk.js';
import { mockCredentials, type CredentialValues } from './security.js';

export interface PostmanExportOptions {
  /**
   * Value of the `{{baseUrl}}` collection variable.
   * @default the document's first server URL, else `http://127.0.0.1:8081` (where `apidoc mock` listens)
   */
  baseUrl?: string;
  /** Add a test script to every request (status, JSON content type, body schema, pagination). @default false */
  includeTests?: boolean;
  /** Seed of the generated example data, as `apidoc mock --seed`: same seed, same data. @default 0 */
  seed?: string | number;
  /**
   * Values of the credential variables.
   * @default values `apidoc mock` accepts: `mock-token-postman`, `mock-api-key-postman`, `user` / `password`
   */
  credentials?: Partial<CredentialValues>;
}

/** A Postman Collection v2.1 document, as `Collection#toJSON()` gives it (plus each URL's `raw`). */
export interface PostmanCollectionJson {
  info: { _postman_id: string; name: string; schema: string; description?: unknown };
  item: PostmanItemJson[];
  variable?: { key: string; value: string; type?: string }[];
  auth?: PostmanAuth;
  [key: string]: unknown;
}

export interface PostmanItemJson {
  id?: string;
  name?: string;
  item?: PostmanItemJson[];
  request?: { method?: string; url?: unknown; [key: string]: unknown };
  [key: string]: unknown;
}

type Definition<T extends abstract new (...args: never[]) => unknown> = ConstructorParameters<T>[0];

/**
 * A Postman Collection v2.1 for the API a document describes, built with Postman's own SDK:
 * a folder per tag, `{{baseUrl}}`, collection-level auth with variables pre-filled with values
 * `apidoc mock` accepts, path variables, query parameters, headers, example bodies and saved
 * example responses generated as the mock generates them. Deterministic: ids derive from the
 * operations, so the same document gives the same bytes.
 * @see https://schema.postman.com/collection/json/v2.1.0/draft-07/docs/index.html
 */
export function toPostmanCollection(
  doc: OpenApiDocument,
  options: PostmanExportOptions = {},
): PostmanCollectionJson {
  const values = mockCredentials('postman', options.credentials);
  const model = buildModel(doc, { ...options, apiKey: values.apiKey });
  const collectionAuth = postmanAuth(model.credentials);
  const collection = new Collection({
    info: {
      _postman_id: stableId('postman-collection', model.title),
      name: model.title,
      ...(model.description ? { description: model.description } : {}),
      schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    },
    variable: variables(model, values),
    ...(model.credentials.length > 0 ? { auth: collectionAuth.auth } : {}),
  } as Definition<typeof Collection>);
  for (const folder of model.folders) {
    const group = new ItemGroup({
      id: stableId('postman-folder', folder.name),
      name: folder.name,
      ...(folder.description ? { description: folder.description } : {}),
    } as Definition<typeof ItemGroup>);
    for (const op of folder.operations) {
      group.items.add(item(doc, op, collectionAuth.auth, options));
    }
    collection.items.add(group);
  }
  return finish(collection.toJSON() as PostmanCollectionJson);
}

function variables(model: ExportModel, values: CredentialValues) {
  const list = [{ key: BASE_URL_VARIABLE, value: model.baseUrl }];
  const { kinds } = model;
  if (kinds.has('bearer') || kinds.has('oauth2') || kinds.has('http')) {
    list.push({ key: POSTMAN_VARIABLES.bearerToken, value: values.bearerToken });
  }
  if (kinds.has('apiKey')) list.push({ key: POSTMAN_VARIABLES.apiKey, value: values.apiKey });
  if (kinds.has('basic')) {
    list.push({ key: POSTMAN_VARIABLES.username, value: values.username });
    list.push({ key: POSTMAN_VARIABLES.password, value: values.password });
  }
  return list.map((v) => ({ ...v, type: 'string' }));
}

function item(
  doc: OpenApiDocument,
  op: ExportOperation,
  inherited: PostmanAuth,
  options: PostmanExportOptions,
) {
  const { auth, extras } = postmanAuth(op.credentials);
  const request: RequestDefinition & { auth?: PostmanAuth } = requestDefinition(op, extras);
  // Only where the operation's security differs from the collection's: `security: []` is noauth.
  if (op.ownSecurity && JSON.stringify(auth) !== JSON.stringify(inherited)) request.auth = auth;
  return new Item({
    id: stableId('postman-item', op.key),
    name: op.name,
    request,
    response: op.responses.map((r) => ({
      id: stableId('postman-response', op.key, String(r.code)),
      name: r.name,
      originalRequest: requestDefinition(op, extras),
      code: r.code,
      status: '',
      header: r.contentType ? [{ key: 'Content-Type', value: r.contentType }] : [],
      ...(r.body !== undefined ? { body: r.body } : {}),
    })),
    event: options.includeTests
      ? [
          {
            listen: 'test',
            script: {
              id: stableId('postman-test', op.key),
              type: 'text/javascript',
              exec: testScript(doc, op.success),
            },
          },
        ]
      : [],
  } as unknown as Definition<typeof Item>);
}

/**
 * The SDK leaves out each URL's `raw`, which the Postman app shows and edits (a URL without it
 * imports as an empty address bar), and keeps `_postman_*` keys in an internal `_` object:
 * one pass adds the one, writes the other as the app does, and puts `info` first.
 */
function finish(json: PostmanCollectionJson): PostmanCollectionJson {
  const visit = (items: PostmanItemJson[]) => {
    for (const entry of items) {
      if (entry.item) visit(entry.item);
      addRaw(entry.request);
      for (const response of (entry.response ?? []) as SavedResponseJson[]) {
        addRaw(response.originalRequest);
        const type =
          response.header?.find((h) => h.key.toLowerCase() === 'content-type')?.value ?? '';
        response._postman_previewlanguage = /json/i.test(type) ? 'json' : 'text';
      }
    }
  };
  visit(json.item);
  const { info, item, ...rest } = json;
  delete rest._;
  return { info, item, ...rest };
}

interface SavedResponseJson {
  originalRequest?: PostmanItemJson['request'];
  header?: { key: string; value: string }[];
  _postman_previewlanguage?: string;
}

function addRaw(request: PostmanItemJson['request']): void {
  const url = request?.url as
    | {
        host?: string[];
        path?: string[];
        query?: { key: string; value?: string; disabled?: boolean }[];
      }
    | undefined;
  if (!request || !url || typeof url !== 'object') return;
  const query = (url.query ?? [])
    .filter((q) => !q.disabled)
    .map((q) => `${q.key}=${q.value ?? ''}`);
  const raw = `${(url.host ?? []).join('.')}/${(url.path ?? []).join('/')}${query.length > 0 ? `?${query.join('&')}` : ''}`;
  request.url = { raw, ...url };
}
