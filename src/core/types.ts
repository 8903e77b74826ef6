/**
 * Loose OpenAPI 3.x shapes: real-world documents are sloppy, so every field is optional and
 * unknown keys are kept. Swagger 2.0 is converted to 3.0 on load, so only 3.x appears here.
 * @see https://spec.openapis.org/oas/v3.0.3
 * @see https://spec.openapis.org/oas/v3.1.0
 */

export interface Reference {
  $ref: string;
}

export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface SchemaObject {
  $ref?: string;
  type?: string | string[];
  format?: string;
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  properties?: Record<string, SchemaObject>;
  additionalProperties?: boolean | SchemaObject;
  required?: string[];
  items?: SchemaObject;
  allOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  anyOf?: SchemaObject[];
  not?: SchemaObject;
  discriminator?: { propertyName: string; mapping?: Record<string, string> };
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minProperties?: number;
  maxProperties?: number;
  readOnly?: boolean;
  writeOnly?: boolean;
  title?: string;
  description?: string;
  [key: string]: unknown;
}

export interface ExampleObject {
  summary?: string;
  value?: unknown;
  externalValue?: string;
}

export interface MediaTypeObject {
  schema?: SchemaObject;
  example?: unknown;
  examples?: Record<string, ExampleObject | Reference>;
}

export interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  deprecated?: boolean;
  style?: string;
  explode?: boolean;
  schema?: SchemaObject;
  content?: Record<string, MediaTypeObject>;
  example?: unknown;
}

export interface RequestBodyObject {
  required?: boolean;
  description?: string;
  content?: Record<string, MediaTypeObject>;
}

export interface HeaderObject {
  schema?: SchemaObject;
  description?: string;
}

export interface ResponseObject {
  description?: string;
  headers?: Record<string, HeaderObject | Reference>;
  content?: Record<string, MediaTypeObject>;
}

export type SecurityRequirement = Record<string, string[]>;

/** @see https://spec.openapis.org/oas/v3.0.3#server-object */
export interface ServerObject {
  url: string;
  description?: string;
  variables?: Record<string, { default: string; enum?: string[]; description?: string }>;
}

export interface OperationObject {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: (ParameterObject | Reference)[];
  requestBody?: RequestBodyObject | Reference;
  responses?: Record<string, ResponseObject | Reference>;
  security?: SecurityRequirement[];
  deprecated?: boolean;
  servers?: ServerObject[];
}

export const HTTP_METHODS = [
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type PathItemObject = {
  $ref?: string;
  summary?: string;
  description?: string;
  parameters?: (ParameterObject | Reference)[];
} & Partial<Record<HttpMethod, OperationObject>>;

export interface SecuritySchemeObject {
  type: 'apiKey' | 'http' | 'oauth2' | 'openIdConnect' | 'mutualTLS';
  name?: string;
  in?: 'query' | 'header' | 'cookie';
  scheme?: string;
  bearerFormat?: string;
  description?: string;
  /** OAuth2's flows, by name (`authorizationCode`, `clientCredentials`, ...). */
  flows?: Record<string, OAuthFlowObject>;
}

/** @see https://spec.openapis.org/oas/v3.0.3#oauth-flow-object */
export interface OAuthFlowObject {
  authorizationUrl?: string;
  tokenUrl?: string;
  refreshUrl?: string;
  scopes: Record<string, string>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title?: string; version?: string; description?: string };
  servers?: ServerObject[];
  paths?: Record<string, PathItemObject>;
  components?: {
    schemas?: Record<string, SchemaObject>;
    responses?: Record<string, ResponseObject>;
    parameters?: Record<string, ParameterObject>;
    requestBodies?: Record<string, RequestBodyObject>;
    securitySchemes?: Record<string, SecuritySchemeObject | Reference>;
    [key: string]: unknown;
  };
  security?: SecurityRequirement[];
  tags?: { name: string; description?: string }[];
  [key: string]: unknown;
}
