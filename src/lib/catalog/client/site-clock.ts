/**
 * The site's one clock for what pages show of the date (the footer's year, the year filter, ages): UTC, so that a
 * page says the same on every server, whatever its time zone, and the publisher renews pages at the same instant
 * (src/lib/publishing/) as they change.
 */
export function siteYear(now: Date = new Date()): number {
  return now.getUTCFullYear();
}

/** When the year after `now`'s begins on the site's clock. */
export function nextYearStart(now: Date = new Date()): Date {
  return new Date(Date.UTC(siteYear(now) + 1, 0, 1));
}
