// The API's documents: GET /api/openapi.json (generated from the endpoint table, server/openapi.ts) and /api/docs,
// which shows it with Swagger UI (swagger-ui-dist). The viewer's files are served from node_modules by the server
// itself — no other origin is contacted — and only this page loads them.
import { Hono } from 'hono';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { AppEnv } from '../env';
import { openApiDocument } from '../openapi';

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

/** The viewer's start: a file of its own, as the CSP allows scripts from this origin only. */
const INIT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#api',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    validatorUrl: null,
    tryItOutEnabled: false,
  });
});
`;

const PAGE = `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API личного кабинета</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<div id="api"><p style="font-family:system-ui,sans-serif;padding:16px">Загружается описание API…
<a href="/api/openapi.json">openapi.json</a></p></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/init.js"></script>
</body>
</html>
`;

function assetDir(): string {
  return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

export function docsRoutes(version?: string) {
  const app = new Hono<AppEnv>();
  const cache = new Map<string, Buffer>();

  app.get('/openapi.json', (c) => c.json(openApiDocument(version)));
  app.get('/docs', (c) => c.redirect('/api/docs/', 301));
  app.get('/docs/', (c) => c.html(PAGE));
  app.get('/docs/assets/:file', async (c) => {
    const file = c.req.param('file');
    if (file === 'init.js') return c.body(INIT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' });
    const type = ASSETS[file];
    if (!type) return c.json({ detail: 'Не найдено.' }, 404);
    let data = cache.get(file);
    if (!data) {
      data = await readFile(join(assetDir(), file));
      cache.set(file, data);
    }
    return c.body(new Uint8Array(data), 200, { 'Content-Type': type });
  });
  return app;
}
