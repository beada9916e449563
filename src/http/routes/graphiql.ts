/**
 * GraphiQL at GET /graphiql (outside production), served entirely from this service: GraphiQL 3
 * and React 18 UMD builds from the installed packages under /graphiql/assets/, no CDN, so the page
 * works offline and its CSP (src/http/plugins/csp.ts) allows only 'self'. No inline script: the
 * example tabs (src/http/graphiql-examples.ts) travel in a JSON data block read by start.js.
 * Registered after the GraphQL plugin, whose schema it reads for the example documents.
 */
import type { FastifyInstance } from 'fastify';
import { buildClientSchema, getIntrospectionQuery, type IntrospectionQuery } from 'graphql';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { operations } from '../../app/registry.js';
import { exampleTabs } from '../graphiql-examples.js';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

/** Asset name → [file, content type]. */
const ASSETS: Record<string, [() => string, string]> = {
  'react.production.min.js': [() => join(packageDir('react'), 'umd/react.production.min.js'), 'application/javascript; charset=utf-8'],
  'react-dom.production.min.js': [() => join(packageDir('react-dom'), 'umd/react-dom.production.min.js'), 'application/javascript; charset=utf-8'],
  'graphiql.min.js': [() => join(packageDir('graphiql'), 'graphiql.min.js'), 'application/javascript; charset=utf-8'],
  'graphiql.min.css': [() => join(packageDir('graphiql'), 'graphiql.min.css'), 'text/css; charset=utf-8'],
};

const PAGE_CSS = 'html, body, #graphiql { height: 100%; margin: 0; overflow: hidden; }\n';

const START_JS = `// Renders GraphiQL with the example tabs the page carries (see src/http/routes/graphiql.ts).
(function () {
  var tabs = JSON.parse(document.getElementById('arbiter-examples').textContent);
  var fetcher = GraphiQL.createFetcher({ url: new URL('/graphql', window.location.href).href });
  var root = ReactDOM.createRoot(document.getElementById('graphiql'));
  root.render(React.createElement(GraphiQL, { fetcher: fetcher, defaultTabs: tabs, defaultQuery: tabs[0].query, defaultEditorToolsVisibility: true, shouldPersistHeaders: false }));
})();
`;

/** JSON inside <script type="application/json">: `<` escaped so no `</script>` can end the block. */
const embedJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

function page(tabs: unknown): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Arbiter — GraphiQL</title>
<link rel="stylesheet" href="/graphiql/assets/graphiql.min.css">
<link rel="stylesheet" href="/graphiql/assets/page.css">
</head>
<body>
<div id="graphiql">Loading GraphiQL…</div>
<script type="application/json" id="arbiter-examples">${embedJson(tabs)}</script>
<script src="/graphiql/assets/react.production.min.js"></script>
<script src="/graphiql/assets/react-dom.production.min.js"></script>
<script src="/graphiql/assets/graphiql.min.js"></script>
<script src="/graphiql/assets/start.js"></script>
</body>
</html>
`;
}

export async function graphiqlRoutes(app: FastifyInstance): Promise<void> {
  const files = new Map<string, Buffer>();
  let html: string | undefined;

  app.get('/graphiql', { schema: { hide: true } }, async (_request, reply) => {
    // Built on first use from the running schema, read by introspection (so this module's copy of
    // graphql-js need not be the one Mercurius loaded).
    if (!html) {
      const introspection = await (app as unknown as { graphql(source: string): Promise<{ data: IntrospectionQuery }> }).graphql(getIntrospectionQuery());
      html = page(exampleTabs(buildClientSchema(introspection.data), operations));
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });

  app.get<{ Params: { name: string } }>('/graphiql/assets/:name', { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params;
    reply.header('cache-control', 'public, max-age=3600');
    if (name === 'start.js') return reply.type('application/javascript; charset=utf-8').send(START_JS);
    if (name === 'page.css') return reply.type('text/css; charset=utf-8').send(PAGE_CSS);
    const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
    if (!asset) return reply.callNotFound();
    let body = files.get(name);
    if (!body) files.set(name, (body = await readFile(asset[0]())));
    return reply.type(asset[1]).send(body);
  });
}
