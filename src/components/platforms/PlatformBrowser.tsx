/**
 * The platforms island: a horizontal logo picker (the selected platform highlighted) over an infinite-scroll
 * grid of the platform's titles, 20 a page. Each platform's page (/platforms/{id}/{slug}) is prerendered with its
 * first page; later pages come from the API. Picking a platform restarts at page 1 and replaces the URL with the
 * platform's own (spec section 4). The picker is a GET form of /platforms?id= buttons, so a pick made before
 * hydration still lands on that platform (platforms.astro sends ?id= on to the platform's page). "Only on my
 * services" keeps the platform's titles on the viewer's services (?on=&region= in the URL, OnlyMyServices.tsx).
 */
import { useCallback, useEffect, useState } from 'react';
import { imageUrl } from '../../lib/catalog/client/images.ts';
import {
  PLATFORM_SKELETONS, platformEmptyMessage, platformHref, selectedPlatformId, type Platform, type PlatformPage,
} from '../../lib/catalog/client/platform-params.ts';
import { catalogRoutes } from '../../lib/catalog/routes.ts';
import TitleCardView from '../browse/TitleCardView.tsx';
import { useInfinitePages } from '../catalog/useInfinitePages.ts';
import OnlyMyServices from '../watch/OnlyMyServices.tsx';
import { parseServicesFilter, servicesQuery, writeServicesFilter, type ServicesFilter } from '../../lib/watch/client/services-filter.ts';

interface Props { platforms: Platform[]; initial: PlatformPage | null }

export default function PlatformBrowser({ platforms, initial }: Props) {
  const shownId = initial?.platform.id ?? platforms[0]?.id ?? null;
  const [platformId, setPlatformId] = useState<number | null>(shownId);
  const [urlRead, setUrlRead] = useState(false);
  const [services, setServices] = useState<ServicesFilter | null>(null);
  useEffect(() => {
    // A pick made between hydration and this effect has replaced the URL already: it wins over the URL's platform.
    setPlatformId((current) => (current === shownId ? selectedPlatformId(new URLSearchParams(window.location.search), shownId) : current));
    setServices(parseServicesFilter(new URLSearchParams(window.location.search)));
    setUrlRead(true);
  }, [shownId]);
  // Rendered for the URL's platform now: show the browser the page's inline script hid (platforms.astro).
  useEffect(() => {
    if (urlRead) document.documentElement.classList.remove('platform-pending');
  }, [urlRead]);

  const queryOf = useCallback((page: number) => ({ id: platformId ?? 0, page, ...servicesQuery(services) }), [platformId, services]);
  const listKey = `${platformId} ${JSON.stringify(services)}`;
  // The prerendered first page is the unfiltered one.
  const { pages, loading, failed, sentinel } = useInfinitePages(
    catalogRoutes.platform, listKey, queryOf, initial ? { key: `${initial.platform.id} null`, page: initial } : null,
  );
  const items = pages.flatMap((page) => page.items);
  const platform = pages[0]?.platform ?? platforms.find((p) => p.id === platformId);

  /** The platform's own URL with the services filter, replacing this one (spec: a platform change replaces the URL). */
  const replaceUrl = (path: string, filter: ServicesFilter | null) => {
    const params = new URLSearchParams();
    writeServicesFilter(params, filter);
    history.replaceState(null, '', `${path}${params.size ? `?${params}` : ''}`);
  };
  const pick = (picked: Platform) => {
    if (picked.id === platformId) return;
    setPlatformId(picked.id);
    replaceUrl(platformHref(picked), services);
  };
  const filterBy = (filter: ServicesFilter | null) => {
    setServices(filter);
    if (platform) replaceUrl(platformHref(platform), filter);
  };

  return (
    <div className="platform-browser">
      <form method="get" action="/platforms">
        <ul className="platform-picker" aria-label="Platforms">
          {platforms.map((p) => {
            const logo = imageUrl(p.logoPath, 'w92');
            return (
              <li key={p.id}>
                <button type="submit" name="id" value={p.id} aria-pressed={p.id === platformId} title={p.name}
                  onClick={(event) => { event.preventDefault(); pick(p); }}>
                  {logo ? <img src={logo} alt="" width={64} height={64} loading="lazy" /> : <span className="platform-initial" aria-hidden="true">{p.name[0]}</span>}
                  <span className="platform-name">{p.name}</span>
                </button>
              </li>
            );
          })}
        </ul>
      </form>
      {platform && <h2 className="platform-heading">{platform.name}</h2>}
      <OnlyMyServices filter={services} onChange={filterBy} />
      {platformId !== null && (failed || (!loading && items.length === 0)) ? (
        <p className="browse-empty">{platformEmptyMessage(platform?.name ?? 'this platform')}</p>
      ) : (
        <ul className="title-grid" aria-label={platform ? `${platform.name} titles` : 'Titles'} aria-busy={loading}>
          {items.map((card) => <li key={`${card.type}-${card.tmdbId}`}><TitleCardView card={card} showType /></li>)}
          {loading && Array.from({ length: PLATFORM_SKELETONS }, (_, i) => <li key={`skeleton-${i}`} className="skeleton-card" />)}
        </ul>
      )}
      <div ref={sentinel as React.RefObject<HTMLDivElement>} className="infinite-sentinel" aria-hidden="true" />
    </div>
  );
}
