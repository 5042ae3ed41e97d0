/**
 * `client:interact`: hydrate an island on the visitor's first interaction with it (pointer over or down,
 * touch, focus, key). Keeps React off the wire until it is needed, which is what lets title pages stay
 * inside their JavaScript budget. A click that arrives before hydration finishes is replayed afterwards.
 */
import type { ClientDirective } from 'astro';

const TRIGGERS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

const interact: ClientDirective = (load, _options, el) => {
  let pendingClick: HTMLElement | null = null;
  let hydrated = false;
  const holdClick = (event: Event) => {
    if (hydrated) return;
    event.preventDefault();
    event.stopPropagation();
    pendingClick = event.target as HTMLElement;
  };
  const start = async () => {
    for (const type of TRIGGERS) el.removeEventListener(type, start);
    const hydrate = await load();
    await hydrate();
    hydrated = true;
    el.removeEventListener('click', holdClick, true);
    // React re-renders the same markup; click the element now at the same place, if it still exists.
    const target = pendingClick?.isConnected ? pendingClick : null;
    if (target) requestAnimationFrame(() => target.click());
  };
  el.addEventListener('click', holdClick, true);
  for (const type of TRIGGERS) el.addEventListener(type, start, { once: true, passive: true });
};

export default interact;
