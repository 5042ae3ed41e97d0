/**
 * The import endpoint's input: the file itself as the request body (so the browser can show the upload's progress),
 * at most MAX_IMPORT_BYTES, with a content type no form can send (a cross-site page cannot post one unasked).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { hitRateLimit } from '../accounts/rate-limit.ts';
import { readLimitedBytes } from '../http/endpoint.ts';
import { PayloadTooLarge, TooManyRequests, UnsupportedMediaType } from '../http/errors.ts';
import { IMPORT_CONTENT_TYPES, MAX_IMPORT_BYTES, MAX_IMPORT_SIZE_TEXT } from './contract.ts';

/** Reading and matching a 10 MB file is real work: a user gets this many imports an hour. */
const IMPORTS_PER_USER = { limit: 30, windowMs: 60 * 60_000 };

export async function readImportUpload(db: Kysely<Database>, userId: string, request: Request): Promise<Uint8Array> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!IMPORT_CONTENT_TYPES.includes(type)) {
    throw new UnsupportedMediaType(`Send the file itself as the body, with Content-Type ${IMPORT_CONTENT_TYPES.join(', ')}.`);
  }
  if (!(await hitRateLimit(db, `import:user:${userId}`, IMPORTS_PER_USER))) {
    throw new TooManyRequests('Too many imports in the last hour. Please try again later.');
  }
  try {
    return await readLimitedBytes(request, MAX_IMPORT_BYTES);
  } catch (error) {
    if (error instanceof PayloadTooLarge) throw new PayloadTooLarge(`The file is larger than ${MAX_IMPORT_SIZE_TEXT}, the most an import takes.`);
    throw error;
  }
}
