/**
 * Serves a production build: the build's static files (src/lib/http/static-files.ts) in front of @astrojs/node's
 * handler in middleware mode (on-demand routes and the 404 page), neither of which compresses anything, wrapped by
 * src/lib/compression/node-server.ts, behind the security headers of src/lib/security/headers.ts. Static files
 * are answered before Astro's middleware runs, so their headers are set here; on-demand answers set their own in
 * src/middleware.ts, which take precedence (Node merges headers set here with those the answer writes).
 *
 *   node scripts/serve.ts [dist/server/entry.mjs]     (HOST, PORT as for the adapter)
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { withCompression } from '../src/lib/compression/node-server.ts';
import { answerOnDemand, withStaticFiles } from '../src/lib/http/static-files.ts';
import { getDb } from '../src/lib/db.ts';
import { StaticPageGate } from '../src/lib/publishing/static-pages.ts';
import { staticFileHeaders } from '../src/lib/security/headers.ts';
import { serverHost, serverPort } from '../src/lib/settings.ts';

const entry = resolve(process.argv[2] ?? 'dist/server/entry.mjs');
const { handler } = (await import(pathToFileURL(entry).href)) as { handler: (req: IncomingMessage, res: ServerResponse) => Promise<void> };
// Where the build's static files are (`<outDir>/client`, a symlink swapped by local rebuilds).
const clientDir = join(dirname(entry), '..', 'client');
const site = withCompression(withStaticFiles((req, res) => void handler(req, res), clientDir), clientDir);
// Takedowns and edits since the build skip the files (see the gate); its first load comes before the first request.
const gate = new StaticPageGate(await getDb(), clientDir);
const stopGate = await gate.start();
const port = serverPort();
const host = serverHost();

const server = createServer((request, response) => {
  const pathname = URL.parse(request.url ?? '/', 'http://site')?.pathname ?? '/';
  for (const [name, value] of Object.entries(staticFileHeaders(pathname))) response.setHeader(name, value);
  if (!gate.servesStatic(pathname)) answerOnDemand(request);
  site(request, response);
});
server.listen(port, host, () => console.log(`Serving ${entry} on http://${host}:${port}`));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopGate();
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
}
