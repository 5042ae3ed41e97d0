/**
 * Serves a production build: @astrojs/node's standalone handler (prerendered files first, then on-demand routes),
 * which compresses nothing, wrapped by src/lib/compression/node-server.ts, behind the security headers of
 * src/lib/security/headers.ts. The adapter answers prerendered files before Astro's middleware runs, so their
 * headers are set here; on-demand answers set their own in src/middleware.ts, which take precedence (Node merges
 * headers set here with those the answer writes).
 *
 *   node --import tsx scripts/serve.ts [dist/server/entry.mjs]     (HOST, PORT as for the adapter)
 */
import { createServer } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { withCompression, type NodeHandler } from '../src/lib/compression/node-server.ts';
import { staticFileHeaders } from '../src/lib/security/headers.ts';
import { serverHost, serverPort, setSetting } from '../src/lib/settings.ts';

// The entry would otherwise start its own server, without compression or these headers.
setSetting('ASTRO_NODE_AUTOSTART', 'disabled');
const entry = resolve(process.argv[2] ?? 'dist/server/entry.mjs');
const { handler } = (await import(pathToFileURL(entry).href)) as { handler: NodeHandler };
// Where the adapter serves prerendered files from (`<outDir>/client`, a symlink swapped by local rebuilds).
const clientDir = join(dirname(entry), '..', 'client');
const compressed = withCompression(handler, clientDir);
const port = serverPort();
const host = serverHost();

const server = createServer((request, response) => {
  const pathname = URL.parse(request.url ?? '/', 'http://site')?.pathname ?? '/';
  for (const [name, value] of Object.entries(staticFileHeaders(pathname))) response.setHeader(name, value);
  compressed(request, response);
});
server.listen(port, host, () => console.log(`Serving ${entry} on http://${host}:${port}`));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
}
