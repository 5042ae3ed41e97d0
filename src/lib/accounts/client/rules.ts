/** Form rules shared by the islands (instant feedback) and the endpoints (the ones that count). */
import { MESSAGES } from './messages.ts';

export const MIN_PASSWORD_LENGTH = 6;
/**
 * Exactly one address: letters, digits and RFC 5322's atext symbols before the @, dot-separated labels after it.
 * No comma, semicolon, quote, angle bracket, space, CR/LF or NUL, since mailers (nodemailer) read those as several
 * recipients, a display name or extra headers.
 */
const EMAIL = /^[\p{L}\p{N}.!#$%&'*+/=?^_`{|}~-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+$/u;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function emailProblem(email: string): string | null {
  const trimmed = email.trim();
  if (!trimmed) return MESSAGES.emailRequired;
  if (trimmed.length > 254 || !EMAIL.test(trimmed)) return MESSAGES.emailInvalid;
  return null;
}

/** Sign-up: only the match is shown to the user first (spec 5); the length rule is the server's answer. */
export function signUpProblem(email: string, password: string, confirm: string): string | null {
  return emailProblem(email) ?? newPasswordProblem(password, confirm);
}

/** Password change or reset: both fields match and at least 6 characters. */
export function newPasswordProblem(password: string, confirm: string): string | null {
  if (password !== confirm) return MESSAGES.passwordsDoNotMatch;
  if (password.length < MIN_PASSWORD_LENGTH) return MESSAGES.passwordTooShort;
  return null;
}
