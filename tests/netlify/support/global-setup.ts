/**
 * The Netlify smoke run: the site built with @astrojs/netlify and served by Netlify's own local runtime
 * (`netlify serve --offline`), its functions reaching a throwaway PostgreSQL server through the Neon serverless
 * driver and the local WebSocket proxy, imports pointed at the fake TMDB, mail written to a writable outbox.
 * `netlify serve` emulates no CDN cache, so the tests reach it through the CDN stand-in, and its functions purge
 * through the purge API stand-in (support/stand-ins.ts).
 *
 * No login and no network: `--offline`, a dummy site id, and Netlify's API pointed at the purge API stand-in, which
 * records anything else asked of it. Everything started here is stopped by the returned teardown.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { createDb } from '../../../db/connect.ts';
import { migrateToLatest } from '../../../db/migrate.ts';
import { seedDemoCatalogue } from '../../../src/lib/demo/seed.ts';
import { waitForHttp } from '../../e2e/support/wait.ts';
import { startFakeTmdb } from '../../support/fake-tmdb.ts';
import { freePortOutsideEphemeralRange } from '../../support/ports.ts';
import { startPostgresServer } from '../../support/postgres-server.ts';
import { startWsProxy } from '../../support/ws-proxy.ts';
import { SMOKE_PURGE_TOKEN, SMOKE_SITE_ID, startStandIns } from './stand-ins.ts';

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
  // netlify serve binds its ports after the build: ports from listen(0) could be handed to another process meanwhile.
  const port = await freePortOutsideEphemeralRange();
  const originURL = `http://127.0.0.1:${port}`;
  const standIns = await startStandIns({ origin: originURL, tmdb });
  // What visitors reach: the CDN stand-in (the site's own address, so its forms' Origin checks pass).
  const baseURL = standIns.cdnUrl;
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
    NETLIFY_SITE_ID: SMOKE_SITE_ID,
    // What Netlify gives its functions, and the CLI import needs, to purge the CDN (src/lib/settings.ts cdnPurgeSettings).
    SITE_ID: SMOKE_SITE_ID,
    NETLIFY_PURGE_API_TOKEN: SMOKE_PURGE_TOKEN,
    NETLIFY_API_URL: standIns.purgeApiUrl,
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
      waitForHttp(originURL, START_TIMEOUT_MS),
      new Promise((_, reject) => netlify.once('exit', (code) => reject(new Error(`netlify serve exited with ${code}`)))),
    ]);
  } catch (error) {
    console.error(readFileSync(logFile, 'utf8').slice(-6000));
    stopNetlify();
    await Promise.all([tmdb.close(), proxy.close(), standIns.close(), postgres.stop()]);
    throw error;
  }

  process.env.NETLIFY_SMOKE_BASE_URL = baseURL;
  process.env.NETLIFY_SMOKE_ORIGIN_URL = originURL;
  process.env.NETLIFY_SMOKE_CONTROL_URL = standIns.controlUrl;
  process.env.NETLIFY_SMOKE_PORT = String(port);
  process.env.NETLIFY_SMOKE_DATABASE_URL = postgres.url;
  process.env.NETLIFY_SMOKE_WS_PROXY = proxy.address;
  process.env.NETLIFY_SMOKE_WORK_DIR = workDir;
  process.env.NETLIFY_SMOKE_ENV = JSON.stringify(env);

  return async () => {
    stopNetlify();
    await Promise.all([tmdb.close(), proxy.close(), standIns.close()]);
    await postgres.stop();
    if (!process.env.KEEP_NETLIFY_SMOKE) rmSync(workDir, { recursive: true, force: true });
  };
}
