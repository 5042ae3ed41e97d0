/** The user's avatar, generated locally from the e-mail (spec: "avatar generated from it by an avatar service"). */
import { createAvatar } from '@dicebear/core';
import { thumbs } from '@dicebear/collection';

export function avatarSvg(email: string): string {
  return createAvatar(thumbs, { seed: email.trim().toLowerCase(), size: 96 }).toString();
}
