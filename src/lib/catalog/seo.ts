/** JSON-LD for title and person pages (schema.org Movie, TVSeries, Person and BreadcrumbList). */
import { imageUrl } from './images.ts';
import type { MoviePage } from './movie-page.ts';
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

export function movieJsonLd(movie: MoviePage, path: string, site: URL | undefined): object[] {
  const image = imageUrl(movie.posterPath, 'w500');
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Movie',
      name: movie.title,
      url: new URL(path, site).href,
      description: movie.overview ?? undefined,
      image: image ? new URL(image, site).href : undefined,
      datePublished: movie.releaseDate ?? undefined,
      duration: movie.runtime ? `PT${movie.runtime}M` : undefined,
      genre: movie.genres.map((g) => g.name),
      actor: movie.cast.slice(0, 5).map((c) => ({ '@type': 'Person', name: c.name })),
      aggregateRating: movie.voteAverage !== null
        ? { '@type': 'AggregateRating', ratingValue: movie.voteAverage, bestRating: 10, ratingCount: 1 }
        : undefined,
    },
    breadcrumbs(site, [{ name: 'Home', path: '/' }, { name: 'Movies', path: '/movies' }, { name: movie.title, path }]),
  ];
}

export function tvSeriesJsonLd(show: TvPage, path: string, site: URL | undefined): object[] {
  const image = imageUrl(show.posterPath, 'w500');
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'TVSeries',
      name: show.title,
      url: new URL(path, site).href,
      description: show.overview ?? undefined,
      image: image ? new URL(image, site).href : undefined,
      startDate: show.firstAirDate ?? undefined,
      numberOfSeasons: show.numberOfSeasons || undefined,
      genre: show.genres.map((g) => g.name),
      actor: show.cast.slice(0, 5).map((c) => ({ '@type': 'Person', name: c.name })),
      aggregateRating: show.voteAverage !== null
        ? { '@type': 'AggregateRating', ratingValue: show.voteAverage, bestRating: 10, ratingCount: 1 }
        : undefined,
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
