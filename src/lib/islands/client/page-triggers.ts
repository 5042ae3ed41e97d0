/**
 * Clicks on elements outside the island that ask it for something (the title page's Play and Trailer buttons, the TV
 * page's quick-action Wishlist): a document listener, announced to `client:interact` once set, so that the click that
 * hydrated the island is replayed to it (./triggers.ts). `onTrigger` answers whether it took the click (then the
 * link's own jump is cancelled). Apart from ./triggers.ts, which the directive bundles: this one brings React.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { TRIGGERS_READY_EVENT } from './triggers.ts';

export function usePageTriggers(island: RefObject<HTMLElement | null>, selector: string | null, onTrigger: (trigger: HTMLElement) => boolean): void {
  const latest = useRef(onTrigger);
  useEffect(() => {
    latest.current = onTrigger;
  });
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const trigger = selector ? (event.target as Element).closest<HTMLElement>(selector) : null;
      if (trigger && latest.current(trigger)) event.preventDefault();
    };
    if (selector) document.addEventListener('click', onClick);
    island.current?.dispatchEvent(new Event(TRIGGERS_READY_EVENT, { bubbles: true }));
    return () => document.removeEventListener('click', onClick);
  }, [island, selector]);
}
