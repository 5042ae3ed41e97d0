/** Site-wide settings that pages and components share. */
import { publicSettings } from './settings.ts';

const settings = publicSettings();

export const siteName = settings.siteName;

/** The tab title: the page name followed by the site name; Home is titled 'Home'. */
export function tabTitle(page: string): string {
  return `${page} – ${siteName}`;
}

export const NAV_LINKS = [
  { href: '/', label: 'Home' },
  { href: '/movies', label: 'Movies' },
  { href: '/tv-shows', label: 'TV Shows' },
  { href: '/platforms', label: 'Platforms' },
  { href: '/people', label: 'People' },
  { href: '/request', label: 'Request' },
];

/**
 * The header's account entries (spec 2), in the phone menu; `session` says who sees each one (the account menu's
 * script shows and hides them once the session is known; visitors' entries are there before any script).
 */
export const ACCOUNT_LINKS = [
  { href: '/login', label: 'Sign In', session: 'visitor' },
  { href: '/signup', label: 'Sign Up', session: 'visitor' },
  { href: '/profile', label: 'Profile', session: 'user' },
  { href: '/my-list', label: 'My List', session: 'user' },
  { href: '/wishlist', label: 'Wishlist', session: 'user' },
  { href: '/calendar', label: 'Calendar', session: 'user' },
  { href: '/admin', label: 'Admin', session: 'admin' },
] as const;

export const FOOTER_LINKS = [
  { href: '/movies', label: 'Movies' },
  { href: '/tv-shows', label: 'TV Shows' },
  { href: '/platforms', label: 'Platforms' },
  { href: '/people', label: 'People' },
  { href: '/request', label: 'Request' },
  { href: '/about', label: 'About' },
  { href: '/contact', label: 'Contact' },
  { href: '/download-app', label: 'Download App' },
  { href: '/dmca', label: 'DMCA' },
  { href: '/privacy', label: 'Privacy' },
  { href: '/disclaimer', label: 'Disclaimer' },
];

/** External footer links, configurable through PUBLIC_* settings (src/lib/settings.ts). */
export const DONATE_URL = settings.donateUrl;
export const SOCIAL_LINKS = [
  { href: settings.twitterUrl, label: 'Twitter' },
  { href: settings.instagramUrl, label: 'Instagram' },
  { href: settings.facebookUrl, label: 'Facebook' },
];

/** The ad network's script for the ad slots; none: the slots render nothing. */
export const AD_SCRIPT_URL = settings.adScriptUrl;
