import swagger2openapi from 'swagger2openapi';
import { UserError, type Finding } from '../errors.js';
import { walkObjects } from './walk.js';

const WARNING_KEY = 'x-s2o-warning';

/** Swagger 2.0 → OpenAPI 3.0. External refs must already be bundled: resolution stays off. */
export async function convertSwagger2(
  swagger: Record<string, unknown>,
  file: string,
  warnings: Finding[],
): Promise<Record<string, unknown>> {
  const options = {
    patch: true,
    warnOnly: true,
    anchors: true,
    resolve: false,
    // Any non-empty text: without one, the converter YAML-stringifies the whole input only to
    // keep it around, which costs seconds on a large spec.
    text: '{}',
  };
  let result: Awaited<ReturnType<typeof swagger2openapi.convertObj>>;
  try {
    result = await swagger2openapi.convertObj(swagger, options);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new UserError(`${file}: cannot convert Swagger 2.0 to OpenAPI 3.0: ${message}`);
  }
  const openapi = result.openapi ?? {};
  if (result.patches) {
    const message = `fixed ${result.patches} problem(s) while converting Swagger 2.0 to OpenAPI 3.0`;
    warnings.push({ file, pointer: '#/', message });
  }
  collectConverterWarnings(openapi, file, warnings);
  return openapi;
}

/** The converter marks what it could not fix in place; move those marks into `warnings`. */
function collectConverterWarnings(root: unknown, file: string, warnings: Finding[]): void {
  walkObjects(root, (node, pointer) => {
    const record = node as Record<string, unknown>;
    const message = record[WARNING_KEY];
    if (typeof message === 'string') {
      warnings.push({ file, pointer: pointer(), message });
      delete record[WARNING_KEY];
    }
    return true;
  });
}
