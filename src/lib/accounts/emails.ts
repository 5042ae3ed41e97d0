/** The account e-mails: plain text, one link each. */
import type { MailMessage } from './mail.ts';

export function confirmationEmail(to: string, link: string): MailMessage {
  return {
    to, link,
    subject: 'Confirm your email',
    text: `Welcome! Confirm your email address to activate your account:\n\n${link}\n\nThe link works once and expires in 24 hours. If you did not sign up, ignore this message.`,
  };
}

/** Sent instead of a confirmation when the address already has an account (the sign-up answer stays the same). */
export function alreadyRegisteredEmail(to: string, link: string): MailMessage {
  return {
    to, link,
    subject: 'You already have an account',
    text: `Someone tried to sign up with this email address, which already has an account. Sign in here:\n\n${link}\n\nForgot your password? Use "Forgot Password?" on that page. If it was not you, ignore this message.`,
  };
}

export function passwordResetEmail(to: string, link: string): MailMessage {
  return {
    to, link,
    subject: 'Reset your password',
    text: `Reset your password with this link:\n\n${link}\n\nThe link works once and expires in 1 hour. If you did not ask for it, ignore this message.`,
  };
}
