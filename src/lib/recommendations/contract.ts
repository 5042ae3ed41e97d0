/** Browser-safe contract of /api/me/recommendations. */
import type { TitleCard } from '../titles/client/cards.ts';

export interface Recommendation {
  card: TitleCard;
  reason: string;
}
