/** `npm run build` (also Netlify's build command): migrate the configured database, then prerender the site from it. */
import { openScriptDatabase } from './lib/database.ts';
import { buildSite } from './lib/site.ts';

const database = await openScriptDatabase();
try {
  const env = database.server ? { EMBEDDED_DB_PORT: String(database.server.port) } : {};
  await buildSite(env);
} finally {
  await database.close();
}
