/**
 * What the Backup tab shares with POST /api/admin/restore beyond types. Kept free of zod: an island importing a
 * value from a contract file would bundle zod, whose eval probe the Content-Security-Policy reports.
 */

/** merge: upsert the tables the file holds; replace: empty every table first (a full backup only). */
export const RESTORE_MODES = ['merge', 'replace'] as const;
export type RestoreMode = (typeof RESTORE_MODES)[number];

/** Spec section 8: a file that cannot be read as a backup. */
export const UNREADABLE_FILE = 'Error reading the file.';
