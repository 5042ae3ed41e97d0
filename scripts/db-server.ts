/** `npm run db:server`: serve the embedded PGlite database on its port until Ctrl-C, for tools that connect to it. */
import { openScriptDatabase } from './lib/database.ts';

const database = await openScriptDatabase();
if (!database.server) {
  console.log('A database server is already running (or DATABASE_URL is set); nothing to do.');
  await database.close();
} else {
  console.log(`Embedded Postgres (PGlite) listening on 127.0.0.1:${database.server.port}`);
  const stop = async () => { await database.close(); process.exit(0); };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}
