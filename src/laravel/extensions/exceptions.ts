import type { Extension, MethodRule } from '../infer/api.js';
import { INTEGER, STRING, listOf, type Type } from '../infer/type.js';

const VALIDATION = 'Illuminate\\Validation\\ValidationException';
const HTTP_EXCEPTION = 'Symfony\\Component\\HttpKernel\\Exception\\HttpException';

/** The messages of a validation error, by field (`$e->errors()`). */
const ERRORS: Type = { kind: 'map', values: listOf(STRING) };

/** The status an HTTP exception carries (`abort(409)`), when it was made with a known one. */
const statusCode: MethodRule = (r) =>
  r.kind === 'object' && r.state?.status ? r.state.status : INTEGER;

/**
 * What an exception handler reads of the exception it renders: its message, its code, an HTTP
 * exception's status, a validation error's messages and status.
 * @see https://laravel.com/docs/errors#rendering-exceptions
 */
export const exceptions: Extension = {
  classes: [
    {
      classes: ['Throwable', 'Exception'],
      methods: {
        getMessage: () => STRING,
        getCode: () => INTEGER,
        getFile: () => STRING,
        getLine: () => INTEGER,
        getTraceAsString: () => STRING,
      },
    },
    {
      classes: [
        HTTP_EXCEPTION,
        'Symfony\\Component\\HttpKernel\\Exception\\HttpExceptionInterface',
      ],
      methods: { getStatusCode: statusCode },
    },
    {
      classes: [VALIDATION],
      methods: { errors: () => ERRORS },
      properties: (r, name) =>
        name === 'status'
          ? r.kind === 'object' && r.state?.status
            ? r.state.status
            : { kind: 'literal', value: 422 }
          : undefined,
    },
  ],
};
