import { BASIC } from './schemes.js';
import type { AuthKind } from './types.js';

const BASIC_CLASSES = /(^|\\)Authenticate(Once)?WithBasicAuth$/;

/** `auth.basic` (and `auth.basic.once`): HTTP basic authentication. */
export const basic: AuthKind = (m) =>
  /^auth\.basic(\.once)?$/.test(m.name) || BASIC_CLASSES.test(m.className ?? '')
    ? { kind: 'auth', schemes: [BASIC] }
    : undefined;
