/**
 * Image URLs. TMDB paths ('/abc.jpg') go to TMDB's image host in the requested size; the demo catalogue's
 * generated artwork ('/art/...') is served by the site itself and has one size.
 */
export const TMDB_IMAGE_BASE = 'https://image.tmdb.org/t/p';

export type ImageSize = 'w92' | 'w185' | 'w200' | 'w300' | 'w342' | 'w500' | 'w780' | 'w1280' | 'original';

/** How an image is drawn: its path, the size `src` names, the widths its srcset offers and the `sizes` that picks one. */
export interface ImageSource {
  path: string | null | undefined;
  size: ImageSize;
  srcsetSizes?: ImageSize[];
  sizes?: string;
}

/** A backdrop across the page's width (the home hero, title, list and franchise pages). */
export function backdropSource(path: string | null | undefined): ImageSource {
  return { path, size: 'w1280', srcsetSizes: ['w780', 'w1280'], sizes: '100vw' };
}

export function isLocalArtwork(path: string): boolean {
  return path.startsWith('/art/');
}

export function imageUrl(path: string | null | undefined, size: ImageSize): string | null {
  if (!path) return null;
  return isLocalArtwork(path) ? path : `${TMDB_IMAGE_BASE}/${size}${path}`;
}

/**
 * A srcset over the given widths, or undefined for local artwork (vector, one file fits all) and when no width is
 * given (an empty srcset attribute is invalid HTML).
 */
export function imageSrcSet(path: string | null | undefined, sizes: ImageSize[]): string | undefined {
  if (!path || isLocalArtwork(path)) return undefined;
  const candidates = sizes.filter((s) => s !== 'original').map((s) => `${TMDB_IMAGE_BASE}/${s}${path} ${s.slice(1)}w`);
  return candidates.length > 0 ? candidates.join(', ') : undefined;
}
