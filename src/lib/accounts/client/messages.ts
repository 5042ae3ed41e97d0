/** The account screens' texts (spec sections 5 and 8 are exact) shared by the islands and the endpoints. */
export const MESSAGES = {
  signedIn: 'Signed in successfully!',
  confirmationSent: 'Confirmation email sent! Please check your inbox.',
  resetLinkSent: 'Password reset link sent! Please check your inbox.',
  passwordUpdated: 'Password updated successfully!',
  passwordReset: 'Your password has been reset successfully!',
  emailConfirmed: 'Your email is confirmed. You can now sign in.',
  confirmLinkInvalid: 'This confirmation link is invalid or has expired.',
  resetLinkInvalid: 'This password reset link is invalid or has expired.',
  passwordsDoNotMatch: 'Passwords do not match.',
  passwordTooShort: 'Password should be at least 6 characters.',
  emailRequired: 'Email is required.',
  emailInvalid: 'Please enter a valid email address.',
  emailAndPasswordRequired: 'Email and password are required.',
  currentPasswordWrong: 'Current password is incorrect.',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  serverBusy: 'The server is busy. Please try again in a few seconds.',
} as const;

/**
 * Sign-in failures travel as Auth.js's `code` query parameter. Unknown e-mail and wrong password share one
 * code, so the answer never tells whether an account exists.
 */
export const SIGN_IN_ERRORS = {
  invalid_credentials: 'Invalid login credentials.',
  email_not_confirmed: 'Email not confirmed. Please check your inbox for the confirmation link.',
  rate_limited: MESSAGES.tooManyAttempts,
  server_busy: MESSAGES.serverBusy,
} as const;

export type SignInErrorCode = keyof typeof SIGN_IN_ERRORS;

export function signInErrorMessage(code: string | null): string {
  return (code && SIGN_IN_ERRORS[code as SignInErrorCode]) || SIGN_IN_ERRORS.invalid_credentials;
}
