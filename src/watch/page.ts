import { ASSET_PREFIX } from './assets.js';

/** Where the page loads the live-reload client from. */
export const CLIENT_PATH = '/__apidoc/live-reload.js';

/** The error banner (hidden until a save breaks the source) and the connection badge. */
const STYLE = `
  body { margin: 0; }
  #apidoc-banner {
    position: sticky; top: 0; z-index: 1000; margin: 0; padding: 12px 20px;
    background: #b3261e; color: #fff; font: 14px/1.5 ui-monospace, Menlo, Consolas, monospace;
    white-space: pre-wrap; box-shadow: 0 2px 6px rgba(0, 0, 0, .3);
  }
  #apidoc-banner[hidden] { display: none; }
  #apidoc-status {
    position: fixed; right: 12px; bottom: 12px; z-index: 1000; padding: 4px 10px;
    border-radius: 12px; background: #555; color: #fff; font: 12px sans-serif; opacity: .85;
  }
  #apidoc-status[data-state="live"] { background: #2e7d32; }
  #apidoc-status[data-state="offline"] { background: #b3261e; }
`;

/** The API reference page: Swagger UI from the installed package, and the live-reload client. */
export function pageHtml(title: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · apidoc watch</title>
<link rel="icon" type="image/png" href="${ASSET_PREFIX}favicon-32x32.png">
<link rel="stylesheet" href="${ASSET_PREFIX}swagger-ui.css">
<style>${STYLE}</style>
</head>
<body>
<div id="apidoc-banner" role="alert" hidden></div>
<div id="apidoc-status" data-state="connecting">Connecting…</div>
<div id="swagger-ui"></div>
<script src="${ASSET_PREFIX}swagger-ui-bundle.js"></script>
<script src="${CLIENT_PATH}"></script>
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}
