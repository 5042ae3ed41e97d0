/**
 * Counts row writes in every table through a row-level trigger, so a test can tell whether a request changed
 * anything. Tables that background work or rate limiting write on their own are left out.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

export interface WriteTracker {
  count(): Promise<number>;
  /** Waits (up to 5 s) until no write has happened for 200 ms. */
  settle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Written by refused requests on purpose (rate limits) or by background work: rebuilds, queued jobs and mail, and
 * the publishers' own bookkeeping (a reader's cursor and heartbeat, the CDN purges waiting).
 */
const UNTRACKED = /^(rate_limits|rebuild_requests|fuzz_writes|kysely_migration.*|publishing_consumers|cdn_purges|cdn_purge_log)$|queue|outbox|job/;

export async function trackWrites(db: Kysely<Database>): Promise<WriteTracker> {
  const tables = (await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = 'public'`.execute(db)).rows
    .map((row) => row.name).filter((name) => !UNTRACKED.test(name));
  await sql`create table if not exists fuzz_writes (n bigint not null)`.execute(db);
  await sql`delete from fuzz_writes`.execute(db);
  await sql`insert into fuzz_writes values (0)`.execute(db);
  await sql`create or replace function fuzz_count_write() returns trigger language plpgsql as $$
    begin update fuzz_writes set n = n + 1; return null; end $$`.execute(db);
  for (const table of tables) {
    await sql`create or replace trigger fuzz_count_write after insert or update or delete on ${sql.table(table)}
      for each row execute function fuzz_count_write()`.execute(db);
  }
  const count = async () => Number((await sql<{ n: string }>`select n from fuzz_writes`.execute(db)).rows[0]?.n ?? 0);
  return {
    count,
    async settle() {
      const deadline = Date.now() + 5_000;
      let last = await count();
      while (Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const now = await count();
        if (now === last) return;
        last = now;
      }
    },
    async stop() {
      for (const table of tables) await sql`drop trigger if exists fuzz_count_write on ${sql.table(table)}`.execute(db);
      await sql`drop function if exists fuzz_count_write() cascade`.execute(db);
      await sql`drop table if exists fuzz_writes`.execute(db);
    },
  };
}
