/** People and the cast lists of movies and shows. Every person gets a credit when there are enough roles. */
import { slugify } from '../titles/client/slug.ts';
import { art, artKey, DAY_MS, IDS, isoDate, type Row } from './context.ts';
import { characterName, country, personName, townName, type COUNTRIES } from './names.ts';
import { WeightedPicker, type Random } from '../random.ts';
import { biography } from './text.ts';

export interface PeopleBuild {
  people: Row<'people'>[];
  movieCredits: Row<'movie_credits'>[];
  showCredits: Row<'tv_show_credits'>[];
}

export interface CastTarget {
  id: number;
  title: string;
  /** Release or first-air date; cast members are born well before it. */
  date: string | null;
}

const DEPARTMENTS = [['Acting', 82], ['Directing', 9], ['Writing', 6], ['Production', 3]] as const;

interface PersonDraft {
  name: string;
  department: string;
  popularity: number;
  /** Age in days at `now`, or null for an unknown birthday. */
  ageDays: number | null;
  /** Earliest credit date in ms. */
  firstCredit: number;
  town: string;
  country: (typeof COUNTRIES)[number];
  knownFor: string[];
}

export function buildPeople(random: Random, count: number, now: Date, movies: CastTarget[], shows: CastTarget[]): PeopleBuild {
  const nowMs = now.getTime();
  const names = new Set<string>();
  const drafts: PersonDraft[] = [];
  for (let i = 0; i < count; i++) {
    let name = personName(random);
    while (names.has(name)) name = personName(random);
    names.add(name);
    drafts.push({
      name,
      department: random.weighted(DEPARTMENTS),
      popularity: Math.round(random.skewed(0.6, 120, 4) * 1000) / 1000,
      ageDays: random.chance(0.88) ? random.int(16 * 365, 88 * 365) : null,
      firstCredit: nowMs,
      town: townName(random),
      country: country(random),
      knownFor: [],
    });
  }

  const picker = new WeightedPicker(drafts.map((p) => p.popularity * (p.department === 'Acting' ? 1 : 0.08)));
  const unassigned = random.shuffle(Array.from({ length: count }, (_, i) => i));

  /** 6–12 (movies) or 5–10 (shows) people: leads by popularity, supporting roles from people without a credit yet. */
  const castList = ({ title, date }: CastTarget, size: number) => {
    const dateMs = date ? Date.parse(date) : nowMs;
    const chosen: number[] = [];
    const has = new Set<number>();
    for (let order = 0; order < Math.min(size, count); order++) {
      let person = order >= 3 ? unassigned.pop() : undefined;
      if (person === undefined || has.has(person)) {
        person = picker.pick(random);
        for (let tries = 0; has.has(person) && tries < 50; tries++) person = picker.pick(random);
        if (has.has(person)) break;
      }
      has.add(person);
      chosen.push(person);
      const draft = drafts[person]!;
      if (draft.knownFor.length < 2 && !draft.knownFor.includes(title)) draft.knownFor.push(title);
      draft.firstCredit = Math.min(draft.firstCredit, dateMs);
    }
    return chosen;
  };

  const movieCredits: Row<'movie_credits'>[] = [];
  for (const movie of movies) {
    castList(movie, random.int(6, 12)).forEach((person, order) =>
      movieCredits.push({ movie_id: movie.id, person_id: IDS.person + person, credit_order: order, character_name: characterName(random, order) }),
    );
  }
  const showCredits: Row<'tv_show_credits'>[] = [];
  for (const show of shows) {
    castList(show, random.int(5, 10)).forEach((person, order) =>
      showCredits.push({ tv_show_id: show.id, person_id: IDS.person + person, credit_order: order, character_name: characterName(random, order) }),
    );
  }

  const people: Row<'people'>[] = drafts.map((p, i) => {
    const id = IDS.person + i;
    const handle = slugify(p.name).replaceAll('-', '');
    // Old enough for their earliest credit: at least 8 years old by then.
    const minAgeDays = Math.floor((nowMs - p.firstCredit) / DAY_MS) + random.int(8, 30) * 365;
    const birthday = p.ageDays === null ? null : isoDate(nowMs - Math.max(p.ageDays, minAgeDays) * DAY_MS);
    return {
      id,
      name: p.name,
      profile_path: random.chance(0.88) ? art.profile(artKey('p', id, p.name)) : null,
      popularity: p.popularity,
      birthday,
      deathday: null,
      place_of_birth: random.chance(0.92) ? `${p.town}, ${p.country[0]}` : null,
      known_for_department: p.department,
      biography: random.chance(0.85)
        ? biography(random, { name: p.name, department: p.department, birthday, town: p.town, countryName: p.country[0], nationality: p.country[2], knownFor: p.knownFor })
        : null,
      twitter_id: random.chance(0.3) ? handle : null,
      instagram_id: random.chance(0.45) ? `${handle}${random.chance(0.4) ? random.int(1, 99) : ''}` : null,
    };
  });
  return { people, movieCredits, showCredits };
}
