/** /reset-password?token=...: the new password from the e-mailed link; then signed in and sent home. */
import { useState } from 'react';
import { newPasswordProblem } from '../../lib/accounts/client/rules.ts';
import { accountRoutes } from '../../lib/accounts/routes.ts';
import { call } from '../../lib/http/api-client.ts';
import { usePreHydrationChanges } from '../../lib/islands/client/pre-hydration.ts';
import PasswordField from './PasswordField.tsx';
import { goHome, useFormSubmit } from '../ui/useFormSubmit.ts';

export default function ResetPasswordForm() {
  // What was typed before hydration is the form's starting state (the markup already shows it).
  const { id, changed } = usePreHydrationChanges();
  const [password, setPassword] = useState(() => changed.get('password') ?? '');
  const [confirm, setConfirm] = useState(() => changed.get('confirm') ?? '');
  const { busy, disabled, onSubmit } = useFormSubmit(() => newPasswordProblem(password, confirm), async () => {
    const token = new URLSearchParams(location.search).get('token') ?? '';
    goHome((await call(accountRoutes.resetPassword, { body: { token, password, confirm } })).message);
  });

  return (
    <form id={id} className="auth-card" onSubmit={onSubmit} aria-label="Reset Password" noValidate>
      <h1>Reset Password</h1>
      <PasswordField label="New Password" name="password" value={password} onChange={setPassword} autoComplete="new-password" />
      <PasswordField label="Confirm New Password" name="confirm" value={confirm} onChange={setConfirm} autoComplete="new-password" />
      <button className="btn btn-primary" type="submit" disabled={disabled}>{busy ? 'Saving…' : 'Reset Password'}</button>
    </form>
  );
}
