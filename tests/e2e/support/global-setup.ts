/**
 * Builds the site from a fresh, seeded embedded database and serves it as `npm start` does (the project's own server,
 * whose page builder builds the site and then publishes every change) on a free port, with imports pointed at a local fake TMDB server and mail sent over SMTP to a local mailbox
 * (mailbox.ts) that files each message in the outbox directory. Everything started here is stopped by the
 * returned teardown.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { createDb } from '../../../db/connect.ts';
import type { Database } from '../../../db/schema.ts';
import { startEmbeddedServer } from '../../../db/embedded-server.ts';
import { migrateToLatest } from '../../../db/migrate.ts';
import { seedDemoCatalogue } from '../../../src/lib/demo/seed.ts';
import { stopProcess } from '../../../scripts/lib/processes.ts';
import { BUILD_AND_START_TIMEOUT_MS, serveSite, waitForSite } from '../../../scripts/lib/site.ts';
import { freePort } from '../../support/ports.ts';
import { startFakeTmdb } from '../../support/fake-tmdb.ts';
import { startMailbox } from './mailbox.ts';

export const E2E_SEED = { movies: 240, shows: 40, people: 600 };

export default async function globalSetup() {
  // Inside the project so the built server resolves node_modules.
  mkdirSync('.e2e', { recursive: true });
  const workDir = mkdtempSync(join(process.cwd(), '.e2e', 'run-'));
  const dbPort = await freePort();
  const database = await startEmbeddedServer({ dataDir: join(workDir, 'pglite'), port: dbPort });
  const db = await createDb({ kind: 'embedded', port: dbPort });
  await migrateToLatest(db);
  await seedDemoCatalogue(db, { ...E2E_SEED, accounts: true });
  await addNameOnlyPeople(db);
  await db.destroy();

  const tmdb = await startFakeTmdb();
  const mailbox = await startMailbox(join(workDir, 'outbox'));
  const webPort = await freePort();
  const baseURL = `http://127.0.0.1:${webPort}`;
  // Known to the tests, so the fuzz tier can mint session cookies the server accepts.
  const authSecret = `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}-secret`;
  const env = { AUTH_SECRET: authSecret, EMBEDDED_DB_PORT: String(dbPort), ASTRO_OUT_DIR: join(workDir, 'dist'), SITE_URL: baseURL, SMTP_URL: mailbox.url,
    // The mailbox is a relay on this machine without TLS: the operator's setting for that (docs/configuration.md).
    SMTP_ALLOW_PLAINTEXT: 'true',
    TMDB_API_BASE_URL: tmdb.baseUrl, TMDB_API_KEY: tmdb.apiKey, REBUILD_SCHEDULE: 'off' };
  const server = serveSite({ ...env, HOST: '127.0.0.1', PORT: String(webPort) }, { build: true });
  await waitForSite(baseURL, server, BUILD_AND_START_TIMEOUT_MS);

  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_DB_PORT = String(dbPort);
  process.env.E2E_WORK_DIR = workDir;
  process.env.E2E_AUTH_SECRET = authSecret;

  return async () => {
    await stopProcess(server);
    await tmdb.close();
    await mailbox.close();
    await database.stop();
    rmSync(workDir, { recursive: true, force: true });
  };
}

/**
 * People known only by name, as TMDB imports bring cast, credited in a published movie so the build gives them
 * pages: the person page then asks the person proxy (the fake TMDB knows 31 and answers 404 for 123456).
 */
const NAME_ONLY_PEOPLE = [{ id: 31, name: 'Person 31' }, { id: 123456, name: 'Person 123456' }];

async function addNameOnlyPeople(db: Kysely<Database>) {
  const movie = await db.selectFrom('movies').select('id').where('is_published', '=', true).orderBy('id').executeTakeFirstOrThrow();
  await db.insertInto('people').values(NAME_ONLY_PEOPLE.map((person) => ({ ...person, profile_path: null, birthday: null, deathday: null,
    place_of_birth: null, known_for_department: 'Acting', biography: null, twitter_id: null, instagram_id: null, updated_at: new Date() }))).execute();
  await db.insertInto('movie_credits').values(NAME_ONLY_PEOPLE.map((person) => ({ movie_id: movie.id, person_id: person.id, credit_order: 999, character_name: 'Extra' }))).execute();
}
