/** People list and person page rules (spec sections 2, 4 and 9). Pure: the islands and page scripts run them too. */
import { siteYear } from './site-clock.ts';

export const PEOPLE_PAGE_SIZE = 24;
export const PEOPLE_EMPTY_MESSAGE = 'No people found.';

export type PeopleSort = 'popularity' | 'name';
export const PEOPLE_SORT_OPTIONS: { value: PeopleSort; label: string }[] = [
  { value: 'popularity', label: 'Popularity' },
  { value: 'name', label: 'Sort Alphabetically' },
];

export interface PersonCard {
  id: number;
  name: string;
  slug: string;
  profilePath: string | null;
  department: string | null;
}

export function personHref(person: { slug: string; id: number }): string {
  return `/people/${person.slug}/${person.id}`;
}

/** The spec's age: the current year minus the birth year. */
export function personAge(birthday: string | null, now: Date = new Date()): number | null {
  return birthday ? siteYear(now) - Number(birthday.slice(0, 4)) : null;
}

let birthDates: Intl.DateTimeFormat | undefined;

/** 'January 2, 1970' for a 'YYYY-MM-DD' birthday. One formatter for every call: toLocaleDateString makes one each time. */
export function formatBirthDate(birthday: string): string {
  birthDates ??= new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  return birthDates.format(new Date(`${birthday}T00:00:00Z`));
}

/** A biography's paragraphs (blank lines separate them). */
export function biographyParagraphs(text: string | null): string[] {
  return (text ?? '').split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
}

export const twitterUrl = (id: string | null) => (id ? `https://twitter.com/${encodeURIComponent(id)}` : null);
export const instagramUrl = (id: string | null) => (id ? `https://www.instagram.com/${encodeURIComponent(id)}` : null);

export type KnownForSort = 'popularity' | 'newest' | 'top-rated';
export const KNOWN_FOR_SORT_OPTIONS: { value: KnownForSort; label: string }[] = [
  { value: 'popularity', label: 'Popularity' },
  { value: 'newest', label: 'Newest' },
  { value: 'top-rated', label: 'Top Rated' },
];

/** What Known For sorts on; a credit without a public title has none of it and goes last. */
export interface KnownForKeys { popularity: number | null; date: string | null; rating: number | null }

export function compareKnownFor(sort: KnownForSort, a: KnownForKeys, b: KnownForKeys): number {
  const key = (k: KnownForKeys): number | string | null => (sort === 'popularity' ? k.popularity : sort === 'newest' ? k.date : k.rating);
  const x = key(a);
  const y = key(b);
  if (x === y) return 0;
  if (x === null) return 1;
  if (y === null) return -1;
  return x < y ? 1 : -1;
}
