import { loginHref } from '../../lib/accounts/client/return-path.ts';

/** What a visitor sees on a personal page: the spec's message and a Login button that comes back here after sign-in. */
export default function SignedOutNotice({ message }: { message: string }) {
  return (
    <div className="signed-out-notice">
      <p>{message}</p>
      <a className="btn btn-primary" href={loginHref(window.location.pathname)}>Login</a>
    </div>
  );
}
