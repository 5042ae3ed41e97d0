import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../db/connect.ts';
import { errorResponse } from '../../src/lib/http/endpoint.ts';
import { DATABASE_UNAVAILABLE } from '../../src/lib/http/respond.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('a database that is away', () => {
  it('is recognised from what pg, pg-pool, Neon and Node report', () => {
    expect(isDatabaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('read ECONNRESET', 'ECONNRESET'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('connection failure', '08006'))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')]))).toBe(true);
    expect(isDatabaseUnavailable(new Error('query failed', { cause: withCode('write EPIPE', 'EPIPE') }))).toBe(true);
  });

  it('is not confused with a bug or bad input', () => {
    expect(isDatabaseUnavailable(new TypeError('Cannot read properties of undefined'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('duplicate key value violates unique constraint', '23505'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('value out of range', '22003'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });

  it('is answered 503 with Retry-After and the message, not 500', async () => {
    const response = errorResponse(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'));
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toEqual({ error: DATABASE_UNAVAILABLE });
  });
});
