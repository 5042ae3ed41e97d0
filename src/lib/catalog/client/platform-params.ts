/** Platforms page rules (spec sections 2, 4 and 9). Pure: the platform island runs them too. */
import type { ContentType } from '../../titles/client/content-types.ts';
import type { BrowsePage } from './browse-params.ts';
import type { TitleCard } from '../../titles/client/cards.ts';
import { slugify } from '../../titles/client/slug.ts';

/** A platform's page holds this many of each kind. */
export const PLATFORM_TITLES_PER_PAGE: Record<ContentType, number> = { movie: 10, tv: 10 };
export const PLATFORM_SKELETONS = 20;

export interface Platform { id: number; name: string; logoPath: string | null }

export interface PlatformPage extends BrowsePage<TitleCard> { platform: Platform }

export function platformEmptyMessage(name: string): string {
  return `No content found for ${name}.`;
}

/** A platform's prerendered page: /platforms/{id}/{slug}, as franchises and categories are addressed. */
export function platformHref(platform: Pick<Platform, 'id' | 'name'>): string {
  return `/platforms/${platform.id}/${slugify(platform.name)}`;
}

/** The platform the URL's ?id asks for (/platforms?id=, kept working), else `shown`: the page's own platform. */
export function selectedPlatformId(params: URLSearchParams, shown: number | null): number | null {
  const id = params.get('id');
  return id !== null && /^\d{1,9}$/.test(id) ? Number(id) : shown;
}
