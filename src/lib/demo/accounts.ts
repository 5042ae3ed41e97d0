/** The demo catalogue's accounts (both e-mail-confirmed). Shown on the README; never use them in production. */
export const DEMO_ADMIN = { email: 'admin@example.com', password: 'admin12345' } as const;
export const DEMO_USER = { email: 'user@example.com', password: 'user12345' } as const;
