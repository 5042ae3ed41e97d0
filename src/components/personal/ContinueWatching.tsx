/** Home's Continue Watching row: unfinished titles, newest first; renders nothing when there are none. */
import { useEffect, useState } from 'react';
import type { ContinueWatchingItem } from '../../lib/history/contract.ts';
import { historyRoutes } from '../../lib/history/routes.ts';
import { call } from '../../lib/http/api-client.ts';
import TitleCardView from '../browse/TitleCardView.tsx';

export default function ContinueWatching() {
  const [items, setItems] = useState<ContinueWatchingItem[]>([]);
  useEffect(() => {
    call(historyRoutes.continueWatching).then((answer) => setItems(answer.items))
      .catch((error: unknown) => console.error('Could not load Continue Watching', error));
  }, []);
  if (!items.length) return null;
  return (
    <section className="title-row" aria-labelledby="row-continue-watching">
      <div className="section-title"><h2 id="row-continue-watching">Continue Watching</h2></div>
      <div className="row-frame">
        <button className="row-arrow prev" type="button" aria-label="Scroll Continue Watching left" data-row-scroll="-1" data-needs-script>‹</button>
        <ul className="row-track" tabIndex={0} aria-label="Continue Watching">
          {items.map((item) => (
            <li key={`${item.card.type}-${item.card.tmdbId}`} className="continue-item">
              <TitleCardView card={item.card} href={item.href} />
              <progress className="continue-progress" max={100} value={item.progress} aria-label={`${Math.round(item.progress)} % watched`} />
              {item.season !== null && item.episode !== null && <span className="title-card-meta">S{item.season} E{item.episode}</span>}
            </li>
          ))}
        </ul>
        <button className="row-arrow next" type="button" aria-label="Scroll Continue Watching right" data-row-scroll="1" data-needs-script>›</button>
      </div>
    </section>
  );
}
