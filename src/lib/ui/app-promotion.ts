/**
 * What the app promotion says: the mobile prompt (src/components/layout/MobilePrompt.astro; when it shows is decided
 * by its script, ./mobile-prompt.js there) and /download-app.
 */

export type AppFeatureIconName = 'device' | 'download' | 'sparkles';

export const APP_SLIDES: ReadonlyArray<{ icon: AppFeatureIconName; title: string; text: string }> = [
  { icon: 'device', title: 'Optimised for your device', text: 'A fast, touch-friendly catalogue made for phones and tablets.' },
  { icon: 'download', title: 'Offline downloads', text: 'Save titles and keep browsing pages you visited, even without a connection.' },
  { icon: 'sparkles', title: 'Enhanced features', text: 'Notifications, quick resume and your lists one tap away. Get the app:' },
];

/** Placeholders: the apps are not published yet. */
export const STORE_LINKS = [
  { label: 'App Store', href: '#app-store' },
  { label: 'Google Play', href: '#google-play' },
] as const;
