/** zod schemas for the raw TMDB responses the importer uses; optional fields are tolerated. */
import { z } from 'astro/zod';

const nullableString = z.string().nullish();
const named = z.object({ id: z.number(), name: z.string() });

export const videoSchema = z.object({
  key: z.string(), site: z.string(), type: z.string(), official: z.boolean().optional(),
});
export const imageSchema = z.object({ file_path: z.string() });
export const providerSchema = z.object({
  provider_id: z.number(), provider_name: z.string(), logo_path: nullableString, display_priority: z.number().optional(),
});
export const countryProvidersSchema = z.object({
  flatrate: z.array(providerSchema).optional(), free: z.array(providerSchema).optional(),
  ads: z.array(providerSchema).optional(), rent: z.array(providerSchema).optional(), buy: z.array(providerSchema).optional(),
});
export const castSchema = z.object({
  id: z.number(), name: z.string(), profile_path: nullableString, popularity: z.number().optional(),
  known_for_department: nullableString, order: z.number().optional(), character: nullableString,
  roles: z.array(z.object({ character: nullableString })).optional(),
});
const common = {
  id: z.number(), overview: nullableString, tagline: nullableString, poster_path: nullableString,
  backdrop_path: nullableString, vote_average: z.number().nullish(), vote_count: z.number().nullish(),
  popularity: z.number().nullish(), origin_country: z.array(z.string()).optional(),
  genres: z.array(named).optional().default([]),
  production_companies: z.array(z.object({ id: z.number(), name: z.string(), logo_path: nullableString })).optional(),
  videos: z.object({ results: z.array(videoSchema) }).optional(),
  images: z.object({ backdrops: z.array(imageSchema).optional() }).optional(),
  'watch/providers': z.object({ results: z.record(z.string(), countryProvidersSchema) }).optional(),
  recommendations: z.object({ results: z.array(z.object({ id: z.number() })) }).optional(),
  credits: z.object({ cast: z.array(castSchema) }).optional(),
};

export const movieDetailsSchema = z.object({
  ...common,
  title: z.string(), release_date: nullableString, runtime: z.number().nullish(),
  budget: z.number().nullish(), revenue: z.number().nullish(),
  belongs_to_collection: z.object({ id: z.number(), name: z.string(), poster_path: nullableString, backdrop_path: nullableString }).nullish(),
});
export type TmdbMovie = z.infer<typeof movieDetailsSchema>;

export const episodeSchema = z.object({
  id: z.number().nullish(), episode_number: z.number(), season_number: z.number(), name: nullableString,
  overview: nullableString, still_path: nullableString, air_date: nullableString, runtime: z.number().nullish(),
});
export const seasonSchema = z.object({ season_number: z.number(), episodes: z.array(episodeSchema).default([]) });
export type TmdbSeason = z.infer<typeof seasonSchema>;

export const showDetailsSchema = z.object({
  ...common,
  name: z.string(), first_air_date: nullableString, number_of_seasons: z.number().nullish(),
  seasons: z.array(z.object({ season_number: z.number() })).optional().default([]),
  aggregate_credits: z.object({ cast: z.array(castSchema) }).optional(),
}).passthrough();
export type TmdbShow = z.infer<typeof showDetailsSchema>;

export const personSchema = z.object({
  id: z.number(), name: z.string(), profile_path: nullableString, birthday: nullableString, deathday: nullableString,
  place_of_birth: nullableString, known_for_department: nullableString, biography: nullableString,
  popularity: z.number().nullish(),
  external_ids: z.object({ twitter_id: nullableString, instagram_id: nullableString, imdb_id: nullableString }).partial().optional(),
  combined_credits: z.object({ cast: z.array(z.object({ id: z.number(), media_type: z.string().optional() }).passthrough()) }).optional(),
});

export const popularPageSchema = z.object({
  page: z.number(), total_pages: z.number(), results: z.array(z.object({ id: z.number() })),
});

