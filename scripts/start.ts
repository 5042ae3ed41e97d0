/**
 * `npm start`: database up (the embedded PGlite by default), migrations applied, the demo catalogue seeded
 * when the database is empty (with the demo accounts only in the embedded database), the site built from it and
 * served on localhost. In production (src/lib/settings.ts) no demo account is made, and the server (scripts/serve.ts)
 * refuses to start while one whose README password still works exists.
 */
import { DEMO_ADMIN, DEMO_USER } from '../src/lib/demo/accounts.ts';
import { isDatabaseEmpty, seedDemoCatalogue } from '../src/lib/demo/seed.ts';
import { isProductionDeployment, serverHost, serverPort } from '../src/lib/settings.ts';
import { openScriptDatabase } from './lib/database.ts';
import { stopTogether } from './lib/processes.ts';
import { BUILD_AND_START_TIMEOUT_MS, serveSite, waitForSite } from './lib/site.ts';

const port = serverPort();
const host = serverHost();
const database = await openScriptDatabase();
const demoAccounts = database.embedded && !isProductionDeployment();

if (await isDatabaseEmpty(database.db)) {
  console.log('Empty database: seeding the demo catalogue…');
  const summary = await seedDemoCatalogue(database.db, { accounts: demoAccounts });
  console.log(summary);
}

// The server builds the site before it listens, with the page builder that then republishes its admin changes.
const databaseEnv = database.server ? { EMBEDDED_DB_PORT: String(database.server.port) } : {};
const server = serveSite({ ...databaseEnv, HOST: host, PORT: String(port) }, { build: true });
stopTogether(server, database.close);

const accounts = demoAccounts
  ? `  Demo admin: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}\n  Demo user:  ${DEMO_USER.email} / ${DEMO_USER.password}`
  : '  Create an admin with `npm run create-admin -- you@example.com` (no demo accounts outside the embedded demo).';
const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
// Said once the site answers. Should the server exit first, stopTogether ends this process with it.
waitForSite(origin, server, BUILD_AND_START_TIMEOUT_MS).then(() => console.log(`
  CineCat is running at http://localhost:${port}
${accounts}
  Press Ctrl-C to stop; the data stays in ./data.
`), (error: Error) => console.error(error.message));
