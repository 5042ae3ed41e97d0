/**
 * `npm run bench -- --soak`: the built site (served as `npm start` serves it, scripts/lib/bench-site.ts) under
 * `minutes` of mixed traffic (traffic.ts), with a bulk import from the fake TMDB and rebuilds along the way. Every
 * minute it samples the server's RSS (and the embedded database's) and counts the rows of the tables the traffic
 * writes; at the end it prints the per-minute table, waits for the import and rebuilds to finish, and judges the
 * run against issue 21's targets (report.ts). Resolves to whether the targets were met.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { hashPassword } from '../../../src/lib/accounts/passwords.ts';
import { sessionCookie, type SessionKeys } from '../../../src/lib/accounts/session.ts';
import { titleHref } from '../../../src/lib/titles/client/cards.ts';
import type { BrowsePage } from '../../../src/lib/catalog/client/browse-params.ts';
import { personHref, type PersonCard } from '../../../src/lib/catalog/client/people-params.ts';
import { slugify } from '../../../src/lib/titles/client/slug.ts';
import { catalogRoutes } from '../../../src/lib/catalog/routes.ts';
import { urlOf } from '../../../src/lib/http/route.ts';
import { Random } from '../../../src/lib/random.ts';
import { FIRST_PAGED_MOVIE_ID, PAGE_SIZE, startFakeTmdb } from '../../../tests/support/fake-tmdb.ts';
import { step, withBenchSite, type CatalogueSize } from '../bench-site.ts';
import { gatherFixtures } from '../load-bench/fixtures.ts';
import {
  formatKindTable, formatMinuteTable, formatProcessTable, formatRowCountTable, minuteRow, Recorder, soakVerdict, timelineRows,
  type MinuteRow, type ProcessFigures, type SoakSettings,
} from './report.ts';
import { runTraffic, TRAFFIC, type SoakFixtures, type StaticPage } from './traffic.ts';

export interface SoakBenchOptions {
  size: CatalogueSize;
  settings: SoakSettings;
  /** Allows wiping a non-empty DATABASE_URL database. */
  reset: boolean;
}

/** The tables the traffic writes (sessions are signed cookies: there is no session table), and the catalogue the import grows. */
const WRITTEN_TABLES = ['rate_limits', 'view_events', 'view_dedupe', 'user_list_items', 'user_ratings', 'movies', 'import_jobs', 'rebuild_requests'] as const;
/** How long the import and rebuilds still running when the traffic stops may take to finish. */
const SETTLE_TIMEOUT_MS = 30 * 60_000;
/** Fixed prerendered pages the static clients read besides titles and people. */
const LISTING_PAGES = ['/', '/movies', '/tv-shows', '/people', '/platforms'];
/** Person pages: the first pages of the people listing. */
const PEOPLE_LISTING_PAGES = 5;
/** The fake TMDB's answers wait this long, about a real TMDB's latency, so the import takes a while. */
const FAKE_TMDB_DELAY_MS = 50;

/** A process's resident set size in MB, from /proc (Linux). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
  if (!Number.isFinite(kb)) throw new Error(`No VmRSS for process ${pid}.`);
  return kb / 1024;
}

/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second. */
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU seconds a process has used (user and system, its children not included), from /proc. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (in parentheses, which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** Per minute: the processes' memory and the CPU they used since the previous sample. */
class ProcessSampler {
  private last: { at: number; server: number; database: number | null; bench: number };
  private readonly lag = monitorEventLoopDelay({ resolution: 10 });

  constructor(private readonly serverPid: number, private readonly databasePid: number | undefined) {
    this.lag.enable();
    this.last = this.cpu();
  }

  private cpu() {
    const { user, system } = process.cpuUsage();
    return {
      at: performance.now(), server: cpuSeconds(this.serverPid), database: this.databasePid ? cpuSeconds(this.databasePid) : null,
      bench: (user + system) / 1e6,
    };
  }

  sample(): ProcessFigures {
    const now = this.cpu();
    const seconds = (now.at - this.last.at) / 1000;
    const percent = (from: number | null, to: number | null) => (from === null || to === null ? null : (100 * (to - from)) / seconds);
    const figures: ProcessFigures = {
      serverRssMb: rssMb(this.serverPid),
      serverCpuPercent: percent(this.last.server, now.server)!,
      databaseRssMb: this.databasePid ? rssMb(this.databasePid) : null,
      databaseCpuPercent: percent(this.last.database, now.database),
      loadGeneratorCpuPercent: percent(this.last.bench, now.bench)!,
      loadGeneratorLagP99Ms: this.lag.percentile(99) / 1e6,
    };
    this.last = now;
    this.lag.reset();
    return figures;
  }

  stop(): void {
    this.lag.disable();
  }
}

async function countRows(db: Kysely<Database>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of WRITTEN_TABLES) {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(db);
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

async function soakFixtures(db: Kysely<Database>, origin: string, keys: SessionKeys, random: Random): Promise<SoakFixtures> {
  const base = await gatherFixtures(db, origin, keys, random);
  const movies = await db.selectFrom('movies').select(['tmdb_id', 'title']).where('is_published', '=', true).execute();
  const shows = await db.selectFrom('tv_shows').select(['tmdb_id', 'name']).where('is_published', '=', true).execute();
  const people: PersonCard[] = [];
  for (let page = 1; page <= Math.min(PEOPLE_LISTING_PAGES, base.peoplePages); page++) {
    const response = await fetch(origin + urlOf(catalogRoutes.people, { query: { sort: 'popularity', page } }));
    people.push(...((await response.json()) as BrowsePage<PersonCard>).items);
  }
  const admin = await db.insertInto('users').values({
    email: 'soak-admin@example.com', password_hash: await hashPassword(random.next().toString(36)), role: 'admin', email_confirmed_at: new Date(),
  }).returning(['id', 'email', 'session_version']).executeTakeFirstOrThrow();
  return {
    ...base,
    titlePages: [
      ...movies.map((m) => titlePage('movie', m.title, m.tmdb_id)),
      ...shows.map((s) => titlePage('tv', s.name, s.tmdb_id)),
    ],
    otherPages: [...LISTING_PAGES.map((path) => ({ path, title: null })), ...people.map((person) => ({ path: personHref(person), title: null }))],
    adminCookie: (await sessionCookie({ sub: admin.id, email: admin.email, session_version: admin.session_version }, keys)).split(';')[0]!,
  };
}

const titlePage = (type: 'movie' | 'tv', title: string, tmdbId: number): StaticPage =>
  ({ path: titleHref({ type, slug: slugify(title), tmdbId }), title: { type, tmdbId } });

/** Waits until no import job and no rebuild is queued or running, at most SETTLE_TIMEOUT_MS. */
async function waitForBackgroundWork(db: Kysely<Database>, note: (text: string) => void): Promise<void> {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  let waiting = false;
  for (;;) {
    const busy = [
      ...(await db.selectFrom('import_jobs').select('status').where('status', 'in', ['queued', 'running']).execute()).map(() => 'the import'),
      ...(await db.selectFrom('rebuild_requests').select('status').where('status', 'in', ['queued', 'running']).execute())
        .map((row) => `a ${row.status} rebuild`),
    ];
    if (busy.length === 0 || Date.now() > deadline) break;
    if (!waiting) note(`traffic over; waiting for ${busy.join(' and ')} to finish`);
    waiting = true;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  if (waiting) note('background work over');
}

/** The import jobs and rebuilds of the run, from the database, as a table; each that did not succeed is an error. */
async function backgroundWork(db: Kysely<Database>, startedWall: number) {
  const at = (date: Date | string | null) => (date ? clock(new Date(date).getTime() - startedWall) : '');
  const took = (from: Date | string | null, to: Date | string | null) =>
    (from && to ? ((new Date(to).getTime() - new Date(from).getTime()) / 1000).toFixed(0) : '');
  const imports = await db.selectFrom('import_jobs').selectAll().orderBy('id').execute();
  const rebuilds = await db.selectFrom('rebuild_requests').selectAll().orderBy('id').execute();
  const rows = [
    ...imports.map((job) => ({
      work: `bulk import, movies pages ${job.start_page}-${job.end_page}`, requested: at(job.created_at), started: at(job.created_at),
      finished: at(job.finished_at), seconds: took(job.created_at, job.finished_at), ok: job.status === 'done',
      outcome: `${job.status}: ${job.processed} processed, ${job.skipped.length} skipped${job.error ? `, ${job.error}` : ''}`,
    })),
    ...rebuilds.map((rebuild) => ({
      work: `rebuild: ${rebuild.reason}${rebuild.request_count > 1 ? ` (${rebuild.request_count} requests)` : ''}`,
      requested: at(rebuild.requested_at), started: at(rebuild.started_at), finished: at(rebuild.finished_at),
      seconds: took(rebuild.started_at, rebuild.finished_at), ok: rebuild.status === 'succeeded',
      outcome: `${rebuild.status}${rebuild.error ? `: ${rebuild.error.slice(0, 200)}` : ''}`,
    })),
  ];
  const table = [
    '| Background work | requested | started | finished | took s | outcome |',
    '| --- | ---: | ---: | ---: | ---: | --- |',
    ...rows.map((row) => `| ${row.work} | ${row.requested} | ${row.started} | ${row.finished} | ${row.seconds} | ${row.outcome} |`),
  ].join('\n');
  return { rows, table, errors: rows.filter((row) => !row.ok).length };
}

/** mm:ss since the start of the traffic. */
const clock = (ms: number) => {
  const seconds = Math.max(0, Math.round(ms / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
};

export async function runSoakBench(options: SoakBenchOptions): Promise<boolean> {
  const { size, settings } = options;
  const tmdb = await startFakeTmdb({ popularMoviePages: TRAFFIC.importPages, delayMs: FAKE_TMDB_DELAY_MS });
  try {
    return await withBenchSite({
      name: 'soak',
      size,
      reset: options.reset,
      announce: (engine) => `Soak benchmark on the ${engine} database: ${size.movies} movies, ${size.shows} shows, ${size.people} people; ` +
        `${settings.minutes} min of traffic.`,
      // The daily TMDB sync is off: it would add a rebuild of its own at the start, besides the planned ones.
      env: (workDir) => ({
        TMDB_API_BASE_URL: tmdb.baseUrl, TMDB_API_KEY: tmdb.apiKey, REBUILD_SCHEDULE: 'off', ASTRO_CACHE_DIR: join(workDir, 'cache'),
      }),
    }, async ({ database, origin, keys, server }) => {
      const { db } = database;
      const random = new Random('soak-bench');
      const fixtures = await step('prepare traffic', () => soakFixtures(db, origin, keys, random));
      const serverPid = server.pid!;
      const rowSamples = [{ label: 'start', counts: await countRows(db) }];
      const rssByMinute: number[] = [];
      const rows: MinuteRow[] = [];
      const events: { at: string; text: string }[] = [];

      const startedAt = performance.now();
      const startedWall = Date.now();
      const endsAt = startedAt + settings.minutes * 60_000;
      const recorder = new Recorder(startedAt, settings.minutes);
      const note = (text: string) => {
        const at = clock(performance.now() - startedAt);
        events.push({ at, text });
        console.log(`[soak ${at}] ${text}`);
      };
      const pause = (ms: number) => `${(ms / settings.speed / 1000).toFixed(1)} s`;
      console.log(`\n${TRAFFIC.staticClients} static clients (a page every ${pause(TRAFFIC.thinkMs.static)}), ` +
        `${TRAFFIC.searchAndBrowseClients} search and browse clients (every ${pause(TRAFFIC.thinkMs.search)}), ` +
        `${TRAFFIC.signedInClients} signed-in clients (every ${pause(TRAFFIC.thinkMs.signedIn)}), ${TRAFFIC.signInsPerMinute} sign-ins a minute; ` +
        `the bulk import at ${TRAFFIC.importAt * 100} % of the run, rebuilds requested at ${TRAFFIC.rebuildsAt.map((share) => `${share * 100} %`).join(' and ')}.\n`);

      // At the end of each minute: the processes' memory and CPU, and the tables' rows.
      const sampler = new ProcessSampler(serverPid, database.pid);
      const processes: ProcessFigures[] = [];
      const minuteEnds = Array.from({ length: settings.minutes }, (_, i) => new Promise<void>((resolve, reject) => {
        setTimeout(() => {
          void (async () => {
            const figures = (processes[i] = sampler.sample());
            rssByMinute[i] = figures.serverRssMb;
            rowSamples[i + 1] = { label: String(i + 1), counts: await countRows(db) };
            // The last minute's requests are still finishing: its row is made once the clients are done.
            if (i === settings.minutes - 1) return;
            const row = (rows[i] = minuteRow(i + 1, recorder.minutes[i]!, figures));
            const requests = Object.values(row.kinds).reduce((sum, kind) => sum + kind.requests, 0);
            console.log(`[soak ${clock(performance.now() - startedAt)}] minute ${i + 1}: ${requests.toLocaleString('en-US')} requests, ` +
              `${row.errors} errors, server RSS ${figures.serverRssMb.toFixed(0)} MB, CPU ${figures.serverCpuPercent.toFixed(0)} %`);
          })().then(resolve, reject);
        }, startedAt + (i + 1) * 60_000 - performance.now());
      }));
      for (const minuteEnd of minuteEnds) minuteEnd.catch(() => {}); // a failed sample fails the run after the traffic

      await runTraffic({
        origin: new URL(origin), recorder, random: random.fork('traffic'), fixtures, speed: settings.speed, startedAt, endsAt, note,
        importedPages: async () => {
          const imported = await db.selectFrom('movies').select(['tmdb_id', 'title']).where('is_published', '=', true)
            .where('tmdb_id', '>=', FIRST_PAGED_MOVIE_ID).where('tmdb_id', '<', FIRST_PAGED_MOVIE_ID + TRAFFIC.importPages * PAGE_SIZE).execute();
          return imported.map((movie) => titlePage('movie', movie.title, movie.tmdb_id));
        },
      });
      await Promise.all(minuteEnds);
      sampler.stop();
      rows[settings.minutes - 1] = minuteRow(settings.minutes, recorder.minutes.at(-1)!, processes.at(-1)!);

      // The import and rebuilds still going finish before the server stops (their failures count as errors).
      await waitForBackgroundWork(db, note);
      const background = await backgroundWork(db, startedWall);

      const total = recorder.total();
      const requestErrors = rows.reduce((sum, row) => sum + row.errors, 0);
      const verdict = soakVerdict({ requests: requestErrors, background: background.errors }, rssByMinute);
      const minuteTable = formatMinuteTable(rows);
      const processTable = formatProcessTable(rows);
      const kindTable = formatKindTable(total, settings.minutes);
      const rowTable = formatRowCountTable(rowSamples);
      const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`;
      const failures = [...recorder.failures].sort((a, b) => b[1].count - a[1].count)
        .map(([what, { count, example }]) => `${count} × ${what} (e.g. ${example})`);
      const file = join('.bench', `soak-${database.engine}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
      writeFileSync(file, JSON.stringify({
        date: new Date().toISOString(), machine, engine: database.engine, size, settings, traffic: TRAFFIC,
        minutes: rows, timeline: timelineRows(recorder), staleConnectionRetries: recorder.staleConnectionRetries,
        rowCounts: rowSamples, background: background.rows, events, failures, verdict, minuteTable, processTable, kindTable, rowTable,
        backgroundTable: background.table,
      }, null, 2));

      console.log(`\nSoak, ${database.engine} database, ${size.movies} movies / ${size.shows} shows / ${size.people} people, ` +
        `${settings.minutes} min; ${machine}\n\nPer minute (each kind: requests / p99 ms; memory at the end of the minute):\n\n${minuteTable}\n\n` +
        `CPU per minute (100 % = one core):\n\n${processTable}\n\n` +
        `Whole run:\n\n${kindTable}\n\nRows of the tables the traffic writes (before the traffic, then at the end of each minute):\n\n${rowTable}\n\n` +
        `${background.table}\n\nEvents:\n${events.map((event) => `  ${event.at} ${event.text}`).join('\n')}\n` +
        (failures.length ? `\nFailures:\n${failures.map((line) => `  ${line}`).join('\n')}\n` : '') +
        `\nRequests sent again on a new connection after the server closed an idle one (not errors): ${recorder.staleConnectionRetries}\n` +
        `\n${verdict.lines.join('\n')}\n\nSaved to ${file}`);
      return verdict.met;
    });
  } finally {
    await tmdb.close();
  }
}
