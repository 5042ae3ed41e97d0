/** Platforms page rules (spec sections 2, 4 and 9). Pure: the platform island runs them too. */
import type { BrowsePage } from './browse-params.ts';
import type { TitleCard } from './cards.ts';

export const PLATFORM_MOVIES_PER_PAGE = 10;
export const PLATFORM_SHOWS_PER_PAGE = 10;
export const PLATFORM_SKELETONS = 20;

export interface Platform { id: number; name: string; logoPath: string | null }

export interface PlatformPage extends BrowsePage<TitleCard> { platform: Platform }

export function platformEmptyMessage(name: string): string {
  return `No content found for ${name}.`;
}

/** GET /api/catalog/platform?id=&page= */
export function platformApiUrl(platformId: number, page: number): string {
  return `/api/catalog/platform?${new URLSearchParams({ id: String(platformId), page: String(page) })}`;
}

/** The platform picked by the page URL's ?id, or the first one. */
export function selectedPlatformId(params: URLSearchParams, platforms: Platform[]): number | null {
  const id = params.get('id');
  if (id !== null && /^\d{1,9}$/.test(id)) return Number(id);
  return platforms[0]?.id ?? null;
}
