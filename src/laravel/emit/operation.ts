import type { OperationObject } from '../../core/types.js';
import type { Assembly } from '../model/context.js';
import type { Endpoint } from '../model/endpoint.js';
import { emitParameter } from './parameters.js';
import { emitRequestBody } from './request-body.js';
import { emitResponses } from './responses.js';
import { domainServers } from './servers.js';

/** An operation as written, with the path and method it goes under. */
export interface BuiltOperation {
  path: string;
  method: string;
  operation: OperationObject;
}

/**
 * An endpoint as an OpenAPI 3.0 operation, keys in the order the document has always had
 * (`emit/openapi31.ts` makes 3.1 of the whole document). Its warnings join the run's.
 */
export function emitOperation(endpoint: Endpoint, asm: Assembly): OperationObject {
  const operation: OperationObject = { tags: endpoint.tags, summary: endpoint.summary };
  if (endpoint.description) operation.description = endpoint.description;
  operation.operationId = endpoint.operationId;
  if (endpoint.parameters.length > 0) operation.parameters = endpoint.parameters.map(emitParameter);
  const body = endpoint.body && emitRequestBody(endpoint.body, asm);
  if (body) operation.requestBody = body;
  operation.responses = emitResponses(endpoint.replies, asm);
  if (endpoint.security) operation.security = endpoint.security;
  if (endpoint.domain) operation.servers = domainServers(endpoint.domain, asm.config.servers);
  if (endpoint.deprecated) operation.deprecated = true;
  asm.warnings.push(...endpoint.warnings);
  return operation;
}
