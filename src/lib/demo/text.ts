/** Generated prose: overviews, taglines, episode summaries, biographies and request messages. */
import { firstName, personName, surname, townName, ADJECTIVES, NOUNS, PLURALS } from './names.ts';
import type { ContentType } from '../../../db/schema.ts';
import type { Random } from '../random.ts';

const ROLES = ['a disgraced detective', 'a young pianist', 'a small-town mechanic', 'an ageing smuggler', 'a reluctant heir', 'a marine biologist', 'a night-shift nurse', 'a former boxer', 'a schoolteacher', 'an exiled prince', 'a rookie pilot', 'a grieving widower', 'a charming con artist', 'a museum archivist', 'a teenage inventor', 'a war photographer', 'a park ranger', 'an ambitious chef', 'a retired spy', 'a struggling comedian', 'a lighthouse keeper', 'a tired public defender', 'a runaway bride', 'a ship\'s cook', 'a cartographer'];
const INCIDENTS = ['stumbles onto a secret the town has kept for decades', 'receives a letter from a brother presumed dead', 'is hired to find a missing heiress', 'inherits a crumbling house by the sea', 'discovers a door that should not exist', 'witnesses a crime no one else believes happened', 'agrees to one last job', 'is pulled into a decades-old family feud', 'finds a map hidden inside a library book', 'wakes up with no memory of the previous week', 'crosses paths with a stranger who knows too much', 'answers a radio call from a ship lost years ago', 'loses everything in a single night of cards'];
const OPENERS = ['When a storm strands them in {place}', 'After a quiet life in {place}', 'On the eve of the harvest festival in {place}', 'Months after moving to {place}', 'Fresh out of prison and back in {place}', 'During the coldest winter {place} has seen'];
const COMPLICATIONS = ['old rivalries resurface', 'the lies begin to pile up', 'a second body is found', 'the river keeps rising', 'an unlikely friendship grows', 'the past refuses to stay buried', 'time starts running out', 'the whole town takes sides'];
const GOALS = ['decide whom to trust', 'protect the people closest to them', 'finish what a mentor started', 'uncover the truth', 'find a way home', 'keep a promise made long ago', 'pull off an impossible plan', 'win back a stolen future'];
const DEADLINES = ['the winter tide cuts the island off', 'the last train leaves {place}', 'the festival ends', 'the sun rises', 'the trial begins', 'it is too late to turn back', 'the storm makes landfall'];
const THEMES = ['family', 'loyalty', 'second chances', 'grief and memory', 'ambition', 'friendship', 'the price of power', 'finding home', 'courage', 'forgiveness', 'growing up', 'trust'];

/** How a genre describes itself in the closing line of an overview, by TMDB genre id. */
const GENRE_PHRASES: Record<number, string[]> = {
  28: ['a relentless action ride', 'an explosive action thriller'], 12: ['a sweeping adventure', 'a breathless adventure'],
  16: ['a luminous animated tale', 'a hand-drawn animated fable'], 35: ['a warm-hearted comedy', 'a sharp, funny comedy'],
  80: ['a taut crime drama', 'a gritty crime story'], 18: ['an intimate drama', 'a moving drama'],
  10751: ['a feel-good family film', 'a gentle family story'], 14: ['an enchanting fantasy', 'a dark fairy tale'],
  36: ['a richly detailed period piece', 'a historical epic'], 27: ['a slow-burning horror story', 'a chilling horror tale'],
  10402: ['a foot-tapping musical journey', 'a story told in song'], 9648: ['a twisting mystery', 'a puzzle-box mystery'],
  10749: ['a bittersweet romance', 'a sun-drenched love story'], 878: ['a cerebral science-fiction story', 'a dazzling sci-fi spectacle'],
  10770: ['a cosy television film'], 53: ['a nerve-shredding thriller', 'a tense psychological thriller'],
  10752: ['a harrowing war story'], 37: ['a dusty frontier western', 'a revisionist western'],
  10759: ['a high-stakes action series'], 10762: ['a playful series for young viewers'], 10765: ['a genre-bending sci-fi series'],
  10766: ['a sprawling family saga'], 10768: ['a political drama'], 10763: ['a weekly news magazine'],
  10764: ['an unscripted competition series'], 10767: ['a late-night conversation show'],
};

const capitalise = (s: string) => s[0]!.toUpperCase() + s.slice(1);
const fill = (template: string, random: Random) => template.replaceAll('{place}', () => townName(random));

/** 2–3 sentences for a movie or show, flavoured by its first genre. */
export function overview(random: Random, genreId: number, kind: ContentType): string {
  if (genreId === 99) {
    const subject = random.pick(['the last glassblowers of {place}', 'a season with the fishing fleet of {place}', 'the builders of an impossible bridge', 'a choir that refused to disband', 'the night-shift workers of a busy port', 'the race to save a drowning archive']);
    return `This documentary follows ${fill(subject, random)}. Filmed over ${random.int(2, 9)} years, it is a portrait of ${random.pick(THEMES)} told by the people who lived it.${random.chance(0.5) ? ' Featuring never-before-seen footage.' : ''}`;
  }
  const host = `${firstName(random)} ${surname(random)}`;
  if (genreId === 10767) return `${host} sits down with actors, musicians and the occasional ${random.pick(['astronaut', 'chef', 'magician', 'mayor'])} for unhurried conversation. Each ${kind === 'tv' ? 'episode' : 'hour'} ends with a live performance recorded in ${townName(random)}.`;
  if (genreId === 10764) return `${random.int(8, 16)} strangers arrive in ${townName(random)} with one goal: ${random.pick(['build a house in thirty days', 'run a restaurant for a summer', 'survive a winter off the grid', 'win the grand baking prize'])}. Hosted by ${host}, only one team will take home the prize.`;
  if (genreId === 10763) return `A weekly news magazine from ${townName(random)}, anchored by ${host}. Long-form reports on ${random.pick(THEMES)}, science and the stories behind the headlines.`;
  const hero = `${firstName(random)}`;
  const first = `${fill(random.pick(OPENERS), random)}, ${hero}, ${random.pick(ROLES)}, ${random.pick(INCIDENTS)}.`;
  const second = `As ${random.pick(COMPLICATIONS)}, ${hero} must ${random.pick(GOALS)} before ${fill(random.pick(DEADLINES), random)}.`;
  const phrase = random.pick(GENRE_PHRASES[genreId] ?? ['a gripping story']);
  const third = random.chance(0.7) ? ` ${capitalise(phrase)} about ${random.pick(THEMES)}${kind === 'tv' ? ', told across seasons' : ''}.` : '';
  return `${first} ${second}${third}`;
}


const TAGLINES = ['Some secrets never sleep.', 'Every road leads home.', 'The tide always returns.', 'One last job. No way out.', 'Trust no one in {place}.', 'Nothing stays buried forever.', 'The night is just beginning.', 'Home is where the storm is.', 'Every legend starts somewhere.', 'Run. Hide. Remember.', 'Love is the longest journey.', 'The truth has a price.', 'Welcome to {place}.', 'Not all who wander are lost.', 'The past is a foreign country.', 'Hope is a dangerous thing.', 'Some doors should stay closed.', 'They came for the gold. They stayed for the fight.'];

export function tagline(random: Random): string {
  if (random.chance(0.3)) return `${capitalise(random.pick(ADJECTIVES))} ${random.pick(PLURALS)}. ${capitalise(random.pick(ADJECTIVES))} hearts.`;
  return fill(random.pick(TAGLINES), random);
}

const EPISODE_EVENTS = ['uncovers a clue hidden in an old photograph', 'makes a deal that could cost everything', 'returns to {place} for the first time in years', 'confronts a rival at the worst possible moment', 'is forced to choose between duty and family', 'hosts a dinner that goes badly wrong', 'follows a stranger into the fog', 'finally tells the truth', 'takes the blame for someone else', 'learns who sent the letters'];

export function episodeOverview(random: Random, special: boolean): string {
  if (special) return `A look behind the scenes with the cast and crew, and a few surprises from ${townName(random)}.`;
  const first = `${firstName(random)} ${fill(random.pick(EPISODE_EVENTS), random)}.`;
  return random.chance(0.6) ? `${first} Meanwhile, ${firstName(random)} ${fill(random.pick(EPISODE_EVENTS), random)}.` : first;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function longDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}

const DEPARTMENT_NOUNS: Record<string, string> = { Acting: 'actor', Directing: 'director', Writing: 'screenwriter', Production: 'producer' };
const CAREER = ['began performing in regional theatre before a breakout role on television', 'studied at a small film school and made several short films', 'spent a decade in commercials and music videos', 'trained as a dancer before turning to the screen', 'started out as a stage manager and worked their way up', 'was discovered at an open casting call'];
const PERSONAL = ['They divide their time between {place} and the coast.', 'Outside of film, they are a keen sailor and amateur astronomer.', 'They are known for championing first-time filmmakers.', 'They live in {place} with two dogs and a large record collection.', 'They have been recognised with several festival awards.'];

export interface BiographyInput {
  name: string;
  department: string;
  birthday: string | null;
  town: string;
  countryName: string;
  nationality: string;
  knownFor: string[];
}

export function biography(random: Random, p: BiographyInput): string {
  const noun = DEPARTMENT_NOUNS[p.department] ?? 'filmmaker';
  const born = p.birthday ? ` (born ${longDate(p.birthday)} in ${p.town}, ${p.countryName})` : ` from ${p.town}, ${p.countryName},`;
  const works = p.knownFor.length === 0 ? 'work in independent film' : p.knownFor.length === 1 ? p.knownFor[0] : `${p.knownFor[0]} and ${p.knownFor[1]}`;
  const article = /^[aeiou]/i.test(p.nationality) ? 'an' : 'a';
  const intro = `${p.name}${born} is ${article} ${p.nationality} ${noun} best known for ${works}.`;
  const career = `${p.name.split(' ')[0]} ${random.pick(CAREER)}.`;
  return random.chance(0.6) ? `${intro} ${career} ${fill(random.pick(PERSONAL), random)}` : `${intro} ${career}`;
}

export function requestMessage(random: Random, movieTitle: string, showName: string, year: number): string {
  const templates = [
    `Please add ${movieTitle} (${year}).`,
    `Could you add season ${random.int(2, 5)} of ${showName}?`,
    `The stream for ${movieTitle} stops after twenty minutes, can you check it?`,
    `Would love to see more films by ${personName(random)}.`,
    `Please add the director's cut of ${movieTitle}.`,
    `Any chance of getting ${showName} with subtitles?`,
    `Requesting ${movieTitle} in HD, thanks!`,
    `Can you add the ${capitalise(random.pick(NOUNS))} trilogy? Only the first one is here.`,
    `Add more ${random.pick(['horror', 'anime', 'documentaries', 'westerns', 'romantic comedies', 'war films'])} please!`,
    `Episode ${random.int(1, 10)} of ${showName} has the wrong audio.`,
  ];
  return random.pick(templates);
}
