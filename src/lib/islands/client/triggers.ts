/**
 * Islands hydrated by `client:interact` with `triggers` (../interact-directive.ts) answer clicks on elements outside
 * their markup through a document listener, which exists only once React has run their effects; hydration runs in a
 * transition, so that can be several tasks after the directive's `hydrate()` has returned. Such an island dispatches
 * this event (bubbling, from inside its markup) once it listens, and the directive replays a held trigger click then.
 */
export const TRIGGERS_READY_EVENT = 'cinecat:triggers-ready';

/**
 * Dispatched on an island's `<astro-island>` element, hydrates it now: how a page script shows a signed-in user their
 * own state at once (src/lib/personal/client/wake-island.ts) in an island that waits for an interaction otherwise.
 */
export const HYDRATE_NOW_EVENT = 'cinecat:hydrate-now';
