/** Browser-safe contract of POST /api/admin/restore, shared by the endpoint and the Backup tab. */
import { z } from 'astro/zod';

/** merge: upsert the tables the file holds; replace: empty every table first (a full backup only). */
export const RESTORE_MODES = ['merge', 'replace'] as const;
export type RestoreMode = (typeof RESTORE_MODES)[number];
/** POST /api/admin/restore?mode=merge|replace (merge by default); the body is the backup file's JSON. */
export const restoreQuery = z.object({ mode: z.enum(RESTORE_MODES).default('merge') });

/** Spec section 8: a file that cannot be read as a backup. */
export const UNREADABLE_FILE = 'Error reading the file.';
