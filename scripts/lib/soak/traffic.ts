/**
 * The soak benchmark's traffic (issue 21 §4), each client a loop that pauses between requests as a person would
 * (TRAFFIC.thinkMs, divided by the run's speed):
 * - static clients: visitors who each read a few prerendered pages (titles, people, listings) and report their
 *   views as the page script does, then leave; the next visitor in the slot comes from a new address;
 * - search and browse clients: varied typo'd and exact searches, browse filters, people and platform pages;
 * - signed-in clients, one bench user each: title state and list reads, list adds and removes, ratings;
 * - sign-ins at a steady rate, each a new browser: Auth.js's CSRF token, the credentials form, then /api/me;
 * - the admin: the rebuild status polled as the open dashboard does, a bulk import from the fake TMDB (which
 *   queues its own rebuild when done, as the site does) and rebuilds requested from the dashboard.
 */
import { AUTH_BASE_PATH } from '../../../src/lib/accounts/client/routes.ts';
import { browseApiQuery } from '../../../src/lib/catalog/client/browse-params.ts';
import { PEOPLE_SORT_OPTIONS } from '../../../src/lib/catalog/client/people-params.ts';
import { catalogRoutes } from '../../../src/lib/catalog/routes.ts';
import { urlOf } from '../../../src/lib/http/route.ts';
import type { Random } from '../../../src/lib/random.ts';
import { LIST_NAMES, type ListName } from '../../../src/lib/lists/contract.ts';
import type { TitleRef } from '../../../src/lib/personal/contract.ts';
import { MAX_RATING, MIN_RATING } from '../../../src/lib/ratings/contract.ts';
import type { Fixtures } from '../load-bench/fixtures.ts';
import { searchQuery } from '../load-bench/queries.ts';
import { AddressPool, SoakClient, type Answer } from './client.ts';
import type { Recorder } from './report.ts';

export const TRAFFIC = {
  staticClients: 120,
  searchAndBrowseClients: 40,
  signedInClients: 20,
  signInsPerMinute: 5,
  /**
   * Mean pause of each kind of client before its next request (each pause is drawn between half and one and a half
   * of it): a visitor reads a page, a searcher types and pages, a signed-in user picks the next title.
   */
  thinkMs: { static: 10_000, search: 2_000, signedIn: 5_000 },
  /** Pages of 20 popular movies the bulk import brings from the fake TMDB. */
  importPages: 10,
  /** When the bulk import starts and the two rebuilds are requested, as shares of the run. */
  importAt: 0.15,
  rebuildsAt: [0.4, 0.7],
  /** How often the open admin dashboard reads the rebuild status (and a running import's progress). */
  dashboardPollMs: 10_000,
  /** Pages one visitor reads before leaving. */
  pagesPerVisitor: { min: 3, max: 12 },
  /** A signed-in client keeps at most this many titles in each list (it removes past it), so lists stay bounded. */
  maxListItems: 20,
} as const;

/** Varied paging stays within the first pages, where people actually go (as in the load bench). */
const MAX_VARIED_PAGE = 20;

export interface StaticPage {
  path: string;
  /** The title it shows, which its view report names. */
  title: TitleRef | null;
}

export interface SoakFixtures extends Fixtures {
  /** Prerendered pages: title pages, person pages, listings. */
  titlePages: StaticPage[];
  otherPages: StaticPage[];
  /** `Cookie` header of a signed-in admin. */
  adminCookie: string;
}

export interface TrafficOptions {
  origin: URL;
  recorder: Recorder;
  random: Random;
  fixtures: SoakFixtures;
  /** Divides every pause (SoakSettings.speed). */
  speed: number;
  /** performance.now() values. */
  startedAt: number;
  endsAt: number;
  /** Notes something that happened (import and rebuild steps) at its time in the run. */
  note(text: string): void;
  /** After the import: the pages of the titles it brought, rendered on demand until a rebuild prerenders them. */
  importedPages(): Promise<StaticPage[]>;
}

export async function runTraffic(options: TrafficOptions): Promise<void> {
  const addresses = new AddressPool();
  const clients: Promise<void>[] = [];
  for (let i = 0; i < TRAFFIC.staticClients; i++) clients.push(staticClient(options, addresses, options.random.fork(`static ${i}`)));
  for (let i = 0; i < TRAFFIC.searchAndBrowseClients; i++) clients.push(searchClient(options, addresses.take(), options.random.fork(`search ${i}`)));
  for (let i = 0; i < TRAFFIC.signedInClients; i++) {
    clients.push(signedInClient(options, addresses.take(), options.fixtures.sessionCookies[i]!, options.random.fork(`signed-in ${i}`)));
  }
  clients.push(signIns(options, addresses, options.random.fork('sign-ins')));
  clients.push(admin(options, addresses.take()));
  await Promise.all(clients);
}

const running = (options: TrafficOptions) => performance.now() < options.endsAt;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits `ms` or until the run ends, whichever comes first. */
function waitInRun(options: TrafficOptions, ms: number): Promise<unknown> {
  return sleep(Math.max(0, Math.min(ms, options.endsAt - performance.now())));
}

type Client = keyof typeof TRAFFIC.thinkMs;

/** A client's pause between two requests: between half and one and a half of its mean. */
function think(options: TrafficOptions, client: Client, random: Random): Promise<unknown> {
  return waitInRun(options, (TRAFFIC.thinkMs[client] / options.speed) * (0.5 + random.next()));
}

/** Clients start at random within their first pause, not all at once. */
function arrive(options: TrafficOptions, client: Client, random: Random): Promise<unknown> {
  return waitInRun(options, (TRAFFIC.thinkMs[client] / options.speed) * random.next());
}

const isJson = (check: (body: any) => boolean, what: string) => (answer: Answer) => (check(JSON.parse(answer.text())) ? null : what);

async function staticClient(options: TrafficOptions, addresses: AddressPool, random: Random): Promise<void> {
  const { fixtures, recorder, origin } = options;
  await arrive(options, 'static', random);
  while (running(options)) {
    const visitor = new SoakClient(origin, addresses.take(), recorder, (items) => random.pick(items));
    const pages = random.int(TRAFFIC.pagesPerVisitor.min, TRAFFIC.pagesPerVisitor.max);
    // The page script reports the visit once per browser session, and each title page it has not reported yet.
    const reported = new Set<string>();
    for (let i = 0; i < pages && running(options); i++) {
      const roll = random.next();
      const page = random.pick(roll < 0.8 ? fixtures.titlePages : fixtures.otherPages);
      const loaded = await visitor.send('static', { path: page.path, headers: { accept: 'text/html' } });
      const key = page.title ? `${page.title.type}:${page.title.tmdbId}` : 'session';
      if (loaded && !reported.has(key)) {
        const viewed = await visitor.send('views', { method: 'POST', path: '/api/events/view', json: { title: page.title } },
          isJson((body) => typeof body.tracked === 'boolean', 'no view report in the answer'));
        if (viewed) reported.add(key).add('session');
      }
      await think(options, 'static', random);
    }
    visitor.close();
  }
}

async function searchClient(options: TrafficOptions, address: string, random: Random): Promise<void> {
  const { fixtures, recorder, origin } = options;
  const client = new SoakClient(origin, address, recorder, (items) => random.pick(items));
  const page = (totalPages: number) => random.int(1, Math.max(1, Math.min(totalPages, MAX_VARIED_PAGE)));
  const hasItems = isJson((body) => Array.isArray(body.items), 'no items in the answer');
  await arrive(options, 'search', random);
  while (running(options)) {
    const roll = random.next();
    if (roll < 0.5) {
      const query = searchQuery(fixtures.words, random, random.chance(0.5));
      await client.send('search', { path: `/api/search?query=${encodeURIComponent(query)}` },
        isJson((body) => typeof body === 'object' && body !== null, 'no search answer'));
    } else if (roll < 0.8) {
      const { scope, filters, totalPages } = random.pick(fixtures.browseChoices);
      await client.send('browse', { path: urlOf(catalogRoutes.browse, { query: browseApiQuery(scope, { ...filters, page: page(totalPages) }) }) }, hasItems);
    } else if (roll < 0.9) {
      await client.send('browse', { path: urlOf(catalogRoutes.people, { query: { sort: random.pick(PEOPLE_SORT_OPTIONS).value, page: page(fixtures.peoplePages) } }) }, hasItems);
    } else {
      const platform = random.pick(fixtures.platforms);
      await client.send('browse', { path: urlOf(catalogRoutes.platform, { query: { id: platform.id, page: page(platform.totalPages) } }) }, hasItems);
    }
    await think(options, 'search', random);
  }
  client.close();
}

async function signedInClient(options: TrafficOptions, address: string, cookie: string, random: Random): Promise<void> {
  const { fixtures, recorder, origin } = options;
  const client = new SoakClient(origin, address, recorder, (items) => random.pick(items));
  client.cookie = cookie;
  const lists = new Map<ListName, TitleRef[]>(LIST_NAMES.map((name) => [name, []]));
  await arrive(options, 'signedIn', random);
  while (running(options)) {
    const title = random.pick(fixtures.titles);
    const roll = random.next();
    if (roll < 0.3) {
      const query = new URLSearchParams({ type: title.type, tmdbId: String(title.tmdbId) });
      await client.send('reads', { path: `/api/me/title-state?${query}` }, isJson((body) => Array.isArray(body.lists), 'no title state'));
    } else if (roll < 0.4) {
      await client.send('reads', { path: `/api/me/lists?list=${random.pick(LIST_NAMES)}` }, isJson((body) => Array.isArray(body.items), 'no list items'));
    } else if (roll < 0.75) {
      const list = random.pick(LIST_NAMES);
      const items = lists.get(list)!;
      if (items.length > 0 && (items.length >= TRAFFIC.maxListItems || random.chance(0.4))) {
        const [removed] = items.splice(random.int(0, items.length - 1), 1);
        await client.send('lists', { method: 'DELETE', path: '/api/me/lists', json: { list, ...removed } },
          isJson((body) => body.inList === false, 'the title is still in the list'));
      } else {
        const added = await client.send('lists', { method: 'POST', path: '/api/me/lists', json: { list, ...title } },
          isJson((body) => body.inList === true, 'the title is not in the list'));
        if (added && !items.some((item) => item.type === title.type && item.tmdbId === title.tmdbId)) items.push(title);
      }
    } else {
      const rating = random.int(MIN_RATING, MAX_RATING);
      await client.send('ratings', { method: 'PUT', path: '/api/me/ratings', json: { ...title, rating } },
        isJson((body) => body.rating === rating, 'the rating was not saved'));
    }
    await think(options, 'signedIn', random);
  }
  client.close();
}

/** A steady TRAFFIC.signInsPerMinute, each from a new browser (address, no cookies) with a different account. */
async function signIns(options: TrafficOptions, addresses: AddressPool, random: Random): Promise<void> {
  const { fixtures, recorder, origin } = options;
  const interval = 60_000 / TRAFFIC.signInsPerMinute;
  // The signed-in clients keep their own users; the sign-ins take turns through the rest.
  const accounts = fixtures.signIn.accounts.slice(TRAFFIC.signedInClients);
  for (let n = 0; ; n++) {
    await waitInRun(options, options.startedAt + interval * (n + 0.5) - performance.now());
    if (!running(options)) return;
    const account = accounts[n % accounts.length]!;
    const browser = new SoakClient(origin, addresses.take(), recorder, (items) => random.pick(items));
    try {
      const csrf = await browser.send('sign-in', { path: `${AUTH_BASE_PATH}/csrf` }, isJson((body) => typeof body.csrfToken === 'string', 'no CSRF token'));
      const csrfCookie = csrf && cookieNamed(csrf, 'csrf-token');
      if (!csrf || !csrfCookie) continue;
      browser.cookie = csrfCookie;
      const { csrfToken } = JSON.parse(csrf.text()) as { csrfToken: string };
      const signedIn = await browser.send('sign-in', {
        method: 'POST', path: `${AUTH_BASE_PATH}/callback/credentials`, headers: { 'x-auth-return-redirect': '1' },
        form: { ...account, csrfToken, callbackUrl: '/' },
      }, (answer) => {
        // Auth.js answers { url } and names a refusal in it.
        const { url } = JSON.parse(answer.text()) as { url?: string };
        if (!url || url.includes('error=')) return `sign-in refused (${url ?? 'no url'})`;
        return cookieNamed(answer, 'session-token') ? null : 'no session cookie';
      });
      const session = signedIn && cookieNamed(signedIn, 'session-token');
      if (!session) continue;
      browser.cookie = session;
      await browser.send('sign-in', { path: '/api/me' }, isJson((body) => body.user?.email === account.email, 'not signed in'));
    } finally {
      browser.close();
    }
  }
}

/** `name=value` of the Set-Cookie whose name contains `part`, or ''. */
function cookieNamed(answer: Answer, part: string): string {
  const cookies = answer.headers['set-cookie'] ?? [];
  return cookies.map((cookie) => cookie.split(';')[0]!).find((pair) => pair.split('=')[0]!.includes(part) && !pair.endsWith('=')) ?? '';
}

interface RebuildStatus { status: string; startedAt: string | null; finishedAt: string | null; error: string | null; reason: string | null }
interface ImportJobAnswer { id: number; status: string; processed: number; skipped: unknown[]; error: string | null }

/**
 * The admin: polls the rebuild status all along (as the open dashboard does) and notes its changes, starts the
 * bulk import and follows it until done, and requests the rebuilds. The outcomes of the import and the rebuilds are
 * read from the database once they are over (run.ts).
 */
async function admin(options: TrafficOptions, address: string): Promise<void> {
  const { fixtures, recorder, origin } = options;
  const client = new SoakClient(origin, address, recorder, (items) => items[0]!);
  client.cookie = fixtures.adminCookie;
  const duration = options.endsAt - options.startedAt;
  const at = (share: number) => options.startedAt + share * duration;
  const plan = [
    { at: at(TRAFFIC.importAt), action: 'import' as const },
    ...TRAFFIC.rebuildsAt.map((share) => ({ at: at(share), action: 'rebuild' as const })),
  ];
  let importJob: number | null = null;
  let lastStatus = '';
  let nextPoll = performance.now();
  while (running(options)) {
    while (plan[0] && plan[0].at <= performance.now()) {
      const entry = plan.shift()!;
      if (entry.action === 'import') {
        const started = await client.send('admin', { method: 'POST', path: '/api/admin/import/movies', json: { page: 1, endPage: TRAFFIC.importPages } },
          (answer) => (answer.status === 202 ? null : `answered ${answer.status}, not 202`));
        if (started) {
          importJob = (JSON.parse(started.text()) as ImportJobAnswer).id;
          options.note(`bulk import started (job ${importJob}: popular movies, pages 1-${TRAFFIC.importPages})`);
        }
      } else {
        const requested = await client.send('admin', { method: 'POST', path: '/api/admin/rebuild', json: {} },
          (answer) => (answer.status === 202 ? null : `answered ${answer.status}, not 202`));
        if (requested) options.note(`rebuild requested from the dashboard (status then: ${(JSON.parse(requested.text()) as RebuildStatus).status})`);
      }
    }
    if (performance.now() >= nextPoll) {
      nextPoll += TRAFFIC.dashboardPollMs;
      const status = await client.send('admin', { path: '/api/admin/rebuild' }, isJson((body) => typeof body.status === 'string', 'no rebuild status'));
      if (status) {
        const state = JSON.parse(status.text()) as RebuildStatus;
        const summary = `${state.status}${state.reason ? ` (${state.reason})` : ''}`;
        if (summary !== lastStatus) options.note(`rebuild status: ${summary}${state.error ? `: ${state.error}` : ''}`);
        lastStatus = summary;
      }
      if (importJob !== null) {
        const job = await client.send('admin', { path: `/api/admin/import/jobs/${importJob}` }, isJson((body) => typeof body.status === 'string', 'no job'));
        const state = job && (JSON.parse(job.text()) as ImportJobAnswer);
        if (state && (state.status === 'done' || state.status === 'failed')) {
          options.note(`bulk import ${state.status}: ${state.processed} titles processed, ${state.skipped.length} skipped${state.error ? `, ${state.error}` : ''}`);
          // A failed import counts as an error once it is over (run.ts reads the outcome from the database).
          if (state.status === 'done') {
            const pages = await options.importedPages();
            fixtures.titlePages.push(...pages);
            options.note(`static clients now also visit the ${pages.length} imported titles`);
          }
          importJob = null;
        }
      }
    }
    await waitInRun(options, 1_000);
  }
  if (plan.length > 0) options.note(`not reached before the end: ${plan.map((entry) => entry.action).join(', ')}`);
  client.close();
}
