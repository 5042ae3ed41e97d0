/** `npm run db:migrate`: apply pending migrations to the configured database. */
import { migrateToLatest } from '../db/migrate.ts';
import { openScriptDatabase } from './lib/database.ts';

const database = await openScriptDatabase({ migrate: false });
try {
  const applied = await migrateToLatest(database.db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
} finally {
  await database.close();
}
