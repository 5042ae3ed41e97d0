/** The React twin of catalog/TitleCard.astro (same markup and classes) for islands that render cards. */
import { formatRating, titleHref, type TitleCard } from '../../lib/titles/client/cards.ts';
import { CLIENT_TITLE_KINDS } from '../../lib/titles/client/content-types.ts';
import ArtworkView from '../catalog/ArtworkView.tsx';

/** `href` overrides the title page link (Continue Watching resumes on an episode). */
export default function TitleCardView({ card, showType = false, href }: { card: TitleCard; showType?: boolean; href?: string }) {
  return (
    <a className="title-card" href={href ?? titleHref(card)}>
      <ArtworkView path={card.posterPath} size="w300" srcSetSizes={['w200', 'w300', 'w500']} sizes="(max-width: 600px) 40vw, 200px"
        alt={`${card.title} poster`} width={300} height={450} />
      <span className="title-card-name">{card.title}</span>
      <span className="title-card-meta">
        {showType && `${CLIENT_TITLE_KINDS[card.type].shortLabel} · `}{card.year ?? '—'} · ★ {formatRating(card.voteAverage)}
      </span>
    </a>
  );
}
