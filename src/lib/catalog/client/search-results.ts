/** The shape /api/search answers with; browser-safe (no database imports) so the search island can use it. */
import type { TitleCard } from '../../titles/client/cards.ts';

export interface PersonResult {
  id: number;
  name: string;
  slug: string;
  profilePath: string | null;
  knownForDepartment: string | null;
}

export interface SearchResults {
  titles: TitleCard[];
  people: PersonResult[];
}
