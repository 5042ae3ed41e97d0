/**
 * Hydrates a `client:interact` island now, for the signed-in user only: islands that show personal state
 * (lists, stars, Continue Watching) stay free for visitors (no React on the wire) yet appear at once for users.
 */
import { resolvedUser } from '../../accounts/client/session-store.ts';
import { HYDRATE_NOW_EVENT } from '../../islands/client/triggers.ts';

/** `container` holds the island (an element around it, or one inside it). */
export function wakeForSignedInUser(container: Element | null | undefined): void {
  const island = container?.closest('astro-island') ?? container?.querySelector('astro-island');
  if (!island) return;
  void resolvedUser().then((user) => {
    if (user) island.dispatchEvent(new Event(HYDRATE_NOW_EVENT));
  });
}
