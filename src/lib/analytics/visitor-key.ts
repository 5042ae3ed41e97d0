/**
 * What view_dedupe keeps of a client: an HMAC of its network (clientKey: an IPv6 address's /64, an IPv4 address as
 * it is) under a key derived from AUTH_SECRET, never the address itself (the privacy page says so). Without the
 * secret a leaked row names no address, not even by trying all 2^32 IPv4 ones.
 */
import { createHmac } from 'node:crypto';
import { clientKey } from '../accounts/rate-limit.ts';
import { resolveAuthSecret } from '../accounts/secret.ts';
import { authSecret } from '../settings.ts';

export function visitorKey(ip: string): string {
  const key = createHmac('sha256', resolveAuthSecret(authSecret())).update('cinecat:view-dedupe').digest();
  return createHmac('sha256', key).update(clientKey(ip)).digest('base64url');
}
