/**
 * The demo catalogue's accounts (both e-mail-confirmed). Shown on the README, so they exist only in the embedded
 * demo or behind `npm run seed -- --demo-accounts`; a production deployment warns while one still works.
 */
export const DEMO_ADMIN = { email: 'admin@example.com', password: 'admin12345' } as const;
export const DEMO_USER = { email: 'user@example.com', password: 'user12345' } as const;
export const DEMO_ACCOUNTS = [DEMO_ADMIN, DEMO_USER] as const;
