/**
 * Image URLs. TMDB paths ('/abc.jpg') go to TMDB's image host in the requested size; the demo catalogue's
 * generated artwork ('/art/...') is served by the site itself and has one size.
 */
export const TMDB_IMAGE_BASE = 'https://image.tmdb.org/t/p';

export type ImageSize = 'w92' | 'w185' | 'w200' | 'w300' | 'w342' | 'w500' | 'w780' | 'w1280' | 'original';

export function isLocalArtwork(path: string): boolean {
  return path.startsWith('/art/');
}

export function imageUrl(path: string | null | undefined, size: ImageSize): string | null {
  if (!path) return null;
  return isLocalArtwork(path) ? path : `${TMDB_IMAGE_BASE}/${size}${path}`;
}

/** A srcset over the given widths, or undefined for local artwork (vector, one file fits all). */
export function imageSrcSet(path: string | null | undefined, sizes: ImageSize[]): string | undefined {
  if (!path || isLocalArtwork(path)) return undefined;
  return sizes
    .filter((s) => s !== 'original')
    .map((s) => `${TMDB_IMAGE_BASE}/${s}${path} ${s.slice(1)}w`)
    .join(', ');
}
