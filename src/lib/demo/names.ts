/**
 * Fictional names and titles built from invented syllables and word lists. People's names always carry an
 * invented surname, so no generated name is a real person's.
 *
 * Titles use only letters, digits and spaces, with every word capitalised except the small words below
 * (unless first): `titleFromSlug(slugify(title)) === title`, which lets artwork show a title from its path alone.
 */
import type { Random } from '../random.ts';

const SMALL_WORDS = new Set(['a', 'an', 'and', 'at', 'for', 'from', 'in', 'into', 'of', 'on', 'the', 'to', 'with']);

const capitalise = (word: string) => (word ? word[0]!.toUpperCase() + word.slice(1) : word);

/** Title-cases lowercase words: capitalised, except small words after the first. */
export function titleCase(words: readonly string[]): string {
  return words.map((w, i) => (i > 0 && SMALL_WORDS.has(w) ? w : capitalise(w))).join(' ');
}

/** The inverse of slugify for generated titles: 'the-last-horizon-2' → 'The Last Horizon 2'. */
export function titleFromSlug(slug: string): string {
  return titleCase(slug.split('-').filter(Boolean));
}

// ---- People -----------------------------------------------------------------------------------------------

const FIRST_A = ['Ma', 'Te', 'Li', 'Ara', 'Ise', 'Ove', 'Sa', 'Ne', 'Ca', 'Eli', 'Yse', 'Vi', 'Ro', 'Ju', 'Ada', 'Mi', 'Ila', 'Fe', 'Ze', 'Lu', 'Ori', 'Bri', 'Sela', 'Tam'];
const FIRST_A_END = ['ren', 'ssa', 'lia', 'nne', 'ra', 'lie', 'na', 'wen', 'rah', 'dra', 'ya', 'ette', 'line', 'sha', 'ria', 'vie', 'mara'];
const FIRST_B = ['Ca', 'Do', 'Bram', 'Ta', 'Jo', 'Ke', 'Lo', 'Ro', 'Ste', 'Ul', 'Vik', 'Wil', 'Ha', 'Ar', 'Ed', 'Fen', 'Gri', 'Os', 'Per', 'Sil', 'Tor', 'Mat', 'Emi'];
const FIRST_B_END = ['rin', 'van', 'mon', 'dric', 'ren', 'ran', 'lo', 'vin', 'tor', 'dan', 'mar', 'nus', 'ric', 'ian', 'ek', 'ro', 'las'];
const FIRST_ACCENTED = ['Éloa', 'Renée', 'Joël', 'Zoë', 'Anaël', 'Inès', 'Søren', 'Björa', 'Maël', 'Lucía', 'Tomás', 'Ingríd'];
const SURNAME_START = ['Voll', 'Ashe', 'Brenn', 'Cald', 'Darr', 'Estr', 'Fenn', 'Gald', 'Harr', 'Ivers', 'Jask', 'Kell', 'Lorr', 'Marr', 'Nyst', 'Orr', 'Pell', 'Quill', 'Rask', 'Sten', 'Torv', 'Ulv', 'Vant', 'Wess', 'Yarr', 'Zor', 'Malv', 'Kast', 'Belv', 'Corv', 'Dresk', 'Hald', 'Morv', 'Tesk'];
const SURNAME_MIDDLE = ['a', 'e', 'i', 'o', '', 'an', 'er', 'en', 'ar', 'el'];
const SURNAME_END = ['ski', 'son', 'ford', 'wyn', 'ova', 'ani', 'ard', 'enko', 'quist', 'ley', 'mont', 'ero', 'etti', 'ahl', 'ez', 'berg', 'ton', 'ic', 'ssen', 'vall', 'ier', 'oux'];

export function firstName(random: Random): string {
  const roll = random.next();
  if (roll < 0.05) return random.pick(FIRST_ACCENTED);
  return roll < 0.52 ? join(random.pick(FIRST_A), random.pick(FIRST_A_END)) : join(random.pick(FIRST_B), random.pick(FIRST_B_END));
}

export function surname(random: Random): string {
  return join(random.pick(SURNAME_START) + random.pick(SURNAME_MIDDLE), random.pick(SURNAME_END));
}

export function personName(random: Random): string {
  return `${firstName(random)} ${surname(random)}`;
}

const CHARACTER_PREFIXES = ['Detective', 'Dr.', 'Captain', 'Officer', 'Young', 'Old', 'Professor', 'Agent', 'Sister', 'Mayor', 'Judge', 'Sergeant'];
const CHARACTER_EXTRAS = ['Narrator', 'Bartender', 'Nurse', 'Taxi Driver', 'Reporter', 'Guard', 'Stranger', 'Radio Host', 'Shopkeeper', 'Pilot'];

/** A character name for a credit; extras (credit order ≥ 6) are sometimes just a role. */
export function characterName(random: Random, creditOrder: number): string {
  if (creditOrder >= 6 && random.chance(0.35)) return random.pick(CHARACTER_EXTRAS);
  const roll = random.next();
  if (roll < 0.15) return `${random.pick(CHARACTER_PREFIXES)} ${surname(random)}`;
  if (roll < 0.4) return firstName(random);
  return `${firstName(random)} ${surname(random)}`;
}

// ---- Places -----------------------------------------------------------------------------------------------

const TOWN_START = ['Vel', 'Quor', 'Bris', 'Ostr', 'Kal', 'Mire', 'Tarn', 'Zell', 'Orv', 'Yarl', 'Lum', 'Sab', 'Hesk', 'Dov', 'Rav', 'Ebb', 'Cind', 'Fal', 'Grel', 'Ist', 'Jor', 'Kess', 'Lir', 'Nol', 'Pell', 'Rusk', 'Sorr', 'Tov', 'Ulm', 'Wyn', 'Elm', 'Arv'];
const TOWN_END = ['mere', 'wick', 'haven', 'moor', 'stead', 'dale', 'holm', 'ridge', 'vale', 'brook', 'crest', 'field', 'port', 'ton', 'by', 'ia', 'ora', 'ence', 'ara', 'ost'];

/** An invented town name, e.g. 'Velmere' (one word, letters only). */
export function townName(random: Random): string {
  return join(random.pick(TOWN_START), random.pick(TOWN_END));
}

/** Joins syllables, dropping a doubled letter at the seam ('Elm' + 'mere' → 'Elmere'). */
function join(start: string, end: string): string {
  return start.at(-1)!.toLowerCase() === end[0] ? start + end.slice(1) : start + end;
}

export const COUNTRIES: readonly (readonly [name: string, code: string, nationality: string, weight: number])[] = [
  ['USA', 'US', 'American', 30], ['United Kingdom', 'GB', 'British', 10], ['Canada', 'CA', 'Canadian', 6],
  ['France', 'FR', 'French', 5], ['Germany', 'DE', 'German', 4], ['Spain', 'ES', 'Spanish', 3], ['Italy', 'IT', 'Italian', 3],
  ['Sweden', 'SE', 'Swedish', 2], ['Norway', 'NO', 'Norwegian', 2], ['Australia', 'AU', 'Australian', 4],
  ['Ireland', 'IE', 'Irish', 2], ['South Korea', 'KR', 'South Korean', 3], ['Japan', 'JP', 'Japanese', 3],
  ['Mexico', 'MX', 'Mexican', 2], ['Brazil', 'BR', 'Brazilian', 2], ['India', 'IN', 'Indian', 3], ['Poland', 'PL', 'Polish', 1],
  ['Netherlands', 'NL', 'Dutch', 1], ['Denmark', 'DK', 'Danish', 1], ['New Zealand', 'NZ', 'New Zealander', 1],
  ['Argentina', 'AR', 'Argentine', 1], ['Iceland', 'IS', 'Icelandic', 1], ['Portugal', 'PT', 'Portuguese', 1],
];

export function country(random: Random): (typeof COUNTRIES)[number] {
  return COUNTRIES[random.weightedIndex(COUNTRIES.map((c) => c[3]))]!;
}

// ---- Titles -----------------------------------------------------------------------------------------------

export const ADJECTIVES = ['last', 'silent', 'broken', 'hidden', 'golden', 'crimson', 'hollow', 'distant', 'burning', 'frozen', 'quiet', 'wild', 'lost', 'endless', 'bitter', 'pale', 'iron', 'velvet', 'midnight', 'final', 'secret', 'fallen', 'forgotten', 'savage', 'electric', 'shattered', 'little', 'open', 'northern', 'southern', 'restless', 'bright', 'dark', 'deep', 'eternal', 'wandering', 'lonely', 'glass', 'paper', 'copper', 'scarlet', 'silver', 'narrow', 'hungry', 'sleeping', 'rising', 'sunken', 'long', 'borrowed', 'crooked'];
export const NOUNS = ['horizon', 'harbor', 'orchard', 'kingdom', 'river', 'garden', 'signal', 'witness', 'letter', 'promise', 'frontier', 'lantern', 'tide', 'storm', 'echo', 'mirror', 'compass', 'voyage', 'season', 'crossing', 'city', 'island', 'station', 'summer', 'winter', 'circle', 'machine', 'archive', 'heart', 'crown', 'shadow', 'road', 'house', 'field', 'border', 'ember', 'harvest', 'lighthouse', 'engine', 'verdict', 'heist', 'country', 'hour', 'dream', 'ghost', 'game', 'line', 'bridge', 'song', 'canyon', 'forest', 'sky', 'fire', 'flood', 'passage', 'pact', 'reckoning', 'descent', 'silence', 'current', 'orbit', 'tower'];
export const PLURALS = ['shadows', 'echoes', 'ashes', 'embers', 'secrets', 'wolves', 'strangers', 'tides', 'rivers', 'ghosts', 'lies', 'stars', 'kings', 'saints', 'thieves', 'days', 'nights', 'bones', 'wings', 'waves', 'lights', 'shores', 'roads', 'fields', 'ruins', 'storms', 'sparrows', 'lanterns'];
const PLACE_NOUNS = ['station', 'bay', 'road', 'heights', 'falls', 'point', 'junction', 'county', 'harbor', 'hill', 'valley', 'crossing'];

type Words = string[];
const withArticle = (noun: string, rest: Words): Words => [/^[aeiou]/.test(noun) ? 'an' : 'a', noun, ...rest];
const lower = (word: string) => word.toLowerCase();

/** Title patterns, each producing lowercase words. */
const MOVIE_PATTERNS: readonly (readonly [(r: Random) => Words, number])[] = [
  [(r) => ['the', r.pick(ADJECTIVES), r.pick(NOUNS)], 14],
  [(r) => [r.pick(PLURALS), 'of', lower(townName(r))], 8],
  [(r) => ['the', r.pick(NOUNS), 'of', lower(townName(r))], 6],
  [(r) => [r.pick(ADJECTIVES), r.pick(PLURALS)], 8],
  [(r) => [lower(townName(r))], 4],
  [(r) => [lower(townName(r)), r.pick(PLACE_NOUNS)], 5],
  [(r) => ['beyond', 'the', r.pick(NOUNS)], 3],
  [(r) => ['under', 'the', r.pick(ADJECTIVES), 'sky'], 2],
  [(r) => ['after', 'the', r.pick(NOUNS)], 3],
  [(r) => ['return', 'to', lower(townName(r))], 2],
  [(r) => ['escape', 'from', lower(townName(r))], 2],
  [(r) => ['into', 'the', r.pick(ADJECTIVES), r.pick(NOUNS)], 3],
  [(r) => ['where', 'the', r.pick(PLURALS), 'go'], 2],
  [(r) => withArticle(r.pick(NOUNS), ['in', lower(townName(r))]), 3],
  [(r) => [r.pick(NOUNS), 'and', r.pick(NOUNS)], 4],
  [(r) => ['the', r.pick(PLURALS)], 3],
  [(r) => ['the', r.pick(NOUNS)], 3],
  [(r) => [r.pick(ADJECTIVES), r.pick(NOUNS)], 8],
  [(r) => [r.pick(NOUNS)], 2],
];

const SHOW_PATTERNS: readonly (readonly [(r: Random) => Words, number])[] = [
  [(r) => [lower(townName(r))], 5],
  [(r) => [lower(townName(r)), r.pick(PLACE_NOUNS)], 6],
  [(r) => ['the', r.pick(NOUNS)], 4],
  [(r) => ['the', r.pick(ADJECTIVES), 'hours'], 1],
  [(r) => ['tales', 'of', lower(townName(r))], 2],
  [(r) => ['house', 'of', r.pick(PLURALS)], 2],
  [(r) => ['life', 'in', lower(townName(r))], 2],
  [(r) => ['the', r.pick(ADJECTIVES), r.pick(NOUNS)], 6],
  [(r) => [r.pick(ADJECTIVES), r.pick(PLURALS)], 4],
  [(r) => ['the', lower(townName(r)), 'files'], 2],
  [(r) => [r.pick(PLURALS), 'of', lower(townName(r))], 3],
];

function fromPatterns(random: Random, patterns: typeof MOVIE_PATTERNS): string {
  return titleCase(patterns[random.weightedIndex(patterns.map((p) => p[1]))]![0](random));
}

/** A unique title (registered in `taken`); after many collisions a town name is appended. */
function uniqueTitle(random: Random, patterns: typeof MOVIE_PATTERNS, taken: Set<string>): string {
  for (let attempt = 0; attempt < 30; attempt++) {
    const title = fromPatterns(random, patterns);
    if (!taken.has(title)) {
      taken.add(title);
      return title;
    }
  }
  for (;;) {
    const title = `${fromPatterns(random, patterns)} ${townName(random)}`;
    if (!taken.has(title)) {
      taken.add(title);
      return title;
    }
  }
}

export const movieTitle = (random: Random, taken: Set<string>) => uniqueTitle(random, MOVIE_PATTERNS, taken);
export const showName = (random: Random, taken: Set<string>) => uniqueTitle(random, SHOW_PATTERNS, taken);

export function episodeTitle(random: Random): string {
  const roll = random.next();
  if (roll < 0.3) return titleCase(['the', random.pick(ADJECTIVES), random.pick(NOUNS)]);
  if (roll < 0.45) return titleCase([random.pick(PLURALS)]);
  if (roll < 0.6) return titleCase([random.pick(NOUNS), 'and', random.pick(NOUNS)]);
  if (roll < 0.75) return titleCase([random.pick(NOUNS), 'of', lower(townName(random))]);
  if (roll < 0.88) return titleCase([random.pick(ADJECTIVES), random.pick(NOUNS)]);
  return titleCase(['the', random.pick(NOUNS)]);
}

export const SPECIAL_TITLES = ['Behind the Scenes', 'The Holiday Special', 'A Look Back', 'The Cast Reunion', 'Origins', 'The Making of the Season', 'Deleted Scenes', 'Prequel'];

// ---- Companies and platforms ---------------------------------------------------------------------------------

const COMPANY_START = ['Silver', 'North', 'Blue', 'Iron', 'Copper', 'Red', 'Stone', 'Lantern', 'Harbor', 'Moon', 'Glass', 'Amber', 'Cedar', 'Falcon', 'Thistle', 'Kestrel', 'Oak', 'Wolf', 'Ember', 'Pale'];
const COMPANY_END = ['line', 'gate', 'fen', 'bark', 'leaf', 'ridge', 'light', 'field', 'water', 'crest', 'stone', 'hollow'];
const COMPANY_KIND = ['Pictures', 'Studios', 'Films', 'Entertainment', 'Media', 'Productions'];

/** `count` distinct fictional production companies. */
export function companyNames(random: Random, count: number): string[] {
  const names = new Set<string>();
  while (names.size < count) {
    const end = random.pick(COMPANY_END);
    names.add(`${random.pick(COMPANY_START)}${end} ${random.pick(COMPANY_KIND)}`);
  }
  return [...names];
}

/** Fictional streaming services (ids 9001 and up, in this order). */
export const PLATFORM_NAMES = ['Lumora', 'Vistaplay', 'Orbitview', 'Cinevault', 'Harborstream', 'Nightjar TV', 'Reelmoor', 'Kestrelplay', 'Moonframe', 'Tidewave', 'Quillvision', 'Emberbox'];
/** Fictional stores that rent and sell titles (ids after the services'). */
export const STORE_NAMES = ['Reelmart', 'Frameshop'];
