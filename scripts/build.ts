/** `npm run build` (also Netlify's build command): migrate the configured database, then prerender the site from it. */
import { openScriptDatabase } from './lib/database.ts';
import { run } from './lib/processes.ts';

const database = await openScriptDatabase();
try {
  const env = database.server ? { EMBEDDED_DB_PORT: String(database.server.port) } : {};
  await run('npx', ['astro', 'build'], env);
} finally {
  await database.close();
}
