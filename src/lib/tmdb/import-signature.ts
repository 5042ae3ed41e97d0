/**
 * Anyone can reach a Netlify function's URL: the admin endpoint signs the job id it hands to
 * netlify/functions/import-background.ts, which refuses an unsigned call before touching the database.
 * The key is derived from AUTH_SECRET for this one use.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { resolveAuthSecret } from '../accounts/secret.ts';
import { authSecret } from '../settings.ts';

export const IMPORT_SIGNATURE_HEADER = 'X-Import-Signature';

function signature(id: number): Buffer {
  const key = createHmac('sha256', resolveAuthSecret(authSecret())).update('cinecat:import-background').digest();
  return createHmac('sha256', key).update(`import-job:${id}`).digest();
}

export const signImportJob = (id: number): string => signature(id).toString('base64url');

/** Compared in constant time. */
export function isSignedImportJob(id: number, given: string | null): boolean {
  const expected = signature(id);
  const actual = Buffer.from(given ?? '', 'base64url');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
