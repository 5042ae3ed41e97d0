/** The mobile app-promotion intro: its content and when it shows (spec: once per session, mobile only). */

export const MOBILE_PROMPT_KEY = 'mobile-app-prompt';
export const MOBILE_MAX_WIDTH = 767; // spec: mobile threshold is a width under 768

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

const MOBILE_AGENT = /Android|iPhone|iPad|iPod|Mobile|IEMobile|Opera Mini|BlackBerry/i;

/** `width` is read only when the user agent does not say: reading the viewport's width makes the browser lay the page out. */
export function isMobileVisitor(userAgent: string, width: () => number): boolean {
  return MOBILE_AGENT.test(userAgent) || width() <= MOBILE_MAX_WIDTH;
}

export interface PromptContext {
  userAgent: string;
  width: () => number;
  /** What this session already did with the prompt ('shown' or 'skipped'), or null. */
  seen: string | null;
  /** navigator.webdriver: crawlers and automated browsers are not the audience of an app promotion. */
  automated?: boolean;
}

export function shouldShowMobilePrompt({ userAgent, width, seen, automated = false }: PromptContext): boolean {
  return !automated && seen === null && isMobileVisitor(userAgent, width);
}
