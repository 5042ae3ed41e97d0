import { describe, expect, it } from 'vitest';
import { PRODUCTION_COST, SCRYPT_CONCURRENCY, decoyHash, hashPassword, isPasswordHash, needsRehash, verifyPassword } from '../../src/lib/accounts/passwords.ts';
import { errorResponse } from '../../src/lib/http/endpoint.ts';
import { ServerBusy } from '../../src/lib/http/errors.ts';

describe('password hashing', () => {
  it('hashes with OWASP\'s scrypt minimum in production, parameters kept in the hash', async () => {
    expect(PRODUCTION_COST).toEqual({ N: 131072, r: 8, p: 1 });
    const hash = await hashPassword('correct horse', PRODUCTION_COST);
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(hash).not.toContain('correct horse');
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
  }, 30_000); // three full-cost scrypt runs (128 MiB each) on a shared machine
  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });
  it('asks for a rehash when a stored hash used other parameters', async () => {
    const old = await hashPassword('secret', { N: 16384, r: 8, p: 1 });
    expect(await verifyPassword('secret', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(await hashPassword('secret'))).toBe(false);
  });
  it('rejects malformed stored values and costs beyond any real hash', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$4194304$8$1$c2FsdA==$aGFzaA==')).toBe(false);
    expect(await verifyPassword('x', decoyHash())).toBe(false);
  });
  it('accepts as a stored hash only the format this site makes, at most 256 MiB and p = 2', () => {
    const tail = `${Buffer.alloc(16, 1).toString('base64')}$${Buffer.alloc(64, 2).toString('base64')}`;
    const accepted = (cost: string) => isPasswordHash(`scrypt$${cost}$${tail}`);
    expect(accepted('262144$8$1')).toBe(true); // 256 MiB
    expect(accepted('131072$8$2')).toBe(true);
    expect(accepted('524288$8$1')).toBe(false); // 512 MiB
    expect(accepted('1048576$32$1')).toBe(false); // 4 GiB
    expect(accepted('131072$8$3')).toBe(false);
    expect(accepted('100000$8$1')).toBe(false); // not a power of two
    expect(isPasswordHash(`scrypt$16384$8$1$${tail}$extra`)).toBe(false);
    expect(isPasswordHash('scrypt$16384$8$1$c2FsdA==$aGFzaA==')).toBe(false); // short salt and key
  });
  it('runs a bounded number of hashes at once and sheds the excess as 503 with Retry-After', async () => {
    const capacity = SCRYPT_CONCURRENCY.running + SCRYPT_CONCURRENCY.waiting;
    const accepted = Array.from({ length: capacity }, (_, i) => hashPassword(`password ${i}`));
    await expect(hashPassword('one too many')).rejects.toBeInstanceOf(ServerBusy);
    await expect(verifyPassword('one too many', decoyHash())).rejects.toBeInstanceOf(ServerBusy);
    expect(await Promise.all(accepted)).toHaveLength(capacity);
    // Once the queue drains, hashing works again.
    expect(await verifyPassword('password 0', await accepted[0]!)).toBe(true);
    const shed = errorResponse(new ServerBusy('The server is busy. Please try again in a few seconds.'));
    expect(shed.status).toBe(503);
    expect(shed.headers.get('Retry-After')).toBe('5');
    expect(await shed.json()).toEqual({ error: 'The server is busy. Please try again in a few seconds.' });
  });
});
