/**
 * The script of WhereToWatch.astro, started by ../layout/page-scripts.ts: the region picker, the viewer's own
 * region (their profile's or this browser's) and the marks on their services. Plain DOM, no React: title pages ship
 * no framework before an interaction (tests/e2e/byte-budget.spec.ts). It redraws the offers the way the component
 * draws them.
 */
import { imageUrl } from '../../lib/catalog/client/images.ts';
import type { ContentType } from '../../lib/titles/client/content-types.ts';
import { call } from '../../lib/http/api-client.ts';
import { nowhereMessage, type TitleWatchOffers } from '../../lib/watch/client/offers.ts';
import { loadRegionList, loadWatchChoice, saveWatchChoice } from '../../lib/watch/client/watch-choice.ts';
import { watchRoutes } from '../../lib/watch/routes.ts';

export function startWhereToWatch(): void {
  const section = document.querySelector<HTMLElement>('[data-where-to-watch]');
  const select = section?.querySelector('select');
  const box = section?.querySelector<HTMLElement>('[data-watch-offers]');
  if (!section || !select || !box) return;
  const title = { type: section.dataset.type as ContentType, tmdbId: Number(section.dataset.tmdbId) };
  const defaultRegion = section.dataset.defaultRegion!;
  let services: number[] = [];
  let shown = defaultRegion;

  const show = async (region: string) => {
    if (region === shown) return;
    const offers = await call(watchRoutes.titleProviders, { params: title, query: { region } });
    shown = region;
    drawOffers(section, box, offers);
    markServices(box, services);
  };

  void loadWatchChoice().then(async (choice) => {
    services = choice.services;
    markServices(box, services);
    await show(choice.region);
    if (!select.querySelector(`option[value="${choice.region}"]`)) select.add(new Option(choice.region, choice.region, true, true));
    select.value = choice.region;
  }).catch((error) => console.error('Could not show your region', error));

  void loadRegionList().then(({ regions }) => {
    select.replaceChildren(...regions.map((region) => new Option(region.name, region.code, false, region.code === shown)));
    select.disabled = false;
  }).catch((error) => console.error('Could not list the regions', error));

  select.addEventListener('change', () => {
    const region = select.value;
    void show(region).then(() => saveWatchChoice({ region }))
      .catch((error) => {
        console.error('Could not show that region', error);
        select.value = shown;
      });
  });
}

/** The offers box and the credit's link, as WhereToWatch.astro renders them. */
function drawOffers(section: HTMLElement, box: HTMLElement, watch: TitleWatchOffers): void {
  box.setAttribute('aria-label', `Providers in ${watch.regionName}`);
  if (watch.offers.length === 0) {
    box.replaceChildren(element('p', { class: 'watch-nowhere' }, nowhereMessage(watch.regionName)));
  } else {
    box.replaceChildren(element('ul', { class: 'watch-kinds' }, ...watch.offers.map((offer) => element('li', { class: 'watch-kind' },
      element('span', { class: 'watch-kind-label' }, offer.label),
      element('ul', { class: 'watch-providers' }, ...offer.providers.map((provider) => {
        const logo = imageUrl(provider.logoPath, 'w92');
        return element('li', { 'data-provider-id': String(provider.id), title: provider.name },
          logo ? element('img', { src: logo, alt: provider.name, width: '44', height: '44', loading: 'lazy', decoding: 'async' })
            : element('span', { class: 'watch-provider-name' }, provider.name));
      }))))));
  }
  const link = section.querySelector<HTMLAnchorElement>('[data-watch-link]');
  if (link) {
    link.hidden = !watch.link;
    if (watch.link) link.href = watch.link;
    else link.removeAttribute('href');
    link.textContent = `All options in ${watch.regionName}`;
  }
}

/** Marks the providers that are on the viewer's services (and says so to screen readers). */
function markServices(box: HTMLElement, services: number[]): void {
  for (const item of box.querySelectorAll<HTMLElement>('[data-provider-id]')) {
    const on = services.includes(Number(item.dataset.providerId));
    item.classList.toggle('on-my-service', on);
    item.querySelector('.visually-hidden')?.remove();
    if (on) item.append(element('span', { class: 'visually-hidden' }, 'On your services'));
  }
}

function element(tag: string, attributes: Record<string, string>, ...children: (Node | string)[]): HTMLElement {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}
