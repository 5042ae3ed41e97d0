/** How TMDB's episodes of a show are laid over ours (src/lib/tmdb/episodes.ts): by TMDB id, then by place. */
import { describe, expect, it } from 'vitest';
import type { AdminOverrides, TmdbEpisodeColumns } from '../../db/schema.ts';
import { planEpisodes, type StoredEpisode } from '../../src/lib/tmdb/episodes.ts';

const tmdb = (episode: number, tmdbId: number | null, fields: Partial<TmdbEpisodeColumns> = {}): TmdbEpisodeColumns => ({
  season_number: 1, episode_number: episode, tmdb_id: tmdbId, name: `E${episode}`, overview: null, still_path: null, air_date: null,
  runtime: 50, ...fields,
});
const stored = (id: number, episode: TmdbEpisodeColumns, overrides: AdminOverrides = {}): StoredEpisode => ({ id, ...episode, admin_overrides: overrides });

describe('planEpisodes', () => {
  it('writes nothing when TMDB sends what we have', () => {
    const incoming = [tmdb(1, 101), tmdb(2, 102)];
    expect(planEpisodes(incoming.map((episode, i) => stored(i + 1, episode)), incoming, [])).toEqual({ updates: [], inserts: [], deleted: null });
  });

  it('moves episodes TMDB renumbered, even when two trade places', () => {
    const plan = planEpisodes([stored(1, tmdb(1, 101)), stored(2, tmdb(2, 102, { name: 'E2' }))],
      [tmdb(2, 101, { name: 'E1' }), tmdb(1, 102, { name: 'E2' })], []);
    expect(plan).toEqual({ updates: [{ id: 1, set: { episode_number: 2 } }, { id: 2, set: { episode_number: 1 } }], inserts: [], deleted: null });
  });

  it('keeps a number the admin set, and TMDB\'s number for "Use TMDB\'s"; the episode is matched by its id, not added again', () => {
    const plan = planEpisodes([stored(1, tmdb(1, 101)), stored(2, tmdb(12, 102), { episode_number: 2 })],
      [tmdb(1, 101), tmdb(3, 102, { name: 'New name' })], []);
    expect(plan).toEqual({ updates: [{ id: 2, set: { name: 'New name', admin_overrides: { episode_number: 3 } } }], inserts: [], deleted: null });
  });

  it('leaves an episode where it is when TMDB\'s place for it is held by an episode TMDB does not list, and adds none over it', () => {
    const plan = planEpisodes([stored(1, tmdb(1, 101)), stored(2, tmdb(2, 999))], [tmdb(2, 101, { name: 'E1' }), tmdb(5, 105)], []);
    expect(plan).toEqual({ updates: [], inserts: [tmdb(5, 105)], deleted: null });
  });

  it('matches rows without TMDB\'s id by place, and gives them the id', () => {
    const plan = planEpisodes([stored(1, tmdb(1, null))], [tmdb(1, 101, { name: 'Pilot' })], []);
    expect(plan.updates).toEqual([{ id: 1, set: { tmdb_id: 101, name: 'Pilot' } }]);
    expect(plan.inserts).toEqual([]);
  });

  it('updates the first of two rows with one TMDB id and leaves the duplicate alone', () => {
    const plan = planEpisodes([stored(1, tmdb(11, 102), {}), stored(2, tmdb(2, 102))], [tmdb(2, 102, { name: 'Renamed' })], []);
    expect(plan).toEqual({ updates: [{ id: 1, set: { name: 'Renamed' } }], inserts: [], deleted: null });
  });

  it('does not add an episode the admin deleted, but keeps TMDB\'s latest of it', () => {
    const gone = tmdb(2, 102);
    const plan = planEpisodes([stored(1, tmdb(1, 101))], [tmdb(1, 101), tmdb(2, 102, { name: 'Renamed' }), tmdb(3, 103)], [gone]);
    expect(plan).toEqual({ updates: [], inserts: [tmdb(3, 103)], deleted: [tmdb(2, 102, { name: 'Renamed' })] });
  });

  it('adds one episode where TMDB sends two for one place', () => {
    expect(planEpisodes([], [tmdb(1, 101), tmdb(1, 201)], []).inserts).toEqual([tmdb(1, 101)]);
  });
});
