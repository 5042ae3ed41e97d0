/**
 * Imports titles from TMDB into the configured database.
 *
 *   npm run import -- movies --pages 1-5    popular movies, pages 1 to 5
 *   npm run import -- tv --pages 2-3        popular TV shows
 *   npm run import -- movie 550             one movie by TMDB id
 *   npm run import -- show 1399             one show with all seasons
 *   npm run import -- sync                  refresh what changed on TMDB since the last sync (src/lib/tmdb/sync.ts)
 *
 * Every run that changed something queues the site rebuild, as the admin's Bulk Import does: through the build
 * hook when one is set, else for the running `npm start` server to build (the next `npm start` builds anyway).
 * Needs TMDB_API_KEY (v3 key or v4 read token); TMDB_API_BASE_URL overrides the API address.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { catalogueChanged } from '../src/lib/publishing/catalogue-changes.ts';
import { purgesCdn } from '../src/lib/publishing/cdn-purge.ts';
import { configuredTmdbClient } from '../src/lib/tmdb/actions.ts';
import type { TmdbClient } from '../src/lib/tmdb/client.ts';
import { importMovie, importPopularPage, importShow, type ImportSummary } from '../src/lib/tmdb/importer.ts';
import { createSync, latestSync, runSync } from '../src/lib/tmdb/sync.ts';
import { MAX_TMDB_PAGE, type SkippedTitle, type TmdbSync } from '../src/lib/admin/contract.ts';
import { openScriptDatabase } from './lib/database.ts';

const USAGE = 'Usage: npm run import -- movies|tv --pages A-B  |  npm run import -- movie|show <tmdbId>  |  npm run import -- sync';

type Command = { kind: 'movie' | 'tv'; pages: [number, number] } | { kind: 'movie' | 'tv'; id: number } | { kind: 'sync' };

export function parseCommand(argv: string[]): Command {
  const [what, ...rest] = argv;
  if (what === 'sync' && rest.length === 0) return { kind: 'sync' };
  if (what === 'movies' || what === 'tv') {
    const index = rest.indexOf('--pages');
    const range = index >= 0 ? rest[index + 1] : '1';
    const match = range?.match(/^(\d+)(?:-(\d+))?$/);
    const start = Number(match?.[1]);
    const end = Number(match?.[2] ?? match?.[1]);
    if (!match || start < 1 || end < start || end > MAX_TMDB_PAGE) throw new Error(`Invalid page numbers: pages run from 1 to ${MAX_TMDB_PAGE} (got "${range}").\n${USAGE}`);
    return { kind: what === 'movies' ? 'movie' : 'tv', pages: [start, end] };
  }
  if ((what === 'movie' || what === 'show') && /^\d+$/.test(rest[0] ?? '') && Number(rest[0]) >= 1) {
    return { kind: what === 'movie' ? 'movie' : 'tv', id: Number(rest[0]) };
  }
  throw new Error(USAGE);
}

function progress(done: number, total: number, label: string): void {
  if (process.stdout.isTTY) {
    const width = 30;
    const filled = Math.round((done / total) * width);
    process.stdout.write(`\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total} ${label}   `);
    if (done === total) process.stdout.write('\n');
  } else {
    console.log(`${label} (${done}/${total})`);
  }
}

async function main(): Promise<number> {
  let command: Command;
  try {
    command = parseCommand(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
  const client = configuredTmdbClient();
  if (!client) {
    console.error('TMDB_API_KEY is not set: put a TMDB v3 API key or v4 read access token in the environment.');
    return 1;
  }
  const started = Date.now();
  const database = await openScriptDatabase();
  if (command.kind === 'sync') {
    try {
      return await sync(database.db, client);
    } finally {
      await database.close();
    }
  }
  const summaries: ImportSummary[] = [];
  const skipped: SkippedTitle[] = [];
  let pages = 0;
  try {
    if ('id' in command) {
      summaries.push(command.kind === 'movie' ? await importMovie(database.db, client, command.id) : await importShow(database.db, client, command.id));
    } else {
      const [start, end] = command.pages;
      for (let page = start; page <= end; page++) {
        const result = await importPopularPage(database.db, client, command.kind, page);
        summaries.push(...result.summaries);
        skipped.push(...result.skipped);
        pages++;
        const skippedNote = result.skipped.length ? `, ${result.skipped.length} skipped` : '';
        progress(page - start + 1, end - start + 1, `page ${page}: ${result.processed} title(s)${skippedNote}`);
        if (result.nextPage === null) break;
      }
    }
    if (summaries.length) await publish(database.db);
  } catch (error) {
    console.error(`Import failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await database.close();
  }
  const created = summaries.filter((summary) => summary.created).length;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`Imported ${summaries.length} title(s) from ${pages} page(s): ${created} created, ${summaries.length - created} updated in ${seconds}s.`);
  if (skipped.length) {
    console.log(`Skipped ${skipped.length} title(s):`);
    for (const title of skipped) console.log(`  TMDB ${title.tmdbId}: ${title.reason}`);
  }
  return 0;
}

/** Waits until the running Node server's publisher has the imported titles' pages, and purges Netlify's CDN if set up. */
async function publish(db: Kysely<Database>): Promise<void> {
  await catalogueChanged(db);
  console.log(publishedNote());
}

function publishedNote(): string {
  return purgesCdn()
    ? 'Netlify\'s CDN purged of the pages that show what changed.'
    : 'A running `npm start` shows the changes within seconds; on Netlify, set SITE_ID and NETLIFY_PURGE_API_TOKEN to purge its CDN from here.';
}

/** Runs a sync here (or resumes one whose worker died), printing each page and what changed. */
async function sync(db: Kysely<Database>, client: TmdbClient): Promise<number> {
  let id: number;
  try {
    ({ sync: { id } } = await createSync(db, 'cli'));
  } catch (error) {
    console.error(`Sync not started: ${(error as Error).message}`);
    return 1;
  }
  await runSync(db, client, id, { onPage: (job) => console.log(`${job.list} changes, next page ${job.currentPage}`) });
  const job = (await latestSync(db))!;
  if (job.status !== 'done') {
    console.error(`Sync failed: ${job.error ?? 'stopped by another worker'}`);
    return 1;
  }
  console.log(syncSummary(job));
  const changed = job.changes.movies + job.changes.shows + job.changes.people;
  if (changed) console.log(publishedNote());
  return 0;
}

function syncSummary({ since, until, changes, skipped }: TmdbSync): string {
  const lines = [`Synced TMDB's changes from ${since.slice(0, 10)} to ${until.slice(0, 10)}: ${changes.movies} movie(s), `
    + `${changes.shows} show(s) (${changes.episodes} new episode(s)), ${changes.people} person(s) refreshed.`];
  for (const item of changes.recent) lines.push(`  ${item.type} ${item.tmdbId}: ${item.name}${item.newEpisodes ? `, ${item.newEpisodes} new episode(s)` : ''}`);
  if (skipped.length) lines.push(`Skipped ${skipped.length}:`, ...skipped.map((item) => `  ${item.type} ${item.tmdbId}: ${item.reason}`));
  return lines.join('\n');
}

process.exitCode = await main();
