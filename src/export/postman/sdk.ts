// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the package ships an ambient module, not wired up in its package.json
/// <reference path="../../../node_modules/postman-collection/types/index.d.ts" />
import { createRequire } from 'node:module';
import type * as Sdk from 'postman-collection';

/**
 * Postman's collection SDK. It is CommonJS whose classes Node cannot name as ESM exports, and
 * its type declarations (an ambient module in `types/`) are not wired up in its package.json:
 * hence `require` and the reference above.
 */
const sdk = createRequire(import.meta.url)('postman-collection') as typeof Sdk;

export const { Collection, ItemGroup, Item } = sdk;
