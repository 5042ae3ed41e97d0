/** The browser's part of the two title kinds (the rest is in ../title-kinds.ts): the order they are listed in, their paths and labels. */
/** Movies first: lists and searches show them before shows. */
export const CONTENT_TYPES = ['movie', 'tv'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export interface ClientTitleKind {
  /** A title page is `${urlPrefix}/${slug}/${tmdbId}`. */
  urlPrefix: string;
  /** The kind's admin endpoints: /api/admin/${adminPath}/… and /api/admin/import/${adminPath}. */
  adminPath: string;
  /** One title, as a heading says it ('Add New Movie'). */
  label: string;
  /** The kind's titles, as a heading says them ('Action Movies'). */
  pluralLabel: string;
  /** The kind's titles inside a sentence ('Search TV shows...'). */
  pluralInText: string;
  /** The kind on a card that mixes both ('TV · 2021 · ★ 8.1'). */
  shortLabel: string;
  /** The kind in the bulk import's messages, as its buttons name it (Import Movies, Import TV). */
  importLabel: string;
  /** What a title's name is called ('Title' of a movie, 'Name' of a show). */
  nameLabel: string;
}

export const CLIENT_TITLE_KINDS = {
  movie: { urlPrefix: '/movie', adminPath: 'movies', label: 'Movie', pluralLabel: 'Movies', pluralInText: 'movies', shortLabel: 'Movie',
    importLabel: 'movies', nameLabel: 'Title' },
  tv: { urlPrefix: '/tv', adminPath: 'tv', label: 'TV Show', pluralLabel: 'TV Shows', pluralInText: 'TV shows', shortLabel: 'TV',
    importLabel: 'TV', nameLabel: 'Name' },
} as const satisfies Record<ContentType, ClientTitleKind>;
