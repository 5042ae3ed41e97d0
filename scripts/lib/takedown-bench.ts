/**
 * The takedown delay on a built site served as `npm start` serves it (local rebuilds off, so that none competes):
 * from the admin's unpublish answer to the first 404 of the title's page, and from an unpublish committed by another
 * process (straight in the database) to the first 404. Issue 19's target: within 2 s at 10,000 movies, 2,000 shows
 * and 30,000 people.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { hashPassword } from '../../src/lib/accounts/passwords.ts';
import { sessionCookie } from '../../src/lib/accounts/session.ts';
import { titleHref } from '../../src/lib/catalog/client/cards.ts';
import { slugify } from '../../src/lib/catalog/client/slug.ts';
import { freePort } from './ports.ts';
import { stopProcess } from './processes.ts';
import { serveSite, waitForSite } from './site.ts';

const SAMPLES = 3;
const GIVE_UP_MS = 30_000;

interface Movie { id: number; tmdb_id: number; title: string }

/** Milliseconds from `after` (performance.now()) to the arrival of the first 404 for `url`. */
async function untilNotFound(url: string, after: number): Promise<number> {
  while (performance.now() - after < GIVE_UP_MS) {
    const response = await fetch(url, { redirect: 'manual' });
    await response.arrayBuffer();
    if (response.status === 404) return performance.now() - after;
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}.`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${url} still answered after ${GIVE_UP_MS / 1000} s.`);
}

function report(label: string, samples: number[]): void {
  const sorted = [...samples].sort((a, b) => a - b);
  console.log(`${label.padEnd(44)} ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1).padStart(9)} ms (median of ${samples.length}; ` +
    `max ${sorted.at(-1)!.toFixed(1)} ms; target ≤ 2000 ms)`);
}

/** `env`: how the server reaches the database and where the build is (ASTRO_OUT_DIR). */
export async function measureTakedowns(db: Kysely<Database>, env: NodeJS.ProcessEnv): Promise<void> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const keys = { secret: randomBytes(33).toString('base64'), secure: false };
  const admin = await db.insertInto('users').values({ email: 'bench-admin@example.com', password_hash: await hashPassword(randomBytes(16).toString('hex')),
    role: 'admin', email_confirmed_at: new Date() }).returning(['id', 'email', 'session_version']).executeTakeFirstOrThrow();
  const cookie = (await sessionCookie({ sub: admin.id, email: admin.email, session_version: admin.session_version }, keys)).split(';')[0]!;
  const server = serveSite({ ...env, AUTH_SECRET: keys.secret, SITE_URL: origin, HOST: '127.0.0.1', PORT: String(port), REBUILD_MODE: 'off' });
  try {
    await waitForSite(origin, server);
    const movies: Movie[] = await db.selectFrom('movies').select(['id', 'tmdb_id', 'title']).where('is_published', '=', true)
      .orderBy('popularity', 'desc').limit(2 * SAMPLES).execute();
    const pageOf = (movie: Movie) => `${origin}${titleHref({ type: 'movie', slug: slugify(movie.title), tmdbId: movie.tmdb_id })}`;
    const byAdmin: number[] = [];
    const byOtherProcess: number[] = [];
    for (const [index, movie] of movies.entries()) {
      if ((await fetch(pageOf(movie))).status !== 200) throw new Error(`${pageOf(movie)} is not served before its takedown.`);
      if (index < SAMPLES) {
        const answer = await fetch(`${origin}/api/admin/movies`, {
          method: 'PATCH', headers: { cookie, origin, 'content-type': 'application/json' },
          body: JSON.stringify({ ids: [movie.id], isPublished: false }),
        });
        if (answer.status !== 200) throw new Error(`The unpublish answered ${answer.status}: ${await answer.text()}`);
        byAdmin.push(await untilNotFound(pageOf(movie), performance.now()));
      } else {
        await db.updateTable('movies').set({ is_published: false }).where('id', '=', movie.id).execute();
        byOtherProcess.push(await untilNotFound(pageOf(movie), performance.now()));
      }
    }
    report('takedown: admin unpublish answer → first 404', byAdmin);
    report('takedown: change by another process → 404', byOtherProcess);
  } finally {
    await stopProcess(server);
  }
}
