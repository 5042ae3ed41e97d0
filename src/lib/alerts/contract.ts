/** Browser-safe contract of Wishlist alerts: /api/me/alerts (the profile's opt-in) and /api/alerts/unsubscribe. */
import { z } from 'astro/zod';

export const AlertSettingsBody = z.object({ wishlistAlerts: z.boolean() });
export type AlertSettingsInput = z.infer<typeof AlertSettingsBody>;
export interface AlertSettings { wishlistAlerts: boolean; message: string }

export const ALERTS_ON = 'Wishlist alerts are on: we e-mail you once when a Wishlist title becomes watchable here.';
export const ALERTS_OFF = 'Wishlist alerts are off.';

/** Where the mail's unsubscribe link opens (src/pages/unsubscribe.astro). */
export const UNSUBSCRIBE_PAGE_PATH = '/unsubscribe';
export const UNSUBSCRIBE_LINK_INVALID = 'This unsubscribe link is not valid. Turn Wishlist alerts off on your profile instead.';
