/**
 * `npm start`: database up (the embedded PGlite by default), migrations applied, the demo catalogue seeded
 * when the database is empty, the site built from it and served on localhost.
 */
import { DEMO_ADMIN, DEMO_USER } from '../src/lib/demo/accounts.ts';
import { isDatabaseEmpty, seedDemoCatalogue } from '../src/lib/demo/seed.ts';
import { resetServedOutput } from '../src/lib/rebuild/local-builder.ts';
import { openScriptDatabase } from './lib/database.ts';
import { keepRunning, run, stopTogether } from './lib/processes.ts';

const port = Number(process.env.PORT) || 4321;
const host = process.env.HOST || '127.0.0.1';
const database = await openScriptDatabase();

if (await isDatabaseEmpty(database.db)) {
  console.log('Empty database: seeding the demo catalogue…');
  const summary = await seedDemoCatalogue(database.db);
  console.log(summary);
}

// Admin changes rebuild in the background and swap dist/client (a symlink then); start from a plain build.
await resetServedOutput();
const buildEnv = database.server ? { EMBEDDED_DB_PORT: String(database.server.port) } : {};
await run('npx', ['astro', 'build'], { ...buildEnv, SITE_URL: process.env.SITE_URL || `http://localhost:${port}` });

const server = keepRunning('node', ['--import', 'tsx', 'scripts/serve.ts', 'dist/server/entry.mjs'], { ...buildEnv, HOST: host, PORT: String(port) });
stopTogether(server, database.close);

console.log(`
  CineCat is running at http://localhost:${port}
  Demo admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}
  Demo user:  ${DEMO_USER.email} / ${DEMO_USER.password}
  Press Ctrl-C to stop; the data stays in ./data.
`);
