/**
 * /profile: the e-mail with its generated avatar, my region and services, the change-password form, Wishlist alerts,
 * importing a history and downloading one's data (signed-in users only).
 */
import { useState } from 'react';
import type { SessionUser } from '../../lib/accounts/contract.ts';
import { newPasswordProblem } from '../../lib/accounts/client/rules.ts';
import { accountRoutes } from '../../lib/accounts/routes.ts';
import { call } from '../../lib/http/api-client.ts';
import { urlOf } from '../../lib/http/route.ts';
import { showToast } from '../../lib/ui/client/toast.ts';
import PasswordField from './PasswordField.tsx';
import SessionGate from './SessionGate.tsx';
import { useFormSubmit } from '../ui/useFormSubmit.ts';
import ServicesPicker from '../watch/ServicesPicker.tsx';
import AlertsToggle from '../alerts/AlertsToggle.tsx';
import ImportPanel from '../transfer/ImportPanel.tsx';
import { transferRoutes } from '../../lib/transfer/routes.ts';
import type { ExportFormat } from '../../lib/transfer/contract.ts';

const EXPORTS: { format: ExportFormat; label: string; what: string }[] = [
  { format: 'letterboxd', label: 'Letterboxd (ZIP)', what: 'ratings, Wishlist and watched films, as CSV files Letterboxd imports' },
  { format: 'trakt', label: 'Trakt (JSON)', what: 'Wishlist, ratings (1 to 10) and watched titles, as Trakt export items' },
  { format: 'json', label: 'Everything (JSON)', what: 'both lists, ratings and your whole history with its progress' },
];

/** Plain links: the download works before any script, with the session cookie. */
function DownloadMyData() {
  return (
    <section className="auth-card" aria-labelledby="export-heading">
      <h2 id="export-heading">Download my data</h2>
      <ul className="profile-rules">
        {EXPORTS.map(({ format, label, what }) => (
          <li key={format}><a href={urlOf(transferRoutes.exportData, { query: { format } })} download>{label}</a>: {what}.</li>
        ))}
      </ul>
    </section>
  );
}

function ChangePasswordForm() {
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { busy, disabled, onSubmit } = useFormSubmit(() => newPasswordProblem(password, confirm), async () => {
    showToast((await call(accountRoutes.changePassword, { body: { currentPassword, password, confirm } })).message);
    setCurrentPassword('');
    setPassword('');
    setConfirm('');
  });

  return (
    <form className="auth-card" onSubmit={onSubmit} aria-label="Change Password" noValidate>
      <h2>Change Password</h2>
      <PasswordField label="Current Password" value={currentPassword} onChange={setCurrentPassword} autoComplete="current-password" />
      <PasswordField label="New Password" value={password} onChange={setPassword} autoComplete="new-password" />
      <PasswordField label="Confirm New Password" value={confirm} onChange={setConfirm} autoComplete="new-password" />
      <button className="btn btn-primary" type="submit" disabled={disabled}>{busy ? 'Updating…' : 'Update Password'}</button>
    </form>
  );
}

function Profile({ user }: { user: SessionUser }) {
  return (
    <div className="profile">
      <section className="auth-card" aria-label="Account">
        <h1>Profile</h1>
        <div className="profile-head">
          <img className="profile-avatar" src={urlOf(accountRoutes.avatar, { query: { v: user.id } })} alt="Your avatar" width="72" height="72" />
          <div>
            <p>Email</p>
            <p className="profile-email" data-testid="profile-email">{user.email}</p>
          </div>
        </div>
      </section>
      <section className="auth-card" aria-labelledby="where-i-watch">
        <h2 id="where-i-watch">Where I Watch</h2>
        <ServicesPicker />
      </section>
      <ChangePasswordForm />
      <AlertsToggle />
      <ImportPanel />
      <DownloadMyData />
    </div>
  );
}

export default function ProfileView() {
  return <SessionGate require="user">{(user) => user && <Profile user={user} />}</SessionGate>;
}
