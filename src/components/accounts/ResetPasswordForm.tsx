/** /reset-password?token=...: the new password from the e-mailed link; then signed in and sent home. */
import { useState, type FormEvent } from 'react';
import { postJson } from '../../lib/accounts/client.ts';
import { newPasswordProblem } from '../../lib/accounts/rules.ts';
import { showToast, toastAfterNavigation } from '../../lib/ui/toast.ts';
import PasswordField from './PasswordField.tsx';

export default function ResetPasswordForm() {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = newPasswordProblem(password, confirm);
    if (problem) return showToast(problem, 'error');
    setBusy(true);
    try {
      const token = new URLSearchParams(location.search).get('token') ?? '';
      toastAfterNavigation(await postJson('/api/accounts/reset-password', { token, password, confirm }));
      window.location.assign('/');
    } catch (error) {
      showToast((error as Error).message, 'error');
      setBusy(false);
    }
  }

  return (
    <form className="auth-card" onSubmit={submit} aria-label="Reset Password" noValidate>
      <h1>Reset Password</h1>
      <PasswordField label="New Password" value={password} onChange={setPassword} autoComplete="new-password" />
      <PasswordField label="Confirm New Password" value={confirm} onChange={setConfirm} autoComplete="new-password" />
      <button className="btn btn-primary" type="submit" disabled={busy}>{busy ? 'Saving…' : 'Reset Password'}</button>
    </form>
  );
}
