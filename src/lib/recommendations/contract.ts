/** Browser-safe contract of /api/me/recommendations. */
import type { TitleCard } from '../catalog/client/cards.ts';

export interface Recommendation {
  card: TitleCard;
  reason: string;
}
