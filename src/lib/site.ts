/** Site-wide settings that pages and components share. */
import {
  PUBLIC_DONATE_URL, PUBLIC_SOCIAL_FACEBOOK_URL, PUBLIC_SOCIAL_INSTAGRAM_URL, PUBLIC_SOCIAL_TWITTER_URL, SITE_NAME,
} from 'astro:env/client';

export const siteName = SITE_NAME;

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

export const FOOTER_LINKS = [
  { href: '/movies', label: 'Movies' },
  { href: '/tv-shows', label: 'TV Shows' },
  { href: '/people', label: 'People' },
  { href: '/about', label: 'About' },
  { href: '/contact', label: 'Contact' },
  { href: '/download-app', label: 'Download App' },
  { href: '/dmca', label: 'DMCA' },
  { href: '/privacy', label: 'Privacy' },
  { href: '/disclaimer', label: 'Disclaimer' },
];

/** External footer links, configurable through PUBLIC_* environment variables (astro.config.mjs). */
export const DONATE_URL = PUBLIC_DONATE_URL;
export const SOCIAL_LINKS = [
  { href: PUBLIC_SOCIAL_TWITTER_URL, label: 'Twitter' },
  { href: PUBLIC_SOCIAL_INSTAGRAM_URL, label: 'Instagram' },
  { href: PUBLIC_SOCIAL_FACEBOOK_URL, label: 'Facebook' },
].filter((link) => link.href);
