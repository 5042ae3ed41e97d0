/**
 * Who is calling. Endpoints declare who may call them (src/lib/http/endpoint.ts `access`), and the mechanism looks
 * the session user up on demand (server-env.ts `sessionUserOf`), with the role read from the users table.
 */
export interface SessionUser {
  id: string;
  email: string;
  role: 'user' | 'admin';
}
