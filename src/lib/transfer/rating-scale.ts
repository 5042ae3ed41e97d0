/** Other sites' ratings on our scale of 1 to 5 whole stars, and back (the rule in contract.ts RATING_RULE). */

/** Letterboxd's half stars (0.5 to 5 in steps of 0.5), rounded half up; null for anything else. */
export function starsFromHalfStars(value: number): number | null {
  if (!Number.isFinite(value) || value < 0.5 || value > 5 || !Number.isInteger(value * 2)) return null;
  return Math.floor(value + 0.5);
}

/** Trakt's 1 to 10, halved and rounded up; null for anything else. */
export function starsFromTenPoint(value: number): number | null {
  if (!Number.isInteger(value) || value < 1 || value > 10) return null;
  return Math.ceil(value / 2);
}

/** Our stars on Trakt's scale: halving it back and rounding up gives the same stars. */
export const tenPointFromStars = (stars: number) => stars * 2;
