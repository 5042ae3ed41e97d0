/** A loud banner while a demo account's README password still works on this (production) deployment. */
import { useEffect, useState } from 'react';
import { call } from '../../lib/http/api-client.ts';
import { adminRoutes } from '../../lib/admin/routes.ts';

export default function SecurityBanner() {
  const [open, setOpen] = useState<string[]>([]);
  useEffect(() => {
    call(adminRoutes.securityStatus).then((status) => setOpen(status.demoAccountsWithKnownPasswords), () => {});
  }, []);
  if (!open.length) return null;
  return (
    <p className="admin-banner error" role="alert" data-testid="security-banner">
      <strong>Security: </strong>{open.join(', ')} still {open.length === 1 ? 'accepts' : 'accept'} the demo password printed in the
      README, so anyone can sign in. Change the password or delete the account; create your own admin
      with <code>npm run create-admin -- you@example.com</code>.
    </p>
  );
}
