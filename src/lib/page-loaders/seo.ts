/** JSON-LD for title and person pages (schema.org Movie, TVSeries, Person and BreadcrumbList). */
import { imageUrl } from '../catalog/client/images.ts';
import type { MoviePage } from './movie-page.ts';
import type { TitlePageBase } from './title-page-parts.ts';
import type { PersonPage } from './person-page.ts';
import type { TvPage } from './tv-page.ts';

export function breadcrumbs(site: URL | undefined, items: { name: string; path: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem', position: index + 1, name: item.name, item: new URL(item.path, site).href,
    })),
  };
}

/** What Movie and TVSeries share: name, page, description, poster, genres, top cast and TMDB's rating. */
function titleSchema(title: TitlePageBase, path: string, site: URL | undefined) {
  const image = imageUrl(title.posterPath, 'w500');
  return {
    '@context': 'https://schema.org',
    name: title.title,
    url: new URL(path, site).href,
    description: title.overview ?? undefined,
    image: image ? new URL(image, site).href : undefined,
    genre: title.genres.map((g) => g.name),
    actor: title.cast.slice(0, 5).map((c) => ({ '@type': 'Person', name: c.name })),
    aggregateRating: title.voteAverage !== null && title.voteCount > 0
      ? { '@type': 'AggregateRating', ratingValue: title.voteAverage, bestRating: 10, worstRating: 0, ratingCount: title.voteCount }
      : undefined,
  };
}

export function movieJsonLd(movie: MoviePage, path: string, site: URL | undefined): object[] {
  return [
    {
      ...titleSchema(movie, path, site),
      '@type': 'Movie',
      datePublished: movie.releaseDate ?? undefined,
      duration: movie.runtime ? `PT${movie.runtime}M` : undefined,
    },
    breadcrumbs(site, [{ name: 'Home', path: '/' }, { name: 'Movies', path: '/movies' }, { name: movie.title, path }]),
  ];
}

export function tvSeriesJsonLd(show: TvPage, path: string, site: URL | undefined): object[] {
  return [
    {
      ...titleSchema(show, path, site),
      '@type': 'TVSeries',
      startDate: show.firstAirDate ?? undefined,
      numberOfSeasons: show.numberOfSeasons || undefined,
    },
    breadcrumbs(site, [{ name: 'Home', path: '/' }, { name: 'TV Shows', path: '/tv-shows' }, { name: show.title, path }]),
  ];
}

export function personJsonLd(person: PersonPage, path: string, site: URL | undefined): object[] {
  const image = imageUrl(person.profilePath, 'w500');
  const sameAs = [person.twitterUrl, person.instagramUrl].filter((url): url is string => url !== null);
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: person.name,
      url: new URL(path, site).href,
      image: image ? new URL(image, site).href : undefined,
      birthDate: person.birthday ?? undefined,
      birthPlace: person.placeOfBirth ?? undefined,
      jobTitle: person.department ?? undefined,
      description: person.biography ?? undefined,
      sameAs: sameAs.length ? sameAs : undefined,
    },
    breadcrumbs(site, [{ name: 'Home', path: '/' }, { name: 'People', path: '/people' }, { name: person.name, path }]),
  ];
}
