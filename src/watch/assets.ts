import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The files of `swagger-ui-dist` the page uses, by name, with their media types. */
const SWAGGER_UI_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-16x16.png': 'image/png',
  'favicon-32x32.png': 'image/png',
  // Asked for only by open developer tools.
  'swagger-ui.css.map': 'application/json',
  'swagger-ui-bundle.js.map': 'application/json',
};

/** Where the page asks for them. */
export const ASSET_PREFIX = '/swagger-ui/';

export interface Asset {
  type: string;
  body: Buffer;
}

/**
 * Swagger UI, served from the installed `swagger-ui-dist` package so that the page works offline
 * and loads nothing from a CDN. Only the named files are served (no path from the URL reaches
 * the file system); each is read on first request and kept.
 */
export function createAssets(): (name: string) => Asset | undefined {
  const dir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const loaded = new Map<string, Asset>();
  return (name) => {
    const type = Object.hasOwn(SWAGGER_UI_FILES, name) ? SWAGGER_UI_FILES[name] : undefined;
    if (!type) return undefined;
    let asset = loaded.get(name);
    if (!asset) loaded.set(name, (asset = { type, body: readFileSync(path.join(dir, name)) }));
    return asset;
  };
}
