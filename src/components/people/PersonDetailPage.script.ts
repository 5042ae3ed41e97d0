/**
 * The script of PersonDetailPage.astro, started by ../layout/page-scripts.ts.
 * Built from a name-only row (imported cast): ask the person proxy and show what it knows.
 */
import { fetchActorDetails } from '../../lib/catalog/client/person-details.ts';
import { biographyParagraphs, formatBirthDate, instagramUrl, personAge, twitterUrl } from '../../lib/catalog/client/people-params.ts';

export function startPersonDetails(): void {
  const page = document.querySelector<HTMLElement>('[data-person-details]');
  if (page) void showDetails(page, Number(page.dataset.personDetails));
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, text: string, className?: string) {
  const node = document.createElement(tag);
  node.textContent = text;
  if (className) node.className = className;
  return node;
}

async function showDetails(page: HTMLElement, id: number) {
  const biography = page.querySelector<HTMLElement>('[data-person-biography]')!;
  const heading = biography.querySelector('h2')!;
  const result = await fetchActorDetails(id);
  if ('error' in result) {
    const message = element('p', result.error, 'person-details-error');
    message.setAttribute('role', 'alert');
    return biography.replaceChildren(heading, message);
  }
  const { birthday, placeOfBirth: birthplace, biography: text, externalIds: ids } = result.person;
  // Age and birthplace come first, before the build's 'Known for'.
  const known: HTMLElement[] = [];
  if (birthday) known.push(element('dt', 'Age'), element('dd', `${personAge(birthday)} (born ${formatBirthDate(birthday)})`));
  if (birthplace) known.push(element('dt', 'Birthplace'), element('dd', birthplace));
  page.querySelector<HTMLElement>('[data-person-facts]')!.prepend(...known);
  const links = page.querySelector<HTMLElement>('[data-person-links]')!;
  for (const [label, href] of [['Twitter', twitterUrl(ids.twitterId)], ['Instagram', instagramUrl(ids.instagramId)]] as const) {
    if (!href) continue;
    const item = document.createElement('li');
    item.append(Object.assign(element('a', label, 'chip'), { href, rel: 'noopener noreferrer', target: '_blank' }));
    links.append(item);
    links.hidden = false;
  }
  const paragraphs = biographyParagraphs(text);
  if (paragraphs.length) biography.replaceChildren(heading, ...paragraphs.map((p) => element('p', p)));
}
