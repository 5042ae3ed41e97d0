/**
 * The unsubscribe link's token: the user id and an HMAC of it under the server's secret (AUTH_SECRET). It needs no
 * row and no sign-in, never expires (an old mail's link keeps working), and cannot be made for another user.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'wishlist-alerts-unsubscribe';

const macOf = (secret: string, userId: string) => createHmac('sha256', secret).update(`${PURPOSE}\n${userId}`).digest();

export function unsubscribeToken(secret: string, userId: string): string {
  return `${Buffer.from(userId).toString('base64url')}.${macOf(secret, userId).toString('base64url')}`;
}

/** The user id a token was made for, or null when it was not made with this secret. */
export function userOfUnsubscribeToken(secret: string, token: string): string | null {
  const [encodedUser, encodedMac, ...rest] = token.split('.');
  if (!encodedUser || !encodedMac || rest.length || token.length > 200) return null;
  const userId = Buffer.from(encodedUser, 'base64url').toString();
  const expected = macOf(secret, userId);
  const given = Buffer.from(encodedMac, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
