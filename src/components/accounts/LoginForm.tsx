/** /login: the Sign In view (with the Forgot Password view it toggles to) for visitors only. */
import { useEffect, useState } from 'react';
import { signIn } from '../../lib/accounts/client/account-calls.ts';
import { MESSAGES, signInErrorMessage } from '../../lib/accounts/client/messages.ts';
import { returnPath } from '../../lib/accounts/client/return-path.ts';
import { emailProblem } from '../../lib/accounts/client/rules.ts';
import { accountRoutes } from '../../lib/accounts/routes.ts';
import { call } from '../../lib/http/api-client.ts';
import { showToast } from '../../lib/ui/client/toast.ts';
import EmailField from './EmailField.tsx';
import PasswordField from './PasswordField.tsx';
import SessionGate from './SessionGate.tsx';
import { goHome, useFormSubmit } from '../ui/useFormSubmit.ts';

/**
 * The confirmation link lands here with ?confirmed=1 (or 0 for a used or expired link); Auth.js's own redirects
 * (a sign-in without JavaScript) with ?error=...&code=....
 */
function announceArrival() {
  const params = new URLSearchParams(location.search);
  const confirmed = params.get('confirmed');
  const error = params.get('error');
  if (confirmed === null && error === null) return;
  history.replaceState(null, '', location.pathname);
  if (confirmed === '1') showToast(MESSAGES.emailConfirmed);
  else if (confirmed === '0') showToast(MESSAGES.confirmLinkInvalid, 'error');
  else showToast(signInErrorMessage(params.get('code')), 'error');
}

function SignInView({ onForgot }: { onForgot(): void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, disabled, onSubmit } = useFormSubmit(
    () => (!email.trim() || !password ? MESSAGES.emailAndPasswordRequired : null),
    async () => {
      await signIn(email.trim(), password);
      goHome(MESSAGES.signedIn, returnPath(location.search, location.origin));
    },
  );

  return (
    <form className="auth-card" onSubmit={onSubmit} aria-label="Sign In" noValidate>
      <h1>Sign In</h1>
      <EmailField id="login-email" value={email} onChange={setEmail} />
      <PasswordField label="Password" value={password} onChange={setPassword} autoComplete="current-password" />
      <button className="btn btn-primary" type="submit" disabled={disabled}>{busy ? 'Signing In…' : 'Sign In'}</button>
      <button className="link-button" type="button" onClick={onForgot}>Forgot Password?</button>
      <p>Don't have an account? <a href="/signup">Sign Up</a></p>
    </form>
  );
}

function ForgotPasswordView({ onBack }: { onBack(): void }) {
  const [email, setEmail] = useState('');
  const { busy, disabled, onSubmit } = useFormSubmit(() => emailProblem(email), async () => {
    showToast((await call(accountRoutes.forgotPassword, { body: { email: email.trim() } })).message);
    onBack();
  });

  return (
    <form className="auth-card" onSubmit={onSubmit} aria-label="Reset Password" noValidate>
      <h1>Reset Password</h1>
      <p className="auth-hint">Enter your email and we'll send you a link to reset your password.</p>
      <EmailField id="forgot-email" value={email} onChange={setEmail} />
      <button className="btn btn-primary" type="submit" disabled={disabled}>{busy ? 'Sending…' : 'Send Reset Link'}</button>
      <button className="link-button" type="button" onClick={onBack}>Back to Sign In</button>
    </form>
  );
}

export default function LoginForm() {
  const [view, setView] = useState<'sign-in' | 'forgot'>('sign-in');
  useEffect(announceArrival, []);
  return (
    <SessionGate require="visitor">
      {view === 'sign-in' ? <SignInView onForgot={() => setView('forgot')} /> : <ForgotPasswordView onBack={() => setView('sign-in')} />}
    </SessionGate>
  );
}
