/** /signup: e-mail, password and confirmation; the account is active once the e-mailed link is opened. */
import { useState } from 'react';
import { MESSAGES } from '../../lib/accounts/client/messages.ts';
import { emailProblem } from '../../lib/accounts/client/rules.ts';
import { accountRoutes } from '../../lib/accounts/routes.ts';
import { call } from '../../lib/http/api-client.ts';
import EmailField from './EmailField.tsx';
import PasswordField from './PasswordField.tsx';
import SessionGate from './SessionGate.tsx';
import { goHome, useFormSubmit } from '../ui/useFormSubmit.ts';

export default function SignUpForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { busy, disabled, onSubmit } = useFormSubmit(
    // Spec 5: only the match and the e-mail are checked here; other rules come back from the server.
    () => emailProblem(email) ?? (password !== confirm ? MESSAGES.passwordsDoNotMatch : null),
    async () => goHome((await call(accountRoutes.signUp, { body: { email: email.trim(), password, confirm } })).message),
  );

  return (
    <SessionGate require="visitor">
      <form className="auth-card" onSubmit={onSubmit} aria-label="Sign Up" noValidate>
        <h1>Sign Up</h1>
        <EmailField id="signup-email" value={email} onChange={setEmail} />
        <PasswordField label="Password" value={password} onChange={setPassword} autoComplete="new-password" />
        <PasswordField label="Confirm Password" value={confirm} onChange={setConfirm} autoComplete="new-password" />
        <button className="btn btn-primary" type="submit" disabled={disabled}>{busy ? 'Signing Up…' : 'Sign Up'}</button>
        <p>Already have an account? <a href="/login">Sign In</a></p>
      </form>
    </SessionGate>
  );
}
