/** Business constants of spec section 9 that the browser also needs. */
export const ROW_SCROLL_FRACTION = 0.7;
export const HERO_INTERVAL_MS = 5000;
