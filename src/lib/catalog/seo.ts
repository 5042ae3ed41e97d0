/** JSON-LD for title pages (schema.org Movie and BreadcrumbList). */
import { imageUrl } from './images.ts';
import type { MoviePage } from './movie-page.ts';

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
