/**
 * The browser's view of the viewer's region and services: a signed-in user's come from their profile
 * (/api/me/watch-preferences) and changes are saved there; a visitor's are kept in this browser (localStorage).
 * Shared by the title page's script, the listings' filter and the profile page.
 *
 *   const choice = await loadWatchChoice();   // { region, services, signedIn }
 *   await saveWatchChoice({ region: 'GB' });
 */
import { atom } from 'nanostores';
import { resolvedUser } from '../../accounts/client/session-store.ts';
import { call } from '../../http/api-client.ts';
import type { RegionList } from '../contract.ts';
import { watchRoutes } from '../routes.ts';
import { REGION_PATTERN } from './regions.ts';
import { MAX_SERVICES } from './services-filter.ts';

export interface WatchChoice {
  region: string;
  /** Provider ids, ascending. */
  services: number[];
  /** Kept with the profile (else in this browser). */
  signedIn: boolean;
}

export const VISITOR_CHOICE_KEY = 'cinecat:watch';

/** null until loaded. */
export const $watchChoice = atom<WatchChoice | null>(null);

let regionList: Promise<RegionList> | undefined;
let loading: Promise<WatchChoice> | undefined;

/** The regions with providers and the site's default region (fetched once a page). */
export function loadRegionList(): Promise<RegionList> {
  regionList ??= call(watchRoutes.regions);
  // A failed load (the network) is tried again by the next caller.
  regionList.catch(() => { regionList = undefined; });
  return regionList;
}

export function loadWatchChoice(): Promise<WatchChoice> {
  loading ??= (async () => {
    const user = await resolvedUser();
    const choice = user
      ? { ...(await call(watchRoutes.preferences)), signedIn: true }
      : { ...visitorChoice((await loadRegionList()).defaultRegion), signedIn: false };
    $watchChoice.set(choice);
    return choice;
  })();
  loading.catch(() => { loading = undefined; });
  return loading;
}

/** Saves a change (the profile's, or this browser's) and answers the choice as saved. */
export async function saveWatchChoice(change: { region?: string; services?: number[] }): Promise<WatchChoice> {
  const current = await loadWatchChoice();
  const choice = current.signedIn
    ? { ...(await call(watchRoutes.savePreferences, { body: change })), signedIn: true }
    : { region: change.region ?? current.region, services: sortedIds(change.services ?? current.services), signedIn: false };
  if (!choice.signedIn) writeVisitorChoice(choice);
  $watchChoice.set({ region: choice.region, services: choice.services, signedIn: choice.signedIn });
  return $watchChoice.get()!;
}

const sortedIds = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** What this browser keeps, checked as any input is: a region code and at most MAX_SERVICES ids, else the default. */
function visitorChoice(defaultRegion: string): Omit<WatchChoice, 'signedIn'> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(VISITOR_CHOICE_KEY) ?? 'null');
    if (stored && typeof stored === 'object') {
      const { region, services } = stored as { region?: unknown; services?: unknown };
      const ids = Array.isArray(services) ? services.filter((id): id is number => Number.isInteger(id) && id > 0).slice(0, MAX_SERVICES) : [];
      return { region: typeof region === 'string' && REGION_PATTERN.test(region) ? region : defaultRegion, services: sortedIds(ids) };
    }
  } catch {
    // Storage refused (privacy mode) or a value this code did not write: the defaults.
  }
  return { region: defaultRegion, services: [] };
}

function writeVisitorChoice(choice: Omit<WatchChoice, 'signedIn'>): void {
  try {
    localStorage.setItem(VISITOR_CHOICE_KEY, JSON.stringify({ region: choice.region, services: choice.services }));
  } catch {
    // Storage refused: the choice lasts as long as the page.
  }
}
