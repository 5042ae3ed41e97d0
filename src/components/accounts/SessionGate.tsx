/**
 * Client-side page guard: a spinner while the session resolves, then either the page or a redirect home
 * (spec 4: signed-in users leave /login and /signup; visitors leave /profile; non-admins leave /admin).
 *
 *   <SessionGate require="user">{(user) => <MyList user={user} />}</SessionGate>
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import type { SessionUser } from '../../lib/accounts/contract.ts';
import { $session, guardRedirect, type SessionRequirement } from '../../lib/accounts/client/session-store.ts';

interface Props {
  require: SessionRequirement;
  children: ReactNode | ((user: SessionUser | null) => ReactNode);
}

export default function SessionGate({ require, children }: Props) {
  const session = useStore($session);
  // The server renders the spinner; so must the first browser render, even if the header already knows the session.
  const [hydrated, setHydrated] = useState(false);
  const redirect = guardRedirect(require, session);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (redirect) window.location.replace(redirect);
  }, [redirect]);

  if (!hydrated || session === 'loading' || redirect) {
    return <div className="admin-loading" role="status"><span className="spinner" aria-hidden="true" /> Loading…</div>;
  }
  return <>{typeof children === 'function' ? children(session?.user ?? null) : children}</>;
}
