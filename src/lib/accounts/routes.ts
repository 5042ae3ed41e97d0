/** Routes of the account endpoints: /api/me, /api/me/password and /api/accounts/* (route.ts). */
import type { z } from 'astro/zod';
import { route } from '../http/route.ts';
import type { AccountMessage, ChangePasswordInput, ForgotPasswordBody, MeResponse, ResetPasswordInput, SignUpInput } from './contract.ts';

export const accountRoutes = {
  me: route<{ answer: MeResponse }>()({ method: 'GET', path: '/api/me', access: 'session' }),
  /** An SVG image, never JSON: an <img> source, not called. `v` (the user's id) keeps one browser's users apart. */
  avatar: route<{ query: { v: string }; answer: never }>()({ method: 'GET', path: '/api/me/avatar.svg', access: 'user' }),
  signUp: route<{ body: SignUpInput; answer: AccountMessage }>()({ method: 'POST', path: '/api/accounts/signup', access: 'public' }),
  /** Old mailed links: always a redirect to the confirmation page, never JSON. */
  confirm: route<{ query: { token?: string }; answer: never }>()({ method: 'GET', path: '/api/accounts/confirm', access: 'public' }),
  forgotPassword: route<{ body: z.input<typeof ForgotPasswordBody>; answer: AccountMessage }>()({ method: 'POST', path: '/api/accounts/forgot-password', access: 'public' }),
  /** Answers with the session cookie of the new sign-in. */
  resetPassword: route<{ body: ResetPasswordInput; answer: AccountMessage }>()({ method: 'POST', path: '/api/accounts/reset-password', access: 'public' }),
  /** Answers with a fresh session cookie: other sessions end. */
  changePassword: route<{ body: ChangePasswordInput; answer: AccountMessage }>()({ method: 'POST', path: '/api/me/password', access: 'user' }),
};
