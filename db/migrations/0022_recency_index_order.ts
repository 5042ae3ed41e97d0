import { sql, type Kysely } from 'kysely';

/**
 * The published-by-recency index in the order the lists sort ("just added": created_at desc nulls last, then id
 * desc, src/lib/catalog/browse.ts sortSql). 0001 made it `created_at DESC`, whose nulls come first, so no list used
 * it: each sorted every published title (60 ms at 50,000 movies) for its first 48.
 */
const TABLES = ['movies', 'tv_shows'] as const;
const indexName = (table: string) => sql.raw(`${table}_published_created_idx`);

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql`DROP INDEX ${indexName(table)}`.execute(db);
    await sql`CREATE INDEX ${indexName(table)} ON ${sql.table(table)} (created_at DESC NULLS LAST, id DESC) WHERE is_published`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql`DROP INDEX ${indexName(table)}`.execute(db);
    await sql`CREATE INDEX ${indexName(table)} ON ${sql.table(table)} (created_at DESC) WHERE is_published`.execute(db);
  }
}
