import { expect } from 'vitest';

/** SQLSTATE codes the tests check for (https://www.postgresql.org/docs/current/errcodes-appendix.html). */
export const PG_ERROR = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  notNullViolation: '23502',
  checkViolation: '23514',
  invalidTextRepresentation: '22P02',
} as const;

/**
 * Expects the query to fail with the given SQLSTATE. Checking the code, not the message, works the same on
 * pg, Neon's driver and PGlite, whose error classes differ but all carry `code`.
 */
export async function expectPgError(query: Promise<unknown>, code: string): Promise<void> {
  const error = await query.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error, `expected SQLSTATE ${code}, but the query succeeded`).not.toBeNull();
  expect((error as { code?: string }).code, String((error as Error).message)).toBe(code);
}
