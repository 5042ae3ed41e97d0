/** /reset-password?token=...: the new password from the e-mailed link; then signed in and sent home. */
import { useState } from 'react';
import { postJson } from '../../lib/accounts/client.ts';
import { newPasswordProblem } from '../../lib/accounts/rules.ts';
import PasswordField from './PasswordField.tsx';
import { goHome, useFormSubmit } from '../ui/useFormSubmit.ts';

export default function ResetPasswordForm() {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { busy, disabled, onSubmit } = useFormSubmit(() => newPasswordProblem(password, confirm), async () => {
    const token = new URLSearchParams(location.search).get('token') ?? '';
    goHome(await postJson('/api/accounts/reset-password', { token, password, confirm }));
  });

  return (
    <form className="auth-card" onSubmit={onSubmit} aria-label="Reset Password" noValidate>
      <h1>Reset Password</h1>
      <PasswordField label="New Password" value={password} onChange={setPassword} autoComplete="new-password" />
      <PasswordField label="Confirm New Password" value={confirm} onChange={setConfirm} autoComplete="new-password" />
      <button className="btn btn-primary" type="submit" disabled={disabled}>{busy ? 'Saving…' : 'Reset Password'}</button>
    </form>
  );
}
