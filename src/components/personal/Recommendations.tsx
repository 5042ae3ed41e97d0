/** /recommendations: a hero of the top pick, then the grid, each title with the reason it was picked. */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { titleHref } from '../../lib/titles/client/cards.ts';
import { imageUrl } from '../../lib/catalog/client/images.ts';
import { $session } from '../../lib/accounts/client/session-store.ts';
import { call } from '../../lib/http/api-client.ts';
import { LOGIN_FOR_RECOMMENDATIONS, NO_RECOMMENDATIONS, RECOMMENDATIONS_FAILED } from '../../lib/personal/client/constants.ts';
import type { Recommendation } from '../../lib/recommendations/contract.ts';
import { recommendationRoutes } from '../../lib/recommendations/routes.ts';
import TitleCardView from '../browse/TitleCardView.tsx';
import SignedOutNotice from './SignedOutNotice.tsx';
import SkeletonGrid from './SkeletonGrid.tsx';

export default function Recommendations() {
  const session = useStore($session);
  const [items, setItems] = useState<Recommendation[] | null>(null);
  const [failed, setFailed] = useState(false);
  const signedIn = session !== 'loading' && session !== null;

  useEffect(() => {
    if (!signedIn) return;
    call(recommendationRoutes.personalized).then((answer) => setItems(answer.items)).catch((error: unknown) => {
      console.error('Could not load recommendations', error);
      setFailed(true);
    });
  }, [signedIn]);

  if (session === null) return <SignedOutNotice message={LOGIN_FOR_RECOMMENDATIONS} />;
  if (failed) return <p className="error-message">{RECOMMENDATIONS_FAILED}</p>;
  if (items === null) return <SkeletonGrid label="recommendations" />;
  if (!items.length) return <p className="browse-empty">{NO_RECOMMENDATIONS}</p>;
  const hero = items.find((item) => item.card.backdropPath) ?? items[0]!;
  const backdrop = imageUrl(hero.card.backdropPath, 'w1280');
  return (
    <>
      <section className="recommendation-hero" aria-label="Top pick" style={backdrop ? { backgroundImage: `url("${backdrop}")` } : undefined}>
        <div className="recommendation-hero-content">
          <h2>{hero.card.title}</h2>
          <p className="recommendation-reason">{hero.reason}</p>
          <a className="btn btn-primary" href={titleHref(hero.card)}>More Info<span className="visually-hidden"> about {hero.card.title}</span></a>
        </div>
      </section>
      <ul className="title-grid" aria-label="Recommended titles">
        {items.map((item) => (
          <li key={`${item.card.type}-${item.card.tmdbId}`}>
            <TitleCardView card={item.card} showType />
            <p className="recommendation-reason">{item.reason}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
