/** Browser-safe contract of the account endpoints (/api/accounts/*, /api/me, /api/me/password). */
import { z } from 'astro/zod';
import { text } from '../http/contract.ts';
import type { SessionUser } from '../http/route.ts';

/** Who is calling (declared beside a route's access, src/lib/http/route.ts). */
export type { SessionUser };

const email = text(320);
const password = text(1024);
const token = z.string().min(1).max(200);

export const SignUpBody = z.object({ email, password, confirm: password });
export const ForgotPasswordBody = z.object({ email });
export const ResetPasswordBody = z.object({ token, password, confirm: password });
export const ChangePasswordBody = z.object({ currentPassword: password, password, confirm: password });
/** The confirmation link's query; a missing or malformed token is simply not a valid one. */
export const ConfirmQuery = z.object({ token: z.string().optional() });

export type SignUpInput = z.infer<typeof SignUpBody>;
export type ResetPasswordInput = z.infer<typeof ResetPasswordBody>;
export type ChangePasswordInput = z.infer<typeof ChangePasswordBody>;

/** Every account answer that succeeds is one message for the user. */
export interface AccountMessage { message: string }
export interface MeResponse { user: SessionUser | null }

/** GET /api/admin/security: what the dashboard's banner warns about. */
export interface SecurityStatus {
  /** Demo accounts anyone can sign in to (always empty off production, where they are the point). */
  demoAccountsWithKnownPasswords: string[];
}
