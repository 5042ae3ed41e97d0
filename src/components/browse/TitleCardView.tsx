/** The React twin of catalog/TitleCard.astro (same markup and classes) for islands that render cards. */
import { formatRating, titleHref, type TitleCard } from '../../lib/catalog/client/cards.ts';
import { imageSrcSet, imageUrl } from '../../lib/catalog/client/images.ts';

/** `href` overrides the title page link (Continue Watching resumes on an episode). */
export default function TitleCardView({ card, showType = false, href }: { card: TitleCard; showType?: boolean; href?: string }) {
  const src = imageUrl(card.posterPath, 'w300');
  const alt = `${card.title} poster`;
  return (
    <a className="title-card" href={href ?? titleHref(card)}>
      {src
        ? <img className="artwork" src={src} srcSet={imageSrcSet(card.posterPath, ['w200', 'w300', 'w500'])}
            sizes="(max-width: 600px) 40vw, 200px" alt={alt} loading="lazy" decoding="async" width={300} height={450} />
        : <div className="artwork artwork-missing" role="img" aria-label={alt}><span>No Image</span></div>}
      <span className="title-card-name">{card.title}</span>
      <span className="title-card-meta">
        {showType && `${card.type === 'movie' ? 'Movie' : 'TV'} · `}{card.year ?? '—'} · ★ {formatRating(card.voteAverage)}
      </span>
    </a>
  );
}
