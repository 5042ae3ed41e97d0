/**
 * zod schemas for the raw TMDB responses the importer uses; optional fields are tolerated. Every string is
 * cleaned here (./text.ts), the one place upstream text enters: nothing downstream sees NUL or control characters.
 */
import { z } from 'astro/zod';
import { cleanLineText, cleanMultiLineText } from './text.ts';

const line = z.string().transform(cleanLineText);
const nullableLine = line.nullish();
/** Overviews and biographies: line breaks are kept. */
const nullableProse = z.string().transform(cleanMultiLineText).nullish();
const named = z.object({ id: z.number(), name: line });

export const videoSchema = z.object({
  key: line, site: line, type: line, official: z.boolean().optional(),
});
export const imageSchema = z.object({ file_path: line });
export const providerSchema = z.object({
  provider_id: z.number(), provider_name: line, logo_path: nullableLine, display_priority: z.number().optional(),
});
export const countryProvidersSchema = z.object({
  link: nullableLine,
  flatrate: z.array(providerSchema).optional(), free: z.array(providerSchema).optional(),
  ads: z.array(providerSchema).optional(), rent: z.array(providerSchema).optional(), buy: z.array(providerSchema).optional(),
});
export const castSchema = z.object({
  id: z.number(), name: line, profile_path: nullableLine, popularity: z.number().optional(),
  known_for_department: nullableLine, order: z.number().optional(), character: nullableLine,
  roles: z.array(z.object({ character: nullableLine })).optional(),
});
const common = {
  id: z.number(), overview: nullableProse, tagline: nullableLine, poster_path: nullableLine,
  backdrop_path: nullableLine, vote_average: z.number().nullish(), vote_count: z.number().nullish(),
  popularity: z.number().nullish(), origin_country: z.array(line).optional(),
  genres: z.array(named).optional().default([]),
  production_companies: z.array(z.object({ id: z.number(), name: line, logo_path: nullableLine })).optional(),
  videos: z.object({ results: z.array(videoSchema) }).optional(),
  images: z.object({ backdrops: z.array(imageSchema).optional() }).optional(),
  'watch/providers': z.object({ results: z.record(z.string(), countryProvidersSchema) }).optional(),
  recommendations: z.object({ results: z.array(z.object({ id: z.number() })) }).optional(),
  credits: z.object({ cast: z.array(castSchema) }).optional(),
};

export const movieDetailsSchema = z.object({
  ...common,
  title: line, release_date: nullableLine, runtime: z.number().nullish(),
  budget: z.number().nullish(), revenue: z.number().nullish(),
  belongs_to_collection: z.object({ id: z.number(), name: line, poster_path: nullableLine, backdrop_path: nullableLine }).nullish(),
});
export type TmdbMovie = z.infer<typeof movieDetailsSchema>;

export const episodeSchema = z.object({
  id: z.number().nullish(), episode_number: z.number(), season_number: z.number(), name: nullableLine,
  overview: nullableProse, still_path: nullableLine, air_date: nullableLine, runtime: z.number().nullish(),
});
export type TmdbEpisode = z.infer<typeof episodeSchema>;
export const seasonSchema = z.object({ season_number: z.number(), episodes: z.array(episodeSchema).default([]) });
export type TmdbSeason = z.infer<typeof seasonSchema>;

export const showDetailsSchema = z.object({
  ...common,
  name: line, first_air_date: nullableLine, number_of_seasons: z.number().nullish(),
  seasons: z.array(z.object({ season_number: z.number() })).optional().default([]),
  /** The next episode to air (the calendar's), which may belong to a season TMDB does not list yet. */
  next_episode_to_air: episodeSchema.nullish(),
  aggregate_credits: z.object({ cast: z.array(castSchema) }).optional(),
}).passthrough();
export type TmdbShow = z.infer<typeof showDetailsSchema>;

export const personSchema = z.object({
  id: z.number(), name: line, profile_path: nullableLine, birthday: nullableLine, deathday: nullableLine,
  place_of_birth: nullableLine, known_for_department: nullableLine, biography: nullableProse,
  popularity: z.number().nullish(),
  external_ids: z.object({ twitter_id: nullableLine, instagram_id: nullableLine, imdb_id: nullableLine }).partial().optional(),
  combined_credits: z.object({ cast: z.array(z.object({ id: z.number(), media_type: line.optional() }).passthrough()) }).optional(),
});

/** A page of TMDB ids: the popular lists and the change lists (whose results also carry `adult`). */
export const idPageSchema = z.object({
  page: z.number(), total_pages: z.number(), results: z.array(z.object({ id: z.number() })),
});

