/** Where Auth.js is mounted (src/pages/api/auth/[...auth].ts); shared by its configuration and the browser calls. */
export const AUTH_BASE_PATH = '/api/auth';
/** Where the confirmation e-mail's link opens: a page whose button POSTs the token (src/pages/confirm-email.astro). */
export const CONFIRM_PAGE_PATH = '/confirm-email';
