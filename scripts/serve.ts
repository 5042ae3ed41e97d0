/**
 * Serves a production build with compressed responses: @astrojs/node's standalone handler (prerendered files
 * first, then on-demand routes), which compresses nothing, wrapped by src/lib/compression/node-server.ts.
 *
 *   node --import tsx scripts/serve.ts [dist/server/entry.mjs]     (HOST, PORT as for the adapter)
 */
import { createServer } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { withCompression, type NodeHandler } from '../src/lib/compression/node-server.ts';

// The entry would otherwise start its own server, without compression.
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const entry = resolve(process.argv[2] ?? 'dist/server/entry.mjs');
const { handler } = (await import(pathToFileURL(entry).href)) as { handler: NodeHandler };
// Where the adapter serves prerendered files from (`<outDir>/client`, a symlink swapped by local rebuilds).
const clientDir = join(dirname(entry), '..', 'client');
const port = Number(process.env.PORT) || 4321;
const host = process.env.HOST || '127.0.0.1';

const server = createServer(withCompression(handler, clientDir));
server.listen(port, host, () => console.log(`Serving ${entry} on http://${host}:${port}`));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
}
