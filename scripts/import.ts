/**
 * Imports titles from TMDB into the configured database.
 *
 *   npm run import -- movies --pages 1-5    popular movies, pages 1 to 5
 *   npm run import -- tv --pages 2-3        popular TV shows
 *   npm run import -- movie 550             one movie by TMDB id
 *   npm run import -- show 1399             one show with all seasons
 *
 * Needs TMDB_API_KEY (v3 key or v4 read token); TMDB_API_BASE_URL overrides the API address.
 */
import { configuredTmdbClient } from '../src/lib/tmdb/actions.ts';
import { importMovie, importPopularPage, importShow, type ImportSummary } from '../src/lib/tmdb/importer.ts';
import type { SkippedTitle } from '../src/lib/admin/contract.ts';
import { MAX_POPULAR_PAGE } from '../src/lib/tmdb/contract.ts';
import { openScriptDatabase } from './lib/database.ts';

const USAGE = 'Usage: npm run import -- movies|tv --pages A-B  |  npm run import -- movie|show <tmdbId>';

type Command = { kind: 'movie' | 'tv'; pages: [number, number] } | { kind: 'movie' | 'tv'; id: number };

export function parseCommand(argv: string[]): Command {
  const [what, ...rest] = argv;
  if (what === 'movies' || what === 'tv') {
    const index = rest.indexOf('--pages');
    const range = index >= 0 ? rest[index + 1] : '1';
    const match = range?.match(/^(\d+)(?:-(\d+))?$/);
    const start = Number(match?.[1]);
    const end = Number(match?.[2] ?? match?.[1]);
    if (!match || start < 1 || end < start || end > MAX_POPULAR_PAGE) throw new Error(`Invalid page numbers: pages run from 1 to ${MAX_POPULAR_PAGE} (got "${range}").\n${USAGE}`);
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

process.exitCode = await main();
