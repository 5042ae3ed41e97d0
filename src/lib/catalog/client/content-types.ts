/** The browser's part of the two title kinds (the rest is in ../title-kinds.ts): the order they are listed in, and their paths. */
/** Movies first: lists and searches show them before shows. */
export const CONTENT_TYPES = ['movie', 'tv'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export interface TitleKindPaths {
  /** A title page is `${urlPrefix}/${slug}/${tmdbId}`. */
  urlPrefix: string;
  /** The kind's admin endpoints: /api/admin/${adminPath}/… and /api/admin/import/${adminPath}. */
  adminPath: string;
}

export const TITLE_KIND_PATHS = {
  movie: { urlPrefix: '/movie', adminPath: 'movies' },
  tv: { urlPrefix: '/tv', adminPath: 'tv' },
} as const satisfies Record<ContentType, TitleKindPaths>;
