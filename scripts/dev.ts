/** `npm run dev`: the embedded database (seeded when empty) plus Astro's dev server with hot reload. */
import { isDatabaseEmpty, seedDemoCatalogue } from '../src/lib/demo/seed.ts';
import { openScriptDatabase } from './lib/database.ts';
import { keepRunning, stopTogether } from './lib/processes.ts';

const database = await openScriptDatabase();
if (await isDatabaseEmpty(database.db)) console.log(await seedDemoCatalogue(database.db, { accounts: database.embedded }));
const env = database.server ? { EMBEDDED_DB_PORT: String(database.server.port) } : {};
stopTogether(keepRunning('npx', ['astro', 'dev', ...process.argv.slice(2)], env), database.close);
