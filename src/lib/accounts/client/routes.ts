/** Where Auth.js is mounted (src/pages/api/auth/[...auth].ts); shared by its configuration and the browser calls. */
export const AUTH_BASE_PATH = '/api/auth';
