/**
 * Signing in and out through Auth.js, whose own routes take forms, not JSON (the account screens' JSON calls go
 * through call() with accountRoutes). A refused sign-in rejects with an Error whose message is shown as a toast.
 */
import { signInErrorMessage } from './messages.ts';
import { AUTH_BASE_PATH as AUTH } from './routes.ts';
import { refreshSession } from './session-store.ts';

async function csrfToken(): Promise<string> {
  const response = await fetch(`${AUTH}/csrf`, { credentials: 'same-origin' });
  const body = (await response.json()) as { csrfToken: string };
  return body.csrfToken;
}

/** Posts a form to Auth.js and returns the URL it would redirect to (X-Auth-Return-Redirect asks for JSON). */
async function postToAuth(action: string, fields: Record<string, string>): Promise<URL> {
  const body = new URLSearchParams({ ...fields, csrfToken: await csrfToken(), callbackUrl: '/' });
  const response = await fetch(`${AUTH}/${action}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Auth-Return-Redirect': '1' },
    body,
  });
  const { url } = (await response.json()) as { url: string };
  return new URL(url, location.href);
}

export async function signIn(email: string, password: string): Promise<void> {
  const target = await postToAuth('callback/credentials', { email, password });
  const error = target.searchParams.get('error');
  if (error) {
    throw new Error(error === 'CredentialsSignin' ? signInErrorMessage(target.searchParams.get('code')) : 'Sign in failed. Please try again later.');
  }
  // No refreshSession() here: the caller navigates, and the next page loads the session itself (refreshing now
  // would let the /login guard redirect before the success toast is queued).
}

export async function signOut(): Promise<void> {
  await postToAuth('signout', {});
  await refreshSession();
}
