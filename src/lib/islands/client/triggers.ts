/**
 * Islands hydrated by `client:interact` with `triggers` (../interact-directive.ts) answer clicks on elements outside
 * their markup through a document listener, which exists only once React has run their effects; hydration runs in a
 * transition, so that can be several tasks after the directive's `hydrate()` has returned. Such an island dispatches
 * this event (bubbling, from inside its markup) once it listens, and the directive replays a held trigger click then.
 */
export const TRIGGERS_READY_EVENT = 'cinecat:triggers-ready';
