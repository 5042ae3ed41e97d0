/** /profile: the e-mail with its generated avatar, and the change-password form (signed-in users only). */
import { useState, type FormEvent } from 'react';
import type { SessionUser } from '../../lib/accounts/guards.ts';
import { postJson } from '../../lib/accounts/client.ts';
import { newPasswordProblem } from '../../lib/accounts/rules.ts';
import { showToast } from '../../lib/ui/toast.ts';
import PasswordField from './PasswordField.tsx';
import SessionGate from './SessionGate.tsx';

function ChangePasswordForm() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = newPasswordProblem(password, confirm);
    if (problem) return showToast(problem, 'error');
    setBusy(true);
    try {
      showToast(await postJson('/api/me/password', { currentPassword, password, confirm }));
      setCurrentPassword('');
      setPassword('');
      setConfirm('');
    } catch (error) {
      showToast((error as Error).message, 'error');
    }
    setBusy(false);
  }

  return (
    <form className="auth-card" onSubmit={submit} aria-label="Change Password" noValidate>
      <h2>Change Password</h2>
      <PasswordField label="Current Password" value={currentPassword} onChange={setCurrentPassword} autoComplete="current-password" />
      <PasswordField label="New Password" value={password} onChange={setPassword} autoComplete="new-password" />
      <PasswordField label="Confirm New Password" value={confirm} onChange={setConfirm} autoComplete="new-password" />
      <button className="btn btn-primary" type="submit" disabled={busy}>{busy ? 'Updating…' : 'Update Password'}</button>
    </form>
  );
}

function Profile({ user }: { user: SessionUser }) {
  return (
    <div className="profile">
      <section className="auth-card" aria-label="Account">
        <h1>Profile</h1>
        <div className="profile-head">
          <img className="profile-avatar" src={`/api/me/avatar.svg?v=${encodeURIComponent(user.id)}`} alt="Your avatar" width="72" height="72" />
          <div>
            <p>Email</p>
            <p className="profile-email" data-testid="profile-email">{user.email}</p>
          </div>
        </div>
      </section>
      <ChangePasswordForm />
    </div>
  );
}

export default function ProfileView() {
  return <SessionGate require="user">{(user) => user && <Profile user={user} />}</SessionGate>;
}
