/** Where the pending action lives in sessionStorage (separate module so every page can check it for a few bytes). */
export const PENDING_ACTION_KEY = 'pending-action';
