import { UserError, type Finding } from '../errors.js';

export type SourceVersion = '2.0' | '3.0' | '3.1';

const SUPPORTED = 'supported versions are Swagger 2.0, OpenAPI 3.0.x and OpenAPI 3.1.x';

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads the version field, normalising the unquoted YAML forms (`openapi: 3.0` parses as the
 * number 3, `swagger: 2.0` as 2) that real specs are full of.
 */
export function detectVersion(
  root: unknown,
  file: string,
  warnings: Finding[],
): { root: Record<string, unknown>; version: SourceVersion } {
  if (!isPlainObject(root) || (root.openapi === undefined && root.swagger === undefined)) {
    throw new UserError(
      `${file}: not an OpenAPI document (no "openapi" or "swagger" version field at #/)`,
    );
  }
  const field = root.openapi !== undefined ? 'openapi' : 'swagger';
  const raw = root[field];
  const text = normaliseNumber(raw, field);
  const version = field === 'openapi' ? openApiVersion(text) : text === '2.0' ? '2.0' : undefined;
  if (!version) {
    const name = field === 'openapi' ? 'OpenAPI' : 'Swagger';
    throw new UserError(
      `${file}: unsupported ${name} version ${JSON.stringify(raw)} at #/${field}; ${SUPPORTED}`,
    );
  }
  if (typeof raw !== 'string') {
    root[field] = text;
    warnings.push({
      file,
      pointer: `#/${field}`,
      message: `version should be a string; read ${String(raw)} as "${text}"`,
    });
  }
  return { root, version };
}

function normaliseNumber(raw: unknown, field: 'openapi' | 'swagger'): string | undefined {
  if (typeof raw === 'string') return raw;
  if (typeof raw !== 'number') return undefined;
  if (field === 'swagger') return raw === 2 ? '2.0' : String(raw);
  return raw === 3 ? '3.0.0' : raw === 3.1 ? '3.1.0' : String(raw);
}

function openApiVersion(text: string | undefined): SourceVersion | undefined {
  const match = /^3\.([01])(?:\.\d+)?(?:-[\w.]+)?$/.exec(text ?? '');
  if (!match) return undefined;
  return match[1] === '0' ? '3.0' : '3.1';
}
