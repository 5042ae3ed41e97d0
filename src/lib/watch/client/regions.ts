/**
 * The regions watch providers are kept for: ISO 3166-1 alpha-2 codes, the keys of TMDB's `watch/providers` answer.
 * The codes come from country-list (the standard's 249 assigned codes); their names from the runtime's own CLDR data
 * (Intl.DisplayNames), which says "United Kingdom" where the standard says "United Kingdom of Great Britain and
 * Northern Ireland (the)". Browser-safe, but islands get names from the answers that carry regions instead of
 bundling the list.
 */
import { getCodes } from 'country-list';

const ISO_REGIONS: ReadonlySet<string> = new Set(getCodes());
const displayNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** An assigned ISO 3166-1 alpha-2 code, in capitals ('US', not 'us' or 'ZZ'). */
export function isIsoRegion(code: string): boolean {
  return ISO_REGIONS.has(code);
}

/** The region's English name ('GB' → 'United Kingdom'). */
export function regionName(code: string): string {
  return displayNames.of(code) ?? code;
}

export interface Region { code: string; name: string }

/** Regions by English name. */
export function regionsByName(codes: Iterable<string>): Region[] {
  return [...new Set(codes)].map((code) => ({ code, name: regionName(code) })).sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/** A region code as the API takes it, before the check that it is assigned. */
export const REGION_PATTERN = /^[A-Z]{2}$/;
