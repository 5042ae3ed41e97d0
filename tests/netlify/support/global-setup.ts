/**
 * The Netlify smoke run: the site built with @astrojs/netlify and served by Netlify's own local runtime
 * (`netlify serve --offline`), its functions reaching a throwaway PostgreSQL server through the Neon serverless
 * driver and the local WebSocket proxy, imports pointed at the fake TMDB, mail written to a writable outbox.
 *
 * No login and no network: `--offline`, a dummy site id, and Netlify's API pointed at a loopback recorder whose
 * log the suite checks is empty. Everything started here is stopped by the returned teardown.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { delimiter, join, resolve } from 'node:path';
import { createDb } from '../../../db/connect.ts';
import { migrateToLatest } from '../../../db/migrate.ts';
import { seedDemoCatalogue } from '../../../src/lib/demo/seed.ts';
import { waitForHttp } from '../../e2e/support/wait.ts';
import { startFakeTmdb } from '../../support/fake-tmdb.ts';
import { freePortOutsideEphemeralRange } from '../../support/ports.ts';
import { startPostgresServer } from '../../support/postgres-server.ts';
import { startWsProxy } from '../../support/ws-proxy.ts';

export const SMOKE_SEED = { movies: 60, shows: 12, people: 150 };
/** An ad network, so the smoke run sees where its script may run (only the sandboxed /ad-frame). */
export const AD_SCRIPT_URL = 'https://ads.example/tag.js';

/** The Netlify build (2-5 minutes on a busy 2-core machine) runs before the server answers. */
const START_TIMEOUT_MS = 600_000;

export default async function globalSetup() {
  mkdirSync('.e2e', { recursive: true });
  const workDir = mkdtempSync(join(process.cwd(), '.e2e', 'netlify-'));
  const postgres = await startPostgresServer();
  if (!postgres) throw new Error('The Netlify smoke run needs PostgreSQL server binaries (Debian package postgresql, or PG_BINDIR).');
  const proxy = await startWsProxy();
  const db = await createDb({ kind: 'neon', url: postgres.url, wsProxy: proxy.address });
  await migrateToLatest(db);
  // Demo accounts only where asked for: the admin steps sign in as the demo admin.
  await seedDemoCatalogue(db, { ...SMOKE_SEED, accounts: true });
  await db.destroy();

  const tmdb = await startFakeTmdb();
  const apiLog = join(workDir, 'netlify-api-requests.log');
  const netlifyApi = createServer((request, response) => {
    appendFileSync(apiLog, `${request.method} ${request.url}\n`);
    response.statusCode = 503;
    response.end();
  });
  await new Promise<void>((done) => netlifyApi.listen(0, '127.0.0.1', done));

  // netlify serve binds its ports after the build: ports from listen(0) could be handed to another process meanwhile.
  const port = await freePortOutsideEphemeralRange();
  const baseURL = `http://127.0.0.1:${port}`;
  const outbox = join(workDir, 'outbox');
  const logFile = join(workDir, 'netlify-serve.log');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // `netlify serve` looks for a `deno` binary for its edge-function step: the npm package's, in node_modules/.bin.
    PATH: [resolve('node_modules/.bin'), process.env.PATH].join(delimiter),
    DEPLOY_TARGET: 'netlify',
    DATABASE_URL: postgres.url,
    NEON_WS_PROXY: proxy.address,
    AUTH_SECRET: randomBytes(33).toString('base64'),
    SITE_URL: baseURL,
    OUTBOX_DIR: outbox,
    TMDB_API_BASE_URL: tmdb.baseUrl,
    TMDB_API_KEY: tmdb.apiKey,
    NETLIFY_SITE_ID: 'cinecat-smoke-offline',
    NETLIFY_API_URL: `http://127.0.0.1:${(netlifyApi.address() as AddressInfo).port}`,
    NETLIFY_BUILD_HOOK_URL: '',
    PUBLIC_AD_SCRIPT_URL: AD_SCRIPT_URL,
    BROWSER: 'none',
    NO_UPDATE_NOTIFIER: '1',
  };
  const output = openSync(logFile, 'a');
  const netlify = spawn(resolve('node_modules/.bin/netlify'),
    // Builds into netlify.toml's publish dir (./dist) and .netlify/: `--dir` would skip the framework's output.
    ['serve', '--offline', '--port', String(port), '--functions-port', String(await freePortOutsideEphemeralRange())],
    { env, stdio: ['ignore', output, output], detached: true });
  const stopNetlify = () => {
    try { process.kill(-netlify.pid!, 'SIGTERM'); } catch { /* already gone */ }
  };
  process.once('exit', stopNetlify);
  try {
    await Promise.race([
      waitForHttp(baseURL, START_TIMEOUT_MS),
      new Promise((_, reject) => netlify.once('exit', (code) => reject(new Error(`netlify serve exited with ${code}`)))),
    ]);
  } catch (error) {
    console.error(readFileSync(logFile, 'utf8').slice(-6000));
    stopNetlify();
    await Promise.all([tmdb.close(), proxy.close(), postgres.stop()]);
    throw error;
  }

  process.env.NETLIFY_SMOKE_BASE_URL = baseURL;
  process.env.NETLIFY_SMOKE_PORT = String(port);
  process.env.NETLIFY_SMOKE_DATABASE_URL = postgres.url;
  process.env.NETLIFY_SMOKE_WS_PROXY = proxy.address;
  process.env.NETLIFY_SMOKE_WORK_DIR = workDir;
  process.env.NETLIFY_SMOKE_ENV = JSON.stringify(env);

  return async () => {
    stopNetlify();
    netlifyApi.close();
    await Promise.all([tmdb.close(), proxy.close()]);
    await postgres.stop();
    if (!process.env.KEEP_NETLIFY_SMOKE) rmSync(workDir, { recursive: true, force: true });
  };
}
