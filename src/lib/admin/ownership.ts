/**
 * What the admin set belongs to the admin (db/migrations/0015_admin_ownership.ts). A field both TMDB and the admin
 * write becomes the admin's once the admin changes it: its column keeps the admin's value, and the row's
 * `admin_overrides` keeps TMDB's latest value for it, which imports update and "Use TMDB's" puts back at once.
 * Links and the publish state are the admin's alone (TMDB has none), so no import writes them.
 */
import type { AdminOverrides, TmdbEpisodeColumns } from '../../../db/schema.ts';
import { Conflict } from '../http/errors.ts';
import type { AdminOwned, EpisodeAdminField, ShowAdminField } from './contract.ts';

/** The fields of each kind of row that TMDB and the admin both write: the API's name and the column. */
export const SHOW_OWNABLE = { trailerKey: 'trailer_key' } as const satisfies Record<ShowAdminField, string>;
export const EPISODE_OWNABLE = {
  episodeNumber: 'episode_number', tmdbId: 'tmdb_id', name: 'name', overview: 'overview',
} as const satisfies Record<EpisodeAdminField, string>;

type Ownable = typeof SHOW_OWNABLE | typeof EPISODE_OWNABLE;
type Value = string | number | null;

/**
 * TMDB's row as an import may write it: the columns the admin owns are left out, and TMDB's values for them go to
 * the overrides instead.
 */
export function keepAdminValues<Row extends object>(tmdbRow: Row, overrides: AdminOverrides, ownable: Ownable) {
  const row: Partial<Row> = { ...tmdbRow };
  const kept: AdminOverrides = { ...overrides };
  for (const column of Object.values(ownable)) {
    if (!(column in overrides) || !(column in tmdbRow)) continue;
    kept[column] = tmdbRow[column as keyof Row] as Value;
    delete row[column as keyof Row];
  }
  return { row, overrides: kept };
}

/**
 * The overrides after an admin's edit: each ownable column the edit changes becomes the admin's, with the value it
 * had (TMDB's) kept; a column the admin already owns keeps the TMDB value it has. Columns the edit leaves out
 * (undefined) or sets to what they hold stay as they are.
 */
export function claimEdited(current: Record<string, unknown>, edit: Record<string, unknown>, overrides: AdminOverrides, ownable: Ownable): AdminOverrides {
  const claimed: AdminOverrides = { ...overrides };
  for (const column of Object.values(ownable)) {
    if (edit[column] === undefined || edit[column] === current[column] || column in claimed) continue;
    claimed[column] = current[column] as Value;
  }
  return claimed;
}

/** The admin's fields of a row for the admin screens (API names), each with TMDB's value. */
export function adminOwned<Fields extends Record<string, string>>(overrides: AdminOverrides, ownable: Fields): AdminOwned<keyof Fields & string> {
  const owned: AdminOwned<keyof Fields & string> = {};
  for (const [field, column] of Object.entries(ownable)) {
    if (column in overrides) owned[field as keyof Fields & string] = overrides[column] ?? null;
  }
  return owned;
}

const ALREADY_TMDBS = 'This field is TMDB\'s already.';

/** TMDB's value of a column the admin owns, and the overrides without it; a Conflict when TMDB has the field already. */
export function handBack(overrides: AdminOverrides, column: string): { value: Value; overrides: AdminOverrides } {
  if (!(column in overrides)) throw new Conflict(ALREADY_TMDBS);
  const { [column]: value, ...rest } = overrides;
  return { value: value ?? null, overrides: rest };
}

/** The columns of an episode that come from TMDB. */
export const TMDB_EPISODE_COLUMNS = [
  'season_number', 'episode_number', 'tmdb_id', 'name', 'overview', 'still_path', 'air_date', 'runtime',
] as const satisfies readonly (keyof TmdbEpisodeColumns)[];

/** An episode as TMDB last gave it: the row's TMDB columns, with TMDB's values of those the admin owns. */
export function tmdbVersion(row: TmdbEpisodeColumns & { admin_overrides: AdminOverrides }): TmdbEpisodeColumns {
  const episode = Object.fromEntries(TMDB_EPISODE_COLUMNS.map((column) => [column, row[column]]));
  for (const column of Object.values(EPISODE_OWNABLE)) if (column in row.admin_overrides) episode[column] = row.admin_overrides[column] ?? null;
  return episode as unknown as TmdbEpisodeColumns;
}


/** Two overrides hold the same fields with the same values. */
export function sameOverrides(a: AdminOverrides, b: AdminOverrides): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && a[key] === b[key]);
}
