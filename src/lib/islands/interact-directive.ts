/**
 * `client:interact`: hydrate an island on the visitor's first interaction with it (pointer over or down,
 * touch, focus, key, or a value changed in one of its controls). Keeps React off the wire until it is needed, which is what lets title pages stay
 * inside their JavaScript budget. A click that arrives before hydration finishes is replayed afterwards.
 *
 * Options (`client:interact={{ ... }}`) for islands that answer more than their own markup:
 * - `triggers`: a selector for elements elsewhere on the page the island acts on (the title pages' Play and
 *   Trailer buttons): interacting with them hydrates the island too, and their clicks are held until the island
 *   says it listens for them (./client/triggers.ts), which is some tasks after hydration, then replayed;
 * - `eagerWithQuery`: hydrate at once when the page URL has one of these query parameters (a link asking the
 *   island for something else than its markup on arrival: ?season=&episode= starting an episode, ?page=2 of a list).
 * A page script hydrates an island at once with HYDRATE_NOW_EVENT (./client/triggers.ts).
 */
import type { ClientDirective } from 'astro';
import { HYDRATE_NOW_EVENT, TRIGGERS_READY_EVENT } from './client/triggers.ts';

export interface InteractOptions {
  triggers?: string;
  eagerWithQuery?: string[];
}

const TRIGGERS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'input', 'change'] as const;

const interact: ClientDirective = (load, options, el) => {
  const { triggers, eagerWithQuery } = (options.value ?? {}) as InteractOptions;
  const owns = (target: EventTarget | null): target is Element =>
    target instanceof Element && (el.contains(target) || (triggers !== undefined && target.closest(triggers) !== null));
  let pendingClick: HTMLElement | null = null;
  let started = false;
  // React takes the island's own clicks once hydrate() returns; a trigger's, only once the island's effect listens.
  let hydrated = false;
  let listening = false;
  const holdClick = (event: Event) => {
    if (!owns(event.target) || (el.contains(event.target) ? hydrated : listening)) return;
    event.preventDefault();
    event.stopPropagation();
    pendingClick = event.target as HTMLElement;
  };
  const onTrigger = (event: Event) => {
    if (owns(event.target)) void start();
  };
  const start = async () => {
    if (started) return;
    started = true;
    for (const type of TRIGGERS) document.removeEventListener(type, onTrigger, true);
    // Listening before hydration starts: the island may announce itself within it.
    const ready = triggers === undefined ? Promise.resolve() : new Promise((resolve) => el.addEventListener(TRIGGERS_READY_EVENT, resolve, { once: true }));
    const hydrate = await load();
    await hydrate();
    hydrated = true;
    const inside = pendingClick?.isConnected && el.contains(pendingClick) ? pendingClick : null;
    // React re-renders the same markup: click the element now at the same place.
    if (inside) requestAnimationFrame(() => inside.click());
    await ready;
    listening = true;
    document.removeEventListener('click', holdClick, true);
    // The last trigger clicked while the island could not hear it (a click inside is replayed above).
    const outside = pendingClick?.isConnected && !el.contains(pendingClick) ? pendingClick : null;
    outside?.click();
  };
  document.addEventListener('click', holdClick, true);
  for (const type of TRIGGERS) document.addEventListener(type, onTrigger, { capture: true, passive: true });
  el.addEventListener(HYDRATE_NOW_EVENT, () => void start(), { once: true });
  const query = new URLSearchParams(window.location.search);
  if (eagerWithQuery?.some((name) => query.has(name))) void start();
};

export default interact;
