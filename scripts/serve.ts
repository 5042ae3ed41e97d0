/**
 * Serves a production build, one step after another: the security headers of src/lib/security/headers.ts, a 421
 * for a host name it does not serve (src/lib/security/allowed-hosts.ts), a 400 for a URL that does not decode,
 * on-the-fly compression (src/lib/http/compress-on-the-fly.ts), a wait while the publisher renews a page older than the
 * catalogue (src/lib/publishing/page-builder-client.ts), the build's static files (src/lib/http/static-files.ts, which
 * send the precompressed variants the build stored), then @astrojs/node's handler in middleware mode (on-demand routes
 * and the 404 page). Static files are answered before Astro's middleware runs, so their headers are set here; on-demand
 * answers set their own in src/middleware.ts, which take precedence (Node merges headers set here with those the
 * answer writes).
 *
 * With `--build` (npm start) it first builds the site into the entry's outDir with a page builder, which then keeps
 * the pages current as the catalogue changes. Without it, it serves the build as it is.
 *
 *   node scripts/serve.ts [--build] [dist/server/entry.mjs]     (HOST, PORT as for the adapter)
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { refuseDemoPasswordsInProduction } from '../src/lib/demo/demo-passwords.ts';
import { compressOnTheFly } from '../src/lib/http/compress-on-the-fly.ts';
import { getDb } from '../src/lib/db.ts';
import { decodableUrls, staticFiles, type Middleware } from '../src/lib/http/static-files.ts';
import { PageBuilder } from '../src/lib/publishing/page-builder-client.ts';
import { knownHostsOnly } from '../src/lib/security/allowed-hosts.ts';
import { staticFileHeaders } from '../src/lib/security/headers.ts';
import { serverHost, serverPort } from '../src/lib/settings.ts';

const { values: options, positionals } = parseArgs({ options: { build: { type: 'boolean', default: false } }, allowPositionals: true });
const entry = resolve(positionals[0] ?? 'dist/server/entry.mjs');
// However the server is started (npm start, or this file run directly), production never serves a demo password.
await refuseDemoPasswordsInProduction(await getDb()).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
let builder: PageBuilder | null = null;
if (options.build) {
  console.log('Building the site from the database…');
  const started = performance.now();
  const site = await PageBuilder.start(dirname(dirname(entry)));
  builder = site.builder;
  const { built } = site;
  console.log(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s: ${built.rendered} pages rendered, ${built.kept} kept from the last run `
    + `(peak memory ${built.peakRssMb} MB).`);
}
const { handler } = (await import(pathToFileURL(entry).href)) as { handler: (req: IncomingMessage, res: ServerResponse) => Promise<void> };
const onDemand = (req: IncomingMessage, res: ServerResponse) => void handler(req, res);
// Where the build's static files are.
const clientDir = join(dirname(entry), '..', 'client');
const pathnameOf = (req: IncomingMessage) => URL.parse(req.url ?? '/', 'http://site')?.pathname ?? '/';
const securityHeaders: Middleware = (req, res, next) => {
  for (const [name, value] of Object.entries(staticFileHeaders(pathnameOf(req)))) res.setHeader(name, value);
  next();
};
const currentPages: Middleware = (req, _res, next) => {
  const path = pathnameOf(req);
  if (builder?.isStale(path) && (req.method === 'GET' || req.method === 'HEAD')) void builder.renew(path).then(next);
  else next();
};
const steps: Middleware[] = [securityHeaders, knownHostsOnly, decodableUrls, compressOnTheFly(), currentPages, staticFiles(clientDir)];
const port = serverPort();
const host = serverHost();

const server = createServer((request, response) => {
  const run = (step: number): void => {
    const middleware = steps[step];
    if (middleware) middleware(request, response, () => run(step + 1));
    else onDemand(request, response);
  };
  run(0);
});
server.listen(port, host, () => console.log(`Serving ${entry} on http://${host}:${port}`));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    builder?.stop();
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
}
